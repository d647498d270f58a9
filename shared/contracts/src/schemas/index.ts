export * from './common';
export * from './user';
export * from './auth';
export * from './seo';
export * from './messages';
export * from './system';
export * from './content';
export * from './mail';
export * from './audience';
export * from './deliveries';
export * from './reports';
export * from './audit';
export * from './webhooks';
// Last: its new property names must not change the order the API report prints the earlier types' properties in.
export * from './releases';

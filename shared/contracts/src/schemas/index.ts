export * from './common';
export * from './user';
export * from './auth';
export * from './seo';
export * from './messages';
export * from './system';
export * from './content';
export * from './mail';

export * from './common';
export * from './user';
export * from './auth';
export * from './seo';

export * from './auth';
export * from './users';
export * from './seo';
export * from './articles';
export * from './categories';
export * from './uploads';
export * from './public-content';

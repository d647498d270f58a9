export * from './routes';
export * from './access';
export * from './errors';
export * from './validation';
export * from './federation';
export * from './locale';
export type * from './schemas/types';
export * from './audience';
export * from './reports';

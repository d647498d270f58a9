export * from './routes';
export * from './access';
export * from './errors';
export * from './validation';
export type * from './schemas/types';

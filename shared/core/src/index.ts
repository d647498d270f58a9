export * from './runtime-config';
export * from './auth-store';
export * from './effects';
export * from './i18n';
export * from './http';
export * from './error-handler';
export * from './navigation';
export * from './api/index';

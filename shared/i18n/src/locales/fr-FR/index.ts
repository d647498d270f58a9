export { common } from './common';
export { errors } from './errors';
export { auth } from './auth';
export { chrome } from './chrome';

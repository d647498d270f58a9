export { common } from './common';
export { errors } from './errors';
export { auth } from './auth';
export { admin } from './admin';
export { publicSite } from './public';

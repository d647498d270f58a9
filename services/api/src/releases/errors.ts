import { AppError } from '../errors';

/**
 * Why a release command was refused; each has its status and stable code (the API's own), the message says what
 * to do. invalid-build 400 VALIDATION_ERROR; not-found 404 NOT_FOUND; incompatible, no-previous, removed, smoke (its
 * server build failed the smoke render), changed (by another command meanwhile) 409 CONFLICT.
 */
export type ReleaseRefusal = 'invalid-build' | 'not-found' | 'incompatible' | 'no-previous' | 'removed' | 'smoke' | 'changed';

const STATUS: Record<ReleaseRefusal, [number, 'VALIDATION_ERROR' | 'NOT_FOUND' | 'CONFLICT']> = {
  'invalid-build': [400, 'VALIDATION_ERROR'],
  'not-found': [404, 'NOT_FOUND'],
  incompatible: [409, 'CONFLICT'],
  'no-previous': [409, 'CONFLICT'],
  removed: [409, 'CONFLICT'],
  smoke: [409, 'CONFLICT'],
  changed: [409, 'CONFLICT'],
};

export class ReleaseError extends AppError {
  constructor(
    readonly refusal: ReleaseRefusal,
    message: string,
  ) {
    const [status, code] = STATUS[refusal];
    super(status, code, { message });
  }
}

import { ERROR_MESSAGES, type ErrorCode, type FieldError } from '@vitrine/contracts';

/** The one error hierarchy: a status, a stable code from contracts and a user-safe message. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    options: { message?: string; errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(options.message ?? ERROR_MESSAGES[code]);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export class BadRequestError extends AppError {
  constructor(code: ErrorCode = 'VALIDATION_ERROR', errors?: FieldError[]) {
    super(400, code, errors ? { errors } : {});
  }
}

export class UnauthorizedError extends AppError {
  constructor(code: Extract<ErrorCode, 'UNAUTHORIZED' | 'SESSION_EXPIRED' | 'INVALID_CREDENTIALS'> = 'UNAUTHORIZED') {
    super(401, code);
  }
}

export class ForbiddenError extends AppError {
  constructor(code: ErrorCode = 'ACCESS_DENIED') {
    super(403, code);
  }
}

export class NotFoundError extends AppError {
  constructor(code: Extract<ErrorCode, 'NOT_FOUND' | 'USER_NOT_FOUND' | 'INVALID_RESET_LINK'> = 'NOT_FOUND') {
    super(404, code);
  }
}

export class ConflictError extends AppError {
  constructor(code: ErrorCode = 'CONFLICT') {
    super(409, code);
  }
}

export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number, code: Extract<ErrorCode, 'RATE_LIMITED' | 'TOO_MANY_ATTEMPTS'> = 'RATE_LIMITED') {
    super(429, code, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(
    code: Extract<ErrorCode, 'SERVICE_UNAVAILABLE' | 'DATABASE_UNAVAILABLE' | 'SERVER_BUSY' | 'SHUTTING_DOWN'> = 'SERVICE_UNAVAILABLE',
    retryAfterSeconds = 5,
  ) {
    super(503, code, { headers: { 'retry-after': String(retryAfterSeconds) } });
  }
}

/** The database could not be reached, was lost or did not answer in time (db/faults.ts); `cause` keeps the driver's error for the log. */
export class DatabaseUnavailableError extends ServiceUnavailableError {
  constructor(cause?: unknown) {
    super('DATABASE_UNAVAILABLE');
    if (cause !== undefined) this.cause = cause;
  }
}

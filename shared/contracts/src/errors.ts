/** Stable error codes of the API. Code branches on these, never on message text. */
export const ERROR_CODES = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  MALFORMED_JSON: 'MALFORMED_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_INACTIVE: 'ACCOUNT_INACTIVE',
  ACCOUNT_BLOCKED: 'ACCOUNT_BLOCKED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  ACCESS_DENIED: 'ACCESS_DENIED',
  FIRST_ACCESS_REQUIRED: 'FIRST_ACCESS_REQUIRED',
  NOT_FOUND: 'NOT_FOUND',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  EMAIL_ALREADY_REGISTERED: 'EMAIL_ALREADY_REGISTERED',
  CANNOT_DELETE_SELF: 'CANNOT_DELETE_SELF',
  CANNOT_CHANGE_OWN_STATUS: 'CANNOT_CHANGE_OWN_STATUS',
  CURRENT_PASSWORD_INCORRECT: 'CURRENT_PASSWORD_INCORRECT',
  CURRENT_PASSWORD_REQUIRED: 'CURRENT_PASSWORD_REQUIRED',
  ACCESS_NOT_HELD: 'ACCESS_NOT_HELD',
  TARGET_ACCESS_NOT_HELD: 'TARGET_ACCESS_NOT_HELD',
  ADMIN_ONLY: 'ADMIN_ONLY',
  SCRIPT_MARKUP_ADMIN_ONLY: 'SCRIPT_MARKUP_ADMIN_ONLY',
  PASSWORD_FIELDS_REQUIRED: 'PASSWORD_FIELDS_REQUIRED',
  PASSWORDS_DO_NOT_MATCH: 'PASSWORDS_DO_NOT_MATCH',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  INVALID_CODE: 'INVALID_CODE',
  INVALID_CODE_OR_EMAIL: 'INVALID_CODE_OR_EMAIL',
  CODE_EXPIRED: 'CODE_EXPIRED',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  SIGN_IN_CODE_REQUIRED: 'SIGN_IN_CODE_REQUIRED',
  INVALID_RESET_LINK: 'INVALID_RESET_LINK',
  RATE_LIMITED: 'RATE_LIMITED',
  ARTICLE_TITLE_TAKEN: 'ARTICLE_TITLE_TAKEN',
  CONFLICT: 'CONFLICT',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  SERVER_BUSY: 'SERVER_BUSY',
  SHUTTING_DOWN: 'SHUTTING_DOWN',
  FILE_REQUIRED: 'FILE_REQUIRED',
  URL_TOO_LONG: 'URL_TOO_LONG',
  MALFORMED_URL: 'MALFORMED_URL',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  MALFORMED_REQUEST: 'MALFORMED_REQUEST',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  INVALID_PHOTO: 'INVALID_PHOTO',
  SUBMISSION_REFUSED: 'SUBMISSION_REFUSED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The English wording the API sends; the screens translate by code (i18n key errors.<CODE>). */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Some fields are invalid',
  MALFORMED_JSON: 'The request body is not valid JSON',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  INVALID_CREDENTIALS: 'Invalid credentials',
  ACCOUNT_INACTIVE: 'Account is inactive',
  ACCOUNT_BLOCKED: 'Account is blocked',
  UNAUTHORIZED: 'Unauthorized',
  SESSION_EXPIRED: 'Your session has expired for security reasons. Please log in again to continue.',
  ACCESS_DENIED: 'Access denied',
  FIRST_ACCESS_REQUIRED: 'Choose a new password before continuing',
  NOT_FOUND: 'Not found',
  USER_NOT_FOUND: 'User not found',
  EMAIL_ALREADY_REGISTERED: 'Email already registered',
  CANNOT_DELETE_SELF: 'You cannot delete yourself',
  CANNOT_CHANGE_OWN_STATUS: 'You cannot change your own status',
  CURRENT_PASSWORD_INCORRECT: 'Current password is incorrect',
  CURRENT_PASSWORD_REQUIRED: 'Give your current password to change an email',
  ACCESS_NOT_HELD: 'You cannot grant or remove an access you do not hold',
  TARGET_ACCESS_NOT_HELD: 'This user holds an access you do not hold: only an administrator or someone holding all of their accesses can change their email',
  ADMIN_ONLY: 'Only an administrator can change an administrator',
  SCRIPT_MARKUP_ADMIN_ONLY: 'Only an administrator can save markup that runs code: scripts, frames, event handlers and javascript: addresses',
  PASSWORD_FIELDS_REQUIRED: 'All password fields must be filled',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  WEAK_PASSWORD: 'Your password is weak',
  INVALID_CODE: 'Invalid code',
  INVALID_CODE_OR_EMAIL: 'Invalid code or user email',
  CODE_EXPIRED: 'The code has expired. Request a new one.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Please try again later.',
  SIGN_IN_CODE_REQUIRED: 'This account had many failed sign-ins: enter the code we emailed you along with your password.',
  INVALID_RESET_LINK: 'This link is invalid or has expired',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  ARTICLE_TITLE_TAKEN: 'An article with that title already exists',
  CONFLICT: 'The record was changed by someone else',
  SERVICE_UNAVAILABLE: 'Service unavailable',
  DATABASE_UNAVAILABLE: 'The database is not answering right now. Please try again in a few seconds.',
  SERVER_BUSY: 'The server is busy. Please try again in a few seconds.',
  SHUTTING_DOWN: 'The server is restarting. Please try again in a few seconds.',
  FILE_REQUIRED: 'Choose an image file to upload (multipart field "file")',
  URL_TOO_LONG: 'The address is too long',
  MALFORMED_URL: 'The address is not valid',
  HEADERS_TOO_LARGE: 'The request headers are too large',
  MALFORMED_REQUEST: 'The request is not valid HTTP',
  REQUEST_TIMEOUT: 'The request took too long to arrive',
  INVALID_PHOTO: 'The photo must be an image you uploaded',
  SUBMISSION_REFUSED: 'We could not accept this submission. Please reach us another way.',
  INTERNAL_ERROR: 'An unexpected error has occurred. Please try again later.',
};

/** One field error: property path and { rule: text } (e.g. { isNotEmpty: 'email is required' }). */
export interface FieldError {
  property: string;
  message: Record<string, string>;
}

/** The error envelope every failing call answers with. */
export interface ErrorEnvelope {
  error: true;
  statusCode: number;
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
}

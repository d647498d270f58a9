import type { AxiosError } from 'axios';
import type { ErrorCode, ErrorEnvelope, FieldError } from '@vitrine/contracts';
import { authStore } from './auth-store';
import { effects } from './effects';
import { i18n } from './i18n';

export interface HandledError {
  error: true;
  message: string;
  code: ErrorCode | string | undefined;
  statusCode?: number;
  errors?: FieldError[];
}

/** Field rules the screens know how to say in the user's language. */
const RULE_KEYS: Record<string, string> = {
  isNotEmpty: 'errors:required',
  isEmail: 'errors:invalidEmail',
  isUrl: 'errors:invalidUrl',
};

function translateCode(code: string | undefined, fallback: string): string {
  if (!code || code === 'VALIDATION_ERROR') return fallback;
  const key = `errors:${code}`;
  return i18n.exists(key) ? i18n.t(key) : fallback;
}

function fieldMessage(item: FieldError): string | undefined {
  const messages = item.message ?? {};
  const rule = ['isNotEmpty', 'isEnum', ...Object.keys(messages)].find((name) => messages[name]);
  if (!rule) return undefined;
  const key = RULE_KEYS[rule];
  return key && i18n.exists(key) ? i18n.t(key, { field: item.property }) : messages[rule];
}

/** axios' own test, without importing axios (it loads on demand, see ./http). */
export function isHttpError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

let expiring = false;

/**
 * The common error handler: hides the loading indicator; on 401
 * warns, clears the session and returns to login; otherwise the first field
 * error (isNotEmpty, then isEnum, then any other rule), else the response
 * message, else the error's own message, else the default text.
 */
export function handleError(error: unknown): HandledError {
  effects.hideLoading();
  const fallback = i18n.t('common:errors.default');
  const response = isHttpError(error) ? error.response : undefined;
  const body = (response?.data ?? {}) as Partial<ErrorEnvelope>;
  const code = body.code;

  if (response?.status === 401) {
    const message = body.message ? translateCode(code, body.message) : fallback;
    const hadSession = Boolean(authStore.getState().authToken);
    authStore.getState().clear();
    if (hadSession && !expiring) {
      expiring = true;
      const text = code === 'SESSION_EXPIRED' ? i18n.t('common:session.expired') : message;
      void effects.warn(i18n.t('common:session.warningTitle'), text).finally(() => {
        expiring = false;
      });
      effects.goToLogin();
    }
    return { error: true, message, code, statusCode: 401 };
  }

  let message: string;
  if (Array.isArray(body.errors) && body.errors.length > 0 && body.errors[0]) {
    message = fieldMessage(body.errors[0]) ?? fallback;
  } else if (body.message) {
    message = translateCode(code, body.message);
  } else if (!response && error instanceof Error && error.message) {
    message = isHttpError(error) ? fallback : error.message;
  } else {
    message = fallback;
  }
  return { error: true, message, code, statusCode: response?.status, errors: body.errors };
}

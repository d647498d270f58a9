import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import type { User } from '@vitrine/contracts';
import { authStore } from './auth-store';
import { configureEffects, effects, type CoreEffects } from './effects';
import { handleError } from './error-handler';
import { i18n, loadTexts, setLanguage } from './i18n';

function httpError(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config };
  return new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
}

/** Lets the warning dialog's promise settle (the handler warns once per expiry). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const user = { id: 1, email: 'ana@vitrine.com.br', status: 'active' } as User;
const original: CoreEffects = { ...effects };

describe('handleError', () => {
  let warn: jest.Mock<Promise<void>, [string, string]>;
  let goToLogin: jest.Mock<void, []>;
  let hideLoading: jest.Mock<void, []>;

  beforeAll(async () => {
    await i18n.changeLanguage('pt-BR');
    await loadTexts(['errors']); // in the product they come with the API client (./http)
  });
  beforeEach(() => {
    localStorage.clear();
    authStore.getState().clear();
    warn = jest.fn<Promise<void>, [string, string]>(() => Promise.resolve());
    goToLogin = jest.fn<void, []>();
    hideLoading = jest.fn<void, []>();
    configureEffects({ warn, goToLogin, hideLoading });
  });
  afterAll(() => configureEffects(original));

  it('hides the loading indicator and falls back to the default message', () => {
    const result = handleError(httpError(500, {}));
    expect(hideLoading).toHaveBeenCalledTimes(1);
    expect(result).toEqual({ error: true, message: i18n.t('common:errors.default'), code: undefined, statusCode: 500, errors: undefined });
  });

  it('a network failure (no response) gives the default message, not axios wording', () => {
    const result = handleError(new AxiosError('Network Error', AxiosError.ERR_NETWORK));
    expect(result.message).toBe(i18n.t('common:errors.default'));
  });

  it('on 401 with a session: warns, clears the session and returns to login', async () => {
    authStore.getState().signIn(user, 'token-1');
    const result = handleError(httpError(401, { error: true, statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' }));

    expect(result).toEqual({ error: true, message: i18n.t('errors:UNAUTHORIZED'), code: 'UNAUTHORIZED', statusCode: 401 });
    expect(authStore.getState().authToken).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(warn).toHaveBeenCalledWith(i18n.t('common:session.warningTitle'), i18n.t('errors:UNAUTHORIZED'));
    expect(goToLogin).toHaveBeenCalledTimes(1);
    await settle();
  });

  it('an expired session is told with the session-expired text', async () => {
    authStore.getState().signIn(user, 'token-1');
    handleError(httpError(401, { code: 'SESSION_EXPIRED', message: 'expired' }));
    expect(warn).toHaveBeenCalledWith(i18n.t('common:session.warningTitle'), i18n.t('common:session.expired'));
    await settle();
  });

  it('a 401 without a message uses the default text', async () => {
    authStore.getState().signIn(user, 'token-1');
    const result = handleError(httpError(401, {}));
    expect(result.message).toBe(i18n.t('common:errors.default'));
    expect(warn).toHaveBeenCalledWith(i18n.t('common:session.warningTitle'), i18n.t('common:errors.default'));
    await settle();
  });

  it('several 401s at once warn only once', async () => {
    authStore.getState().signIn(user, 'token-1');
    handleError(httpError(401, { code: 'UNAUTHORIZED', message: 'Unauthorized' }));
    authStore.getState().signIn(user, 'token-2');
    handleError(httpError(401, { code: 'UNAUTHORIZED', message: 'Unauthorized' }));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(authStore.getState().authToken).toBeNull();
    await settle();
  });

  it('a 401 from login itself (no session) does not warn nor navigate', () => {
    const result = handleError(httpError(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' }));
    expect(result.message).toBe(i18n.t('errors:INVALID_CREDENTIALS'));
    expect(warn).not.toHaveBeenCalled();
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it("uses the first field error's isNotEmpty before isEnum", () => {
    const result = handleError(
      httpError(400, {
        code: 'VALIDATION_ERROR',
        message: 'Some fields are invalid',
        errors: [
          { property: 'type', message: { isEnum: 'type must be one of admin, manager', isNotEmpty: 'type should not be empty' } },
          { property: 'email', message: { isEmail: 'email must be an email' } },
        ],
      }),
    );
    expect(result.message).toBe(i18n.t('errors:required'));
    expect(result.code).toBe('VALIDATION_ERROR');
    expect(result.errors).toHaveLength(2);
  });

  it('uses isEnum before any other rule of the first item', () => {
    const result = handleError(
      httpError(400, { errors: [{ property: 'status', message: { maxLength: 'status is too long', isEnum: 'status must be active or inactive' } }] }),
    );
    expect(result.message).toBe('status must be active or inactive');
  });

  it('an empty errors array falls through to the default text', () => {
    expect(handleError(httpError(400, { errors: [] })).message).toBe(i18n.t('common:errors.default'));
  });

  it('uses the response message, translated by code when the code is known', () => {
    expect(handleError(httpError(403, { code: 'ACCOUNT_BLOCKED', message: 'Account is blocked' }))).toEqual(
      expect.objectContaining({ error: true, message: i18n.t('errors:ACCOUNT_BLOCKED'), code: 'ACCOUNT_BLOCKED', statusCode: 403 }),
    );
    expect(handleError(httpError(409, { code: 'SOMETHING_NEW', message: 'A message from the server' })).message).toBe(
      'A message from the server',
    );
  });

  it('follows the language of the interface', async () => {
    await setLanguage('en-US');
    try {
      expect(handleError(httpError(400, { code: 'INVALID_CREDENTIALS', message: 'x' })).message).toBe('Invalid credentials.');
    } finally {
      await i18n.changeLanguage('pt-BR');
    }
    expect(handleError(httpError(400, { code: 'INVALID_CREDENTIALS', message: 'x' })).message).toBe('Credenciais inválidas.');
  });

  it("uses an ordinary error's own message", () => {
    expect(handleError(new Error('boom'))).toEqual(expect.objectContaining({ error: true, message: 'boom', code: undefined }));
    expect(handleError('not an error').message).toBe(i18n.t('common:errors.default'));
  });
});

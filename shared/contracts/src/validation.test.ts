import { checkNewPassword, isStrongPassword, isValidEmail, passwordPolicy } from './validation';
import { buildPath, PUBLIC_ROUTES } from './routes';
import { canOpenRoute } from './access';

describe('validation', () => {
  it.each([
    ['ana.silva@empresa.com.br', true],
    ['a_b-c@x.io', true],
    ['nome@dominio', false],
    ['nome@dominio.comercial', false],
    ['nome+tag@dominio.com', false],
    ['@dominio.com', false],
  ])('email %s → %s', (email, ok) => expect(isValidEmail(email)).toBe(ok));

  it('reports every policy item', () => {
    expect(passwordPolicy('abc')).toEqual({ length: false, number: false, special: false, lowercase: true, uppercase: false });
    expect(isStrongPassword('Abcdef1!')).toBe(true);
  });

  it('orders password problems: fields, strength, match', () => {
    expect(checkNewPassword({ current: '', password: 'Abcdef1!', confirm: 'Abcdef1!' }, true)).toBe('PASSWORD_FIELDS_REQUIRED');
    expect(checkNewPassword({ password: 'weak', confirm: 'weak' }, false)).toBe('WEAK_PASSWORD');
    expect(checkNewPassword({ password: 'Abcdef1!', confirm: 'Abcdef1?' }, false)).toBe('PASSWORDS_DO_NOT_MATCH');
    expect(checkNewPassword({ current: 'x', password: 'Abcdef1!', confirm: 'Abcdef1!' }, true)).toBeNull();
  });
});

describe('routes and access', () => {
  it('builds paths dropping missing optional params', () => {
    expect(buildPath(PUBLIC_ROUTES.post, { uniqueKey: 'meu-post', id: 3 })).toBe('/post/meu-post/3');
    expect(buildPath(PUBLIC_ROUTES['list-article-results'])).toBe('/list-article-results');
    expect(buildPath(PUBLIC_ROUTES.home)).toBe('/');
  });

  it('allows a route only when a role lists it; settings-profile is open to all', () => {
    const roles = [{ name: 'dashboard', active_routes: ['dashboard'] }];
    expect(canOpenRoute(roles, 'dashboard')).toBe(true);
    expect(canOpenRoute(roles, 'users')).toBe(false);
    expect(canOpenRoute([], 'settings-profile')).toBe(true);
  });
});

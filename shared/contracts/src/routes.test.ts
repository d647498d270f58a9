import { isSeoPage, matchRoute } from './routes';

describe('matchRoute', () => {
  it.each([
    ['/', 'home'],
    ['/blog', 'blog'],
    ['/blog/', 'blog'],
    ['/post/abc123/42', 'post'],
    ['/post', 'post'],
    ['/list-article-results/design', 'list-article-results'],
    ['/reset-password/3/key', 'reset-password'],
    ['/admin', 'dashboard'],
    ['/admin/dashboard', 'dashboard'],
    ['/admin/compose/key/7', 'compose'],
    ['/faq', 'faq'],
  ])('%s opens %s', (path, name) => {
    expect(matchRoute(path)).toBe(name);
  });

  it.each(['/nope', '/blog/extra', '/post/a/1/2', '/admin/nope', '/admin/users/1', '/wp-login.php', '//', '/blog//'])('%s is unknown', (path) => {
    expect(matchRoute(path)).toBeUndefined();
  });
});

describe('isSeoPage', () => {
  it('is true for public pages only', () => {
    expect(['/', '/blog', '/post/k/1', '/profile/k/2', '/contact', '/faq/x'].every(isSeoPage)).toBe(true);
    expect(['/admin', '/admin/seo', '/login', '/recover-password', '/reset-password/1/k', '/first-access', '/verify-account', '/logout', '/error-forbidden', '/nope'].some(isSeoPage)).toBe(false);
  });
});

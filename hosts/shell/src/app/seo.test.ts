/**
 * @jest-environment-options {"runScripts": "dangerously"}
 */
import { injectSeo } from './seo';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

test('head markup goes into the head and runs its scripts; body markup goes first in the body', () => {
  document.body.innerHTML = '<div id="root"></div>';
  injectSeo([
    { head_markup: '<meta name="vt-test" content="1"><script>window.__seoRan = (window.__seoRan || 0) + 1;</script>', body_markup: '<noscript id="gtm">tag</noscript>' },
    { head_markup: '', body_markup: '<div id="second"></div>' },
  ]);
  expect(document.head.querySelector('meta[name="vt-test"]')).not.toBeNull();
  expect((window as unknown as { __seoRan?: number }).__seoRan).toBe(1);
  const ids = Array.from(document.body.children).map((el) => el.id);
  expect(ids).toEqual(['gtm', 'second', 'root']);
});

test('once the markup is in the document, only a page that must not carry it is left by a new document', async () => {
  jest.resetModules();
  const seo = await import('./seo');
  expect(seo.leavesSeoMarkup('/login')).toBe(false); // no markup yet: an in-app navigation
  seo.markSeoApplied(); // a server-rendered public page carries it
  expect(seo.leavesSeoMarkup('/blog')).toBe(false);
  expect(seo.leavesSeoMarkup('/login')).toBe(true);
  expect(seo.leavesSeoMarkup('/admin/dashboard')).toBe(true);
  expect(seo.seoPending('/admin/dashboard')).toBe(true); // the root loader runs again to leave
  expect(seo.seoPending('/blog')).toBe(false);
});

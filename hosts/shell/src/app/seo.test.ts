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

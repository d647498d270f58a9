import type { SeoEntry } from '@vitrine/contracts';
import { createInput, entrySummary, isDirty, linesOf, NON_SEO_PAGE_ROUTES, SEO_PAGE_ROUTES, summarizeMarkup, tagCounts, updateInput, valuesOf } from './seo-view';

const GTM_HEAD = `<!-- Google Tag Manager -->
<script>(function(w,d,s,l,i){w[l]=w[l]||[];var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','GTM-X');</script>
<!-- End Google Tag Manager -->
<meta name="google-site-verification" content="abc">
<link rel="preconnect" href="https://fonts.example.org">
<style>body{background:url(https://cdn.example.net/bg.png)}</style>`;
const GTM_BODY = '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X" height="0" width="0" style="display:none"></iframe></noscript>';

const entry: SeoEntry = {
  id: 1,
  unique_key: 'k1',
  name: 'Analytics',
  head_markup: GTM_HEAD,
  body_markup: GTM_BODY,
  active: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

describe('the SEO markup, read as text', () => {
  it('counts scripts (inline and loaded), meta, link, style, noscript and iframe tags; comments and script code are not tags', () => {
    const head = summarizeMarkup(`${GTM_HEAD}<script async src="https://tags.example.com/t.js"></script><script>document.write('<img src=x>')</script>`, 'head');
    expect(head.tags).toEqual({ script: 3, meta: 1, link: 1, style: 1, noscript: 0, iframe: 0, img: 0 });
    expect([head.inlineScripts, head.externalScripts, head.otherTags]).toEqual([2, 1, 0]);
    expect(tagCounts(head)).toEqual([
      { tag: 'script', count: 3 },
      { tag: 'meta', count: 1 },
      { tag: 'link', count: 1 },
      { tag: 'style', count: 1 },
    ]);
    const body = summarizeMarkup(GTM_BODY, 'body');
    expect(tagCounts(body)).toEqual([
      { tag: 'noscript', count: 1 },
      { tag: 'iframe', count: 1 },
    ]);
  });

  it('names the hosts it refers to, and those only its code loads from (the pages’ policy blocks them)', () => {
    const head = summarizeMarkup(GTM_HEAD, 'head');
    expect(head.domains).toEqual(['cdn.example.net', 'fonts.example.org', 'www.googletagmanager.com']);
    // The tag manager's code writes j.src='https://…': the API allows that host; the style's url() is not allowed.
    expect(head.codeOnlyDomains).toEqual(['cdn.example.net']);
    const pixel = summarizeMarkup(`<script>f('https:\\/\\/connect.example.net/e.js')</script><img src="//px.example.com/p.gif"><a href="/local">x</a>`, 'body');
    expect(pixel.domains).toEqual(['connect.example.net', 'px.example.com']);
    expect(pixel.codeOnlyDomains).toEqual(['connect.example.net']);
    expect(pixel.otherTags).toBe(1);
  });

  it('tells what the public pages never run: inline event handlers and javascript: addresses', () => {
    const summary = summarizeMarkup(`<img src="a.png" onerror="alert(1)" onLoad='x()'><a href=" javascript:void(0)">a</a>`, 'body');
    expect([summary.eventHandlers, summary.javascriptUrls]).toEqual([2, 1]);
    expect(summarizeMarkup(GTM_HEAD, 'head')).toMatchObject({ eventHandlers: 0, javascriptUrls: 0 });
  });

  it('finds what would swallow the rest of a rendered page: an unclosed script, style, iframe or comment', () => {
    expect(summarizeMarkup('<script>var a = 1;', 'head').unclosed).toEqual(['script']);
    expect(summarizeMarkup('<meta name="a" content="b"><STYLE>p{}', 'head').unclosed).toEqual(['style']);
    expect(summarizeMarkup('<noscript><iframe src="https://a.example.com">', 'body').unclosed).toEqual(['iframe']);
    expect(summarizeMarkup('<!-- tag <meta name="x">', 'head').unclosed).toEqual(['comment']);
    // a `</script>` written inside the code ends the script, as in the browser
    expect(summarizeMarkup('<script>var s = "</script>";</script>', 'head').unclosed).toEqual([]);
    expect(summarizeMarkup(GTM_HEAD, 'head').unclosed).toEqual([]);
  });

  it('in the head, names the elements browsers move into the body (what is inside <noscript> stays)', () => {
    expect(summarizeMarkup('<meta name="a" content="b"><div>x</div><img src="p.gif"><noscript><img src="q.gif"></noscript>', 'head').misplaced).toEqual(['div', 'img']);
    expect(summarizeMarkup('<div>x</div>', 'body').misplaced).toEqual([]);
    expect(summarizeMarkup(GTM_HEAD, 'head').misplaced).toEqual([]);
  });

  it('sums an entry’s head and body for the list', () => {
    expect(entrySummary(entry)).toEqual({
      counts: [
        { tag: 'script', count: 1 },
        { tag: 'meta', count: 1 },
        { tag: 'link', count: 1 },
        { tag: 'style', count: 1 },
        { tag: 'noscript', count: 1 },
        { tag: 'iframe', count: 1 },
      ],
      domains: ['cdn.example.net', 'fonts.example.org', 'www.googletagmanager.com'],
    });
    expect(entrySummary({ head_markup: '', body_markup: '  ' })).toEqual({ counts: [], domains: [] });
  });

  it('shows the markup as numbered lines', () => {
    expect(linesOf('<a>\r\n  <b>\n\n')).toEqual(['<a>', '  <b>']);
    expect(linesOf('')).toEqual(['']);
  });
});

describe('where the markup goes', () => {
  it('every public page, never the sign-in and account pages (contracts’ isSeoPage, as the shell and the server apply it)', () => {
    expect(SEO_PAGE_ROUTES).toEqual(['home', 'blog', 'list-article-results', 'post', 'profile', 'contact', 'unsubscribe-newsletter', 'rc-sistemI', 'faq', 'playground']);
    expect(NON_SEO_PAGE_ROUTES).toEqual(['login', 'recover-password', 'reset-password', 'error-forbidden', 'first-access', 'verify-account', 'logout']);
  });
});

describe('the editor’s values', () => {
  it('posts a new entry with the name trimmed and the markups as typed', () => {
    expect(createInput({ name: '  Pixel ', head_markup: ' <meta> ', body_markup: '', active: false })).toEqual({ name: 'Pixel', head_markup: ' <meta> ', body_markup: '', active: false });
  });

  it('sends only what an edit changed, and knows when something is unsaved', () => {
    const values = valuesOf(entry);
    expect(updateInput(values, entry)).toEqual({});
    expect(isDirty(values, entry)).toBe(false);
    expect(isDirty({ ...values, name: ' Analytics ' }, entry)).toBe(false);
    const changed = { ...values, body_markup: '', active: false };
    expect(updateInput(changed, entry)).toEqual({ body_markup: '', active: false });
    expect(isDirty(changed, entry)).toBe(true);
    expect(isDirty(valuesOf(null), null)).toBe(false);
    expect(isDirty({ ...valuesOf(null), head_markup: '<meta>' }, null)).toBe(true);
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NON_PAGE_CSP, pageCsp, seoSources } from '../../src/plugins/security-headers';
import { BACKENDS, setupApp, testConfig, type TestContext } from '../helpers';

const SHELL = '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>';
const INLINE = "window.dataLayer = window.dataLayer || [];\nwindow.dataLayer.push({ seo: 'ok' });";
const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

function csp(header: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

describe('seoSources', () => {
  it('collects the origins the markup loads from and the hashes of its inline scripts', () => {
    const sources = seoSources([
      `<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script>${INLINE.replace('\n', '\r\n')}</script>`,
      '<noscript><iframe src="//tags.example.net/ns.html"></iframe></noscript><img src=/local.png><link rel="preconnect" href=\'https://fonts.example.org\'>',
      '<script type="application/ld+json">{"@type":"Organization"}</script><script src="javascript:alert(1)"></script>',
    ]);
    expect(sources.origins).toEqual(['https://fonts.example.org', 'https://tags.example.net', 'https://www.googletagmanager.com']);
    // CR LF is hashed as LF, as the browser's parser sees it; JSON-LD is no script to run.
    expect(sources.scriptHashes).toEqual([sha(INLINE)]);
  });

  it('a page CSP never allows inline scripts without their hash', () => {
    const policy = csp(pageCsp(['https://cdn.example.com']));
    expect(policy['script-src']).toEqual(["'self'", 'https://cdn.example.com']);
    expect(policy['style-src']).toContain("'unsafe-inline'");
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
  });
});

describe.each(BACKENDS)('security headers, CORS and the not-found page (%s)', (backend) => {
  let ctx: TestContext;
  let shellDir: string;
  beforeAll(async () => {
    shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-headers-'));
    fs.writeFileSync(path.join(shellDir, 'index.html'), SHELL);
    fs.writeFileSync(path.join(shellDir, 'main.js'), 'console.log("shell")');
    ctx = await setupApp(backend, {
      site: { shellDir },
      config: testConfig({
        corsOrigins: ['https://www.vitrine.test'],
        cspExtraOrigins: ['https://api.vitrine.test'],
        publicRemoteUrl: 'https://public.cdn.test/mf-manifest.json',
      }),
    });
    const res = await ctx.call('POST', '/api/seo/seo', {
      token: ctx.admin.token,
      body: {
        name: 'Analytics',
        head_markup: `<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script>${INLINE}</script>`,
        body_markup: '<noscript><img src="https://pixel.example.net/p.gif"></noscript>',
        active: true,
      },
    });
    if (res.statusCode !== 201) throw new Error(`SEO entry not created: ${res.body}`);
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(shellDir, { recursive: true, force: true });
  });

  const page = (url: string) => ctx.call('GET', url, { headers: { accept: 'text/html' } });

  it('an API answer: nosniff, no framing, a referrer policy and a CSP that allows nothing', async () => {
    for (const res of [await ctx.call('GET', '/api/health'), await ctx.call('GET', '/api/auth/me')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['content-security-policy']).toBe(NON_PAGE_CSP);
    }
  });

  it('admin and account pages: only the app’s own origins, no SEO markup and none of its sources', async () => {
    for (const url of ['/admin/users', '/admin', '/login', '/recover-password', '/reset-password/1/abc']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(["'self'", 'https://api.vitrine.test', 'https://public.cdn.test']);
      expect(policy['connect-src']).toEqual(["'self'", 'https://api.vitrine.test', 'https://public.cdn.test']);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(res.body).not.toContain('googletagmanager');
      expect(res.body).not.toContain('dataLayer');
    }
  });

  it('public pages: the SEO entry’s script hosts and inline-script hash may run, nothing else inline', async () => {
    for (const url of ['/', '/blog', '/contact']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://www.googletagmanager.com', sha(INLINE)]));
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(policy['img-src']).toContain('https://pixel.example.net');
    }
  });

  it('a 304 to a page revalidation carries the page CSP (the browser applies it to the cached page)', async () => {
    const first = await page('/');
    expect(first.headers.etag).toBeDefined();
    const again = await ctx.call('GET', '/', { headers: { accept: 'text/html', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('unknown paths answer the not-found page with 404; known SPA routes 200', async () => {
    for (const url of ['/nope', '/wp-login.php', '/admin/nope', '/post/a/1/extra']) {
      const res = await page(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    expect((await page('/faq')).statusCode).toBe(200);
    expect((await page('/verify-account')).statusCode).toBe(200);
  });

  describe('CORS on /api', () => {
    it('allows the configured origin, preflight included', async () => {
      const res = await ctx.call('GET', '/api/health', { headers: { origin: 'https://www.vitrine.test' } });
      expect(res.headers['access-control-allow-origin']).toBe('https://www.vitrine.test');
      const preflight = await ctx.call('OPTIONS', '/api/seo/seo', {
        headers: { origin: 'https://www.vitrine.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://www.vitrine.test');
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    });

    it('the shell on another origin of the same site signs in with credentials: the proof cookie comes back and goes with the token', async () => {
      const origin = { origin: 'https://www.vitrine.test' };
      const login = await ctx.call('POST', '/api/auth/auth', { body: { email: ctx.admin.email, password: ctx.admin.password }, headers: origin, remoteAddress: '10.5.5.5' });
      expect(login.statusCode).toBe(200);
      // A credentialed cross-origin answer is readable only with these two (the browser checks them).
      expect(login.headers['access-control-allow-origin']).toBe('https://www.vitrine.test');
      expect(login.headers['access-control-allow-credentials']).toBe('true');
      // SameSite=Strict: sent from www.vitrine.test to api.vitrine.test (same site), never from another site.
      expect(String(login.headers['set-cookie'])).toMatch(/^vt_session=[^;]+; Path=\/api; Max-Age=\d+; HttpOnly; SameSite=Strict/);
      const { token } = login.json() as { token: string };
      const me = await ctx.call('GET', '/api/auth/me', { headers: { ...origin, ...ctx.authHeaders(token) } });
      expect(me.statusCode).toBe(200);
      expect(me.headers['access-control-allow-credentials']).toBe('true');
      expect((await ctx.call('GET', '/api/auth/me', { headers: { ...origin, authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    });

    it('gives any other origin no Access-Control-Allow-Origin', async () => {
      const res = await ctx.call('GET', '/api/health', { headers: { origin: 'https://evil.test' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await ctx.call('OPTIONS', '/api/seo/seo', { headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' } });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});

describe('CORS by default: same origin only', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp('pglite');
  }, 60_000);
  afterAll(() => ctx.close());

  it('answers no origin an Access-Control-Allow-Origin', async () => {
    for (const origin of ['https://www.vitrine.test', 'http://localhost:8080']) {
      const res = await ctx.call('GET', '/api/health', { headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

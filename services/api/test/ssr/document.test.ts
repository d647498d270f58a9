import { escapeXml } from '../../src/services/feeds';
import { jsonForScript, type ServerRenderedPage as RenderedPage } from '@vitrine/contracts';
import { composeDocument } from '../../src/ssr/document';

const SHELL =
  '<!doctype html><html lang=pt-BR><head><meta charset=utf-8><title>Vitrine</title>' +
  '<meta name=description content="Vitrine — padrão."><script defer src=/main.js></script></head><body><div id=root></div><noscript>x</noscript></body></html>';

const page = (overrides: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  route: 'home',
  head: '<title>Novo título</title><meta data-vt-head name="description" content="Nova">',
  body: '<main>conteúdo</main>',
  data: { lang: 'en-US', route: 'home', loaderData: { x: '</script><!-- & \u2028' } },
  ...overrides,
});

describe('the rendered page in the shell’s HTML', () => {
  it('sets the language, replaces the title and description, fills #root and adds the data', () => {
    const html = composeDocument(SHELL, page(), { styles: [{ href: '/remotes/public/styles.1.css', file: 'styles.1.css' }], seo: [] })!;
    expect(html).toContain('<html lang="en-US">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Novo título</title>');
    expect(html).not.toContain('Vitrine — padrão.');
    expect(html).toContain('<link rel="stylesheet" href="/remotes/public/styles.1.css" data-href="styles.1.css"></head>');
    expect(html).toContain('<div id=root><main>conteúdo</main></div>');
    // The first paint waits for the page's content, parsed whole (no half-drawn header that then shifts).
    expect(html).toMatch(/<link rel="expect" href="#main" blocking="render">.*<link rel="stylesheet"/);
    const data = /<script id="vt-ssr-data" type="application\/json">([\s\S]*?)<\/script><\/body>/.exec(html)?.[1] ?? '';
    expect(data).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(data)).toMatchObject({ loaderData: { x: '</script><!-- & \u2028' } });
  });

  it('keeps $ patterns literal and puts the SEO markup in the head and at the start of the body', () => {
    const html = composeDocument(SHELL, page({ head: "<title>$& $' $`</title>", body: '<p>$&</p>' }), {
      styles: [],
      seo: [{ head_markup: '<meta name="v" content="1">', body_markup: '<noscript>seo</noscript>' }],
    })!;
    expect(html).toContain("<title>$& $' $`</title>");
    expect(html).toContain('<div id=root><p>$&</p></div>');
    expect(html).toContain('<meta name="v" content="1"></head>');
    expect(html).toContain('<body><noscript>seo</noscript><div id=root>');
  });

  it('runs the shell’s starter instead of its entry, with the page’s beacon; the hydration scripts are prefetched', () => {
    const seo = [{ head_markup: '<script src="https://analytics.example/a.js"></script>', body_markup: '' }];
    const plain = composeDocument(SHELL, page(), { styles: [], scripts: ['/remotes/public/remoteEntry.js'], seo })!;
    expect(plain).toContain('<script defer src="/start.js" data-main="/main.js"></script>');
    expect(plain).not.toContain('<script defer src=/main.js>');
    // The staff's own scripts are theirs: only the shell's entry is replaced.
    expect(plain).toContain('<script src="https://analytics.example/a.js"></script>');
    expect(plain).toContain('<link rel="prefetch" as="script" href="/remotes/public/remoteEntry.js">');
    expect(plain).not.toContain('rel="preload"');

    const post = page({ route: 'post', beacon: '/public/article/7/read', data: { lang: 'pt-BR', route: 'post', loaderData: {}, runtime: { apiBaseUrl: '/api', remotes: {} } } });
    const html = composeDocument(SHELL, post, { styles: [], seo: [] })!;
    expect(html).toContain('<script defer src="/start.js" data-main="/main.js" data-beacon="/public/article/7/read" data-api="/api"></script>');
  });

  it('a shell without an empty #root is left to the browser (undefined)', () => {
    expect(composeDocument('<html><body><div id="root"><p>kept</p></div></body></html>', page(), { styles: [], seo: [] })).toBeUndefined();
  });
});

describe('escaping helpers', () => {
  it('JSON for a script element never contains < > & or line separators', () => {
    const out = jsonForScript({ t: '</script><!-- & \u2028' });
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual({ t: '</script><!-- & \u2028' });
  });

  it('XML escaping drops characters XML forbids', () => {
    expect(escapeXml(`a&b<c>"d'\u0001\uFFFF`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });
});

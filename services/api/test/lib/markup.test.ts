import { executableMarkup, isExecutableMarkup, scriptUrl, styleCode, type MarkupFindingKind } from '../../src/lib/markup';

const kinds = (markup: string): MarkupFindingKind[] => [...new Set(executableMarkup(markup).map((f) => f.kind))];
const labels = (markup: string): string[] => executableMarkup(markup).map((f) => f.label);

describe('executableMarkup: what in SEO markup can run code', () => {
  describe('plain markup (anyone with the access stores it)', () => {
    it.each([
      ['nothing', ''],
      ['blank', '  \n\t '],
      ['text', 'Olá, mundo & amigos < 3'],
      ['a meta tag', '<meta name="robots" content="index, follow">'],
      ['a site verification', '<meta name="google-site-verification" content="abc123">'],
      ['Open Graph', '<meta property="og:image" content="https://cdn.example.com/og.png"><meta property="og:title" content="Vitrine">'],
      ['a description that starts with JavaScript:', '<meta name="description" content="JavaScript: um guia">'],
      ['a stylesheet link', '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">'],
      ['preconnect and canonical links', '<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin><link rel="canonical" href="https://vitrine.test/">'],
      ['an icon as a data: image', '<link rel="icon" href="data:image/png;base64,iVBORw0KGgo=">'],
      ['a style sheet', '<style>.banner { color: #123456; background: url(/img/x.png) }</style>'],
      ['an image', '<img src="https://www.facebook.com/tr?id=1&amp;ev=PageView&amp;noscript=1" height="1" width="1" style="display:none" alt="">'],
      ['a noscript pixel', '<noscript><img height="1" width="1" src="https://px.example.com/p.gif"></noscript>'],
      ['a comment', '<!-- <script>alert(1)</script> -->'],
      ['a conditional comment (a comment for every browser today)', '<!--[if IE]><script>alert(1)</script><![endif]-->'],
      ['CDATA in SVG (text)', '<svg><![CDATA[<script>alert(1)</script>]]></svg>'],
      ['CDATA outside SVG (a bogus comment, then text)', '<![CDATA[x]]>'],
      ['a script in a title (text)', '<title><script>alert(1)</script></title>'],
      ['a script in a textarea (text)', '<textarea><script>alert(1)</script></textarea>'],
      ['an element left open that changes nothing after it', '<p>texto'],
      ['a link with an https address', '<a href="https://example.com/?q=javascript:x">x</a>'],
      ['an alt text that starts with JavaScript:', '<img src="/x.png" alt="JavaScript: o livro">'],
      ['JSON-LD', '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","url":"https://vitrine.test"}</script>'],
      ['JSON-LD, type in another case and spaced', '<script type=" Application/LD+JSON ">{"a":1}</script>'],
      ['JSON-LD with an id and a class', '<script type="application/ld+json" id="org" class="schema">{"a":"</scrip"}</script>'],
      ['JSON-LD in the body with the head markup', '<meta name="a" content="b"><script type="application/ld+json">[]</script>'],
    ])('%s', (_name, markup) => {
      expect(executableMarkup(markup)).toEqual([]);
      expect(isExecutableMarkup(markup)).toBe(false);
    });
  });

  describe('scripts', () => {
    it.each([
      ['a script', '<script>alert(1)</script>'],
      ['mixed case', '<ScRiPt>alert(1)</sCrIpT>'],
      ['an external script', '<script async src="https://www.googletagmanager.com/gtag/js?id=G-X"></script>'],
      ['a module', '<script type="module">import("/x.js")</script>'],
      ['text/javascript', '<script type="text/javascript">x()</script>'],
      ['an import map', '<script type="importmap">{"imports":{}}</script>'],
      ['speculation rules', '<script type="speculationrules">{}</script>'],
      ['an unknown type (a data block today, not a promise)', '<script type="text/x-template">x</script>'],
      ['SVG script', '<svg><script>alert(1)</script></svg>'],
      ['SVG script with xlink:href', '<svg><script xlink:href="https://evil.example/x.js"></script></svg>'],
      ['MathML script', '<math><script>alert(1)</script></math>'],
      ['script after an empty comment <!-->', '<!--><script>alert(1)</script>-->'],
      ['script after a closed comment', '<!-- x --><script>alert(1)</script>'],
      ['script in noscript (run with scripting off, and a quote trick with it on)', '<noscript><script>alert(1)</script></noscript>'],
      ['noscript text closing early', '<noscript><p title="</noscript><script>alert(1)</script>">'],
      ['script in a template (a declarative shadow root is live)', '<template shadowrootmode="open"><script>alert(1)</script></template>'],
      ['script in a select', '<select><script>alert(1)</script></select>'],
      ['script in a table', '<table><script>alert(1)</script></table>'],
      ['script in SVG style breaking out of foreign content', '<svg><style><script>alert(1)</script></style></svg>'],
      ['SVG handler', '<svg><handler type="application/ecmascript">alert(1)</handler></svg>'],
      ['a script in the middle of metas', '<meta name="a" content="b">\n<script>\nwindow.x = 1\n</script>\n<meta name="c" content="d">'],
    ])('%s', (_name, markup) => {
      expect(kinds(markup)).toContain('script');
    });

    it('JSON-LD may not carry src or any attribute beyond type, id and class', () => {
      expect(labels('<script type="application/ld+json" src="https://evil.example/x.js"></script>')).toEqual(['<script>']);
      expect(labels('<script type="application/ld+json" nomodule>{}</script>')).toEqual(['<script>']);
      expect(labels('<script type="application/ld+json" onload="alert(1)">{}</script>')).toEqual(['<script>', 'onload=']);
    });

    it('JSON-LD whose text holds <!-- or <script (the parser’s escaped states) is refused', () => {
      expect(kinds('<script type="application/ld+json"><!--<script>x</script>alert(1)</script>')).toContain('script');
      expect(kinds('<script type="application/ld+json">{"a":"<script>"}</script>')).toContain('script');
      expect(kinds('<script type="application/ld+json">{"a":"<!--"}</script>')).toContain('script');
    });

    it('JSON-LD whose text closes the script early leaves what follows to be read: a script then is found', () => {
      expect(labels('<script type="application/ld+json">{"a":"</script><script>alert(1)</script>"}</script>')).toContain('<script>');
    });

    it('JSON-LD in SVG is no data block of HTML: refused', () => {
      expect(kinds('<svg><script type="application/ld+json">{}</script></svg>')).toContain('script');
    });

    it('a script split by a tag inside its name is tag soup, refused as such (no reader gets to see "<script>" differently)', () => {
      expect(executableMarkup('<scr<script>ipt>alert(1)</script>')).toEqual([{ kind: 'malformed', label: '<scr<script>' }]);
      expect(kinds('<img src="x" <script>alert(1)</script>')).toContain('malformed');
    });
  });

  describe('event handlers', () => {
    it.each([
      ['img onerror', '<img src=x onerror=alert(1)>', 'onerror='],
      ['upper case', '<IMG SRC=x ONERROR="alert(1)">', 'onerror='],
      ['slashes for spaces', '<img/src="x"/onerror=alert(1)>', 'onerror='],
      ['body onload (merged into the page’s body)', '<body onload="alert(1)">', 'onload='],
      ['html onclick', '<html onclick="alert(1)">', 'onclick='],
      ['SVG onload', '<svg onload="alert(1)"></svg>', 'onload='],
      ['SVG inner element', '<svg><rect onmouseover="alert(1)"/></svg>', 'onmouseover='],
      ['MathML', '<math><mi onclick="alert(1)">x</mi></math>', 'onclick='],
      ['a meta', '<meta name="x" content="y" onload="alert(1)">', 'onload='],
      ['a link', '<link rel="stylesheet" href="/x.css" onload="alert(1)">', 'onload='],
      ['in noscript', '<noscript><img src=x onerror=alert(1)></noscript>', 'onerror='],
      ['in a template', '<template><img src=x onerror=alert(1)></template>', 'onerror='],
      ['in a select (a tag the old parser drops, newer browsers keep)', '<select><img src=x onerror=alert(1)></select>', 'onerror='],
      ['breaking out of SVG style', '<svg><style><img src=x onerror=alert(1)></style></svg>', 'onerror='],
      ['a prefixed name', '<svg><a xlink:onclick="alert(1)"><text>x</text></a></svg>', 'xlink:onclick='],
      ['newline between attributes', '<img\nsrc=x\nonerror\n=\nalert(1)>', 'onerror='],
    ])('%s', (_name, markup, label) => {
      expect(executableMarkup(markup)).toContainEqual({ kind: 'eventHandler', label });
    });
  });

  describe('script addresses, in any attribute', () => {
    it.each([
      ['javascript:', '<a href="javascript:alert(1)">x</a>', 'javascript:'],
      ['any case', '<a href="JaVaScRiPt:alert(1)">x</a>', 'javascript:'],
      ['unquoted', '<a href=javascript:alert(1)>x</a>', 'javascript:'],
      ['single quotes', "<a href='javascript:alert(1)'>x</a>", 'javascript:'],
      ['decimal entity', '<a href="&#106;avascript:alert(1)">x</a>', 'javascript:'],
      ['hex entity without semicolon', '<a href="&#x6A&#x61vascript:alert(1)">x</a>', 'javascript:'],
      ['padded entities', '<a href="&#0000106&#0000097vascript:alert(1)">x</a>', 'javascript:'],
      ['named entities for : and tab', '<a href="java&Tab;script&colon;alert(1)">x</a>', 'javascript:'],
      ['a newline inside', '<a href="java\nscript:alert(1)">x</a>', 'javascript:'],
      ['a tab and CR inside', '<a href="ja\tva\rscript:alert(1)">x</a>', 'javascript:'],
      ['an encoded newline inside', '<a href="java&#10;script:alert(1)">x</a>', 'javascript:'],
      ['leading spaces and control characters', '<a href=" \u0001\u0010 javascript:alert(1)">x</a>', 'javascript:'],
      ['leading encoded control character', '<a href="&#1;javascript:alert(1)">x</a>', 'javascript:'],
      ['a zero-width space', '<a href="java\u200bscript:alert(1)">x</a>', 'javascript:'],
      ['vbscript:', '<a href="vbscript:msgbox(1)">x</a>', 'vbscript:'],
      ['data:text/html', '<a href="data:text/html,<script>alert(1)</script>">x</a>', 'data:text/html'],
      ['data:text/html base64, any case', '<a href="DATA:Text/HTML;base64,PHNjcmlwdD4=">x</a>', 'data:text/html'],
      ['data: SVG', '<svg><use href="data:image/svg+xml,<svg id=%22x%22 onload=%22alert(1)%22/>#x"/></svg>', 'data:image/svg+xml'],
      ['data: XHTML', '<a href="data:application/xhtml+xml,x">x</a>', 'data:application/xhtml+xml'],
      ['a form action', '<form action="javascript:alert(1)"><button>x</button></form>', 'javascript:'],
      ['a button formaction', '<button formaction="javascript:alert(1)">x</button>', 'javascript:'],
      ['an image src', '<img src="javascript:alert(1)">', 'javascript:'],
      ['a link href', '<link rel="stylesheet" href="javascript:alert(1)">', 'javascript:'],
      ['SVG xlink:href', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', 'javascript:'],
      ['MathML href', '<math href="javascript:alert(1)"><mi>x</mi></math>', 'javascript:'],
      ['an unknown attribute', '<div data-url="javascript:alert(1)"></div>', 'javascript:'],
      ['in noscript', '<noscript><a href="javascript:alert(1)">x</a></noscript>', 'javascript:'],
      ['a meta content with http-equiv (refused for the http-equiv too)', '<meta http-equiv="refresh" content="javascript:alert(1)">', 'javascript:'],
    ])('%s', (_name, markup, label) => {
      expect(executableMarkup(markup)).toContainEqual({ kind: 'scriptUrl', label });
    });

    it('reads an address as a browser reads its scheme', () => {
      expect(scriptUrl('javascript:alert(1)')).toBe('javascript:');
      expect(scriptUrl('\u0000 java\tscript:x')).toBe('javascript:');
      expect(scriptUrl('https://example.com/javascript:x')).toBeUndefined();
      expect(scriptUrl('/javascript:x')).toBeUndefined();
      expect(scriptUrl('data:,hello')).toBeUndefined();
      expect(scriptUrl('data:image/webp;base64,AAAA')).toBeUndefined();
      expect(scriptUrl('data:font/woff2;base64,AAAA')).toBeUndefined();
      expect(scriptUrl('data:text/javascript,alert(1)')).toBe('data:text/javascript');
      expect(scriptUrl('data:;base64,PHNjcmlwdD4=')).toBeUndefined();
      expect(scriptUrl('data:text/html;charset=utf-8,x')).toBe('data:text/html');
    });
  });

  describe('frames, base, http-equiv, imports, srcdoc, SVG animation, CSS', () => {
    it.each([
      ['<iframe src="https://example.com"></iframe>', 'frame', '<iframe>'],
      ['<IFRAME SRC="https://example.com"></IFRAME>', 'frame', '<iframe>'],
      ['<frameset><frame src="x"></frameset>', 'frame', '<frameset>'],
      ['<frame src="x">', 'frame', '<frame>'],
      ['<object data="x.swf"></object>', 'frame', '<object>'],
      ['<embed src="x.swf">', 'frame', '<embed>'],
      ['<applet code="X.class"></applet>', 'frame', '<applet>'],
      ['<portal src="https://example.com"></portal>', 'frame', '<portal>'],
      ['<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X"></iframe></noscript>', 'frame', '<iframe>'],
      ['<base href="https://evil.example/">', 'base', '<base>'],
      ['<base target="_blank">', 'base', '<base>'],
      ['<meta http-equiv="refresh" content="0;url=https://evil.example">', 'metaHttpEquiv', '<meta http-equiv>'],
      ['<meta http-equiv="Content-Security-Policy" content="script-src *">', 'metaHttpEquiv', '<meta http-equiv>'],
      ['<meta HTTP-EQUIV="set-cookie" content="a=b">', 'metaHttpEquiv', '<meta http-equiv>'],
      ['<meta http-equiv>', 'metaHttpEquiv', '<meta http-equiv>'],
      ['<link rel="import" href="/x.html">', 'linkImport', '<link rel=import>'],
      ['<link rel="preload IMPORT" href="/x.html">', 'linkImport', '<link rel=import>'],
      ['<div srcdoc="<script>alert(1)</script>"></div>', 'srcdoc', 'srcdoc='],
      ['<svg><animate attributeName="href" values="https://x;javascript:alert(1)"/></svg>', 'svgAnimation', '<animate>'],
      ['<svg><set attributeName="onmouseover" to="alert(1)"/></svg>', 'svgAnimation', '<set>'],
      ['<svg><animateTransform attributeName="transform"/></svg>', 'svgAnimation', '<animatetransform>'],
      ['<div style="width: expression(alert(1))"></div>', 'styleCode', 'expression('],
      ['<div style="width: expr\\65 ssion(alert(1))"></div>', 'styleCode', 'expression('],
      ['<div style="width: expr/**/ession(alert(1))"></div>', 'styleCode', 'expression('],
      ['<style>a { -moz-binding: url(x.xml#x) }</style>', 'styleCode', '-moz-binding'],
      ['<style>a { behavior: url(x.htc) }</style>', 'styleCode', 'behavior:'],
      ['<style>a { background: url("java\\73 cript:alert(1)") }</style>', 'styleCode', 'javascript:'],
    ])('%s', (markup, kind, label) => {
      expect(executableMarkup(markup)).toContainEqual({ kind, label });
    });

    it('reads CSS escapes and comments before looking', () => {
      expect(styleCode('color: red')).toBeUndefined();
      expect(styleCode('x: \\65\\78\\70\\72\\65\\73\\73\\69\\6f\\6e(1)')).toBe('expression(');
      expect(styleCode('x: e\\xpression(1)')).toBe('expression(');
    });
  });

  describe('markup that does not end where it began (what follows it on the page would be read otherwise)', () => {
    it.each([
      ['a lone <', '<meta name="a" content="b"><'],
      ['an unfinished tag', '<scr'],
      ['an unfinished script tag with an address (the page’s </head> would finish it)', '<script src=https://evil.example/x.js'],
      ['an unfinished end tag', '</scr'],
      ['an unfinished attribute', '<meta name="x" content="abc'],
      ['an unfinished unquoted attribute', '<img src=https://cdn.example/x.png'],
      ['an unfinished comment', '<!-- x'],
      ['an unfinished bogus comment', '<!x'],
      ['an open style', '<style>a{}'],
      ['an open title', '<title>x'],
      ['an open textarea', '<textarea>x'],
      ['an open noscript', '<noscript>x'],
      ['plaintext', '<plaintext>x'],
      ['an open xmp', '<xmp>x'],
      ['open SVG', '<svg><rect/>'],
      ['open MathML text', '<math><mtext>'],
      ['an open template', '<template><p>x</p>'],
      ['an open select', '<select><option>x'],
      ['an open table', '<table><tr><td>x'],
    ])('%s', (_name, markup) => {
      expect(kinds(markup)).toContain('unclosed');
    });

    it('two entries that are plain alone cannot be pasted into a script by the page (the first one ends unfinished)', () => {
      expect(kinds('<scr')).toContain('unclosed');
      expect(kinds('<scr')).not.toContain('script');
      expect(kinds('ipt src="https://evil.example/x.js"></script>')).toEqual([]);
      expect(kinds('<scr' + 'ipt src="https://evil.example/x.js"></script>')).toContain('script');
      // MathML left open by one entry would have the next one's <style> read as markup (and an <img> in it live)
      expect(kinds('<math><mtext>')).toEqual(['unclosed']);
      expect(kinds('<mglyph><style></mglyph><img src=x onerror=alert(1)></style>')).toEqual([]);
      expect(kinds('<math><mtext><mglyph><style></mglyph><img src=x onerror=alert(1)></style>')).toContain('eventHandler');
    });

    it('finishing what is open makes it plain again', () => {
      expect(executableMarkup('<style>a{}</style><noscript>x</noscript><svg><rect/></svg><table><tr><td>x</td></tr></table>')).toEqual([]);
      expect(executableMarkup('<meta name="x" content="abc">')).toEqual([]);
    });
  });

  it('names each finding once, whatever the number of times and readings it shows in', () => {
    const markup = '<script>a()</script><script>b()</script><img src=x onerror=c()><img src=y onerror=d()>';
    expect(executableMarkup(markup)).toEqual([
      { kind: 'script', label: '<script>' },
      { kind: 'eventHandler', label: 'onerror=' },
    ]);
  });

  it('reads a whole Google Tag Manager snippet as code (admins only)', () => {
    const head =
      "<!-- Google Tag Manager -->\n<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','GTM-XXXX');</script>\n<!-- End Google Tag Manager -->";
    expect(labels(head)).toEqual(['<script>']);
  });
});

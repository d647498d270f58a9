import { SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import { BACKENDS, setupApp, type Staff, type TestContext } from '../helpers';

interface AuditEntry {
  actor_id: number | null;
  action: string;
  changes: Record<string, unknown>;
}

describe.each(BACKENDS)('seo (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  const entry = { name: 'Google Tag', head_markup: '<meta name="robots" content="index">', body_markup: '<noscript>oi</noscript>' };

  it('creates, lists and updates entries with the settings access', async () => {
    const created = await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: entry });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: SUCCESS_MESSAGES.SEO_CREATED, data: { ...entry, active: true } });
    const { id, unique_key } = created.json().data;

    const list = await ctx.call('GET', '/api/seo/seo', { token: ctx.admin.token });
    expect(list.json().data.map((e: { id: number }) => e.id)).toContain(id);

    const updated = await ctx.call('PUT', `/api/seo/seo/${id}/${unique_key}`, { token: ctx.admin.token, body: { active: false } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: SUCCESS_MESSAGES.SEO_UPDATED, data: { id, active: false, name: entry.name } });

    const mismatch = await ctx.call('PUT', `/api/seo/seo/${id}/wrongkey`, { token: ctx.admin.token, body: { active: true } });
    expect(mismatch.statusCode).toBe(404);
    expect(mismatch.json().code).toBe('NOT_FOUND');
  });

  it('public-seo answers the active entries without a token', async () => {
    const active = (await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, name: 'Ativa', head_markup: '<meta name="x" content="ativa">' } })).json().data;
    await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, name: 'Inativa', head_markup: '<meta name="x" content="inativa">', active: false } });
    const res = await ctx.call('GET', '/api/seo/public-seo');
    expect(res.statusCode).toBe(200);
    const items = res.json().data as { head_markup: string; body_markup: string }[];
    expect(items).toContainEqual({ head_markup: active.head_markup, body_markup: active.body_markup });
    expect(items.some((i) => i.head_markup.includes('inativa'))).toBe(false);
    expect(Object.keys(items[0] ?? {})).toEqual(['head_markup', 'body_markup']);
  });

  it('SEO reads and writes need the settings access: no unauthenticated update', async () => {
    const created = (await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: entry })).json().data;
    const marketing = await ctx.staff(['site_editor', 'dashboard', 'article_management', 'user_management']);
    const before = await ctx.count('seo_entries');
    expect((await ctx.call('POST', '/api/seo/seo', { token: marketing.token, body: entry })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/seo/seo', { token: marketing.token })).statusCode).toBe(403);
    expect((await ctx.call('PUT', `/api/seo/seo/${created.id}/${created.unique_key}`, { token: marketing.token, body: { active: false } })).json().code).toBe('ACCESS_DENIED');
    expect((await ctx.call('PUT', `/api/seo/seo/${created.id}/${created.unique_key}`, { body: { head_markup: '<script>alert(1)</script>' } })).statusCode).toBe(401);
    expect((await ctx.call('POST', '/api/seo/seo', { body: entry })).statusCode).toBe(401);
    expect(await ctx.count('seo_entries')).toBe(before);

    const settings = await ctx.staff(['settings']);
    expect((await ctx.call('POST', '/api/seo/seo', { token: settings.token, body: entry })).statusCode).toBe(201);
  });

  it('refuses a blank name, on create and on update (what is stored is trimmed)', async () => {
    const before = await ctx.count('seo_entries');
    const blank = await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'name', message: { isNotEmpty: 'name is required' } }] });
    expect(await ctx.count('seo_entries')).toBe(before);

    const created = (await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, name: '  Pixel  ' } })).json().data;
    expect(created.name).toBe('Pixel');
    const renamed = await ctx.call('PUT', `/api/seo/seo/${created.id}/${created.unique_key}`, { token: ctx.admin.token, body: { name: ' \t ', active: false } });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([{ property: 'name', message: { isNotEmpty: 'name is required' } }]);
    const list = (await ctx.call('GET', '/api/seo/seo', { token: ctx.admin.token })).json().data as { id: number; name: string; active: boolean }[];
    expect(list.find((e) => e.id === created.id)).toMatchObject({ name: 'Pixel', active: true });
  });

  it('public-seo shows a write at once, though its answer is cached (the write bumps the content version)', async () => {
    const read = async () => ((await ctx.call('GET', '/api/seo/public-seo')).json().data as { head_markup: string }[]).map((e) => e.head_markup);
    await read();
    const head = '<meta name="fresh" content="1">';
    const created = (await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, name: 'Fresca', head_markup: head } })).json().data;
    expect(await read()).toContain(head);

    const changed = '<meta name="fresh" content="2">';
    await ctx.call('PUT', `/api/seo/seo/${created.id}/${created.unique_key}`, { token: ctx.admin.token, body: { head_markup: changed } });
    const afterEdit = await read();
    expect(afterEdit).toContain(changed);
    expect(afterEdit).not.toContain(head);

    await ctx.call('PUT', `/api/seo/seo/${created.id}/${created.unique_key}`, { token: ctx.admin.token, body: { active: false } });
    expect(await read()).not.toContain(changed);
  });

  it('bounds the markup size and rejects unknown fields', async () => {
    const before = await ctx.count('seo_entries');
    const big = await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, head_markup: 'x'.repeat(20001) } });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual([{ property: 'head_markup', message: { maxLength: 'head_markup must be shorter than or equal to 20000 characters' } }]);
    const unknown = await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, script: 'x' } });
    expect(unknown.json().errors).toEqual([{ property: 'script', message: { whitelistValidation: 'property script should not exist' } }]);
    expect(await ctx.count('seo_entries')).toBe(before);
  });

  describe('markup that can run code is an administrator’s (docs/decisions/seo-markup.md)', () => {
    let settings: Staff;
    beforeAll(async () => {
      settings = await ctx.staff(['settings']);
    });

    /** Every form of code a non-admin may not store, each with a marker that must never reach the public pages. */
    const EXECUTABLE: [string, string][] = [
      ['an inline script', '<script>localStorage.setItem("vt-stolen", "1")</script>'],
      ['an external script', '<script async src="https://evil.example/steal.js"></script>'],
      ['a script in any case', '<ScRiPt>window.vtStolen = 1</sCrIpT>'],
      ['a module', '<script type="module">import("https://evil.example/m.js")</script>'],
      ['an SVG script', '<svg><script>window.vtStolen = 1</script></svg>'],
      ['a script in noscript', '<noscript><script>window.vtStolen = 1</script></noscript>'],
      ['a script after an empty comment', '<!--><script>window.vtStolen = 1</script>-->'],
      ['an event handler', '<img src="x.png" onerror="window.vtStolen = 1">'],
      ['an SVG event handler', '<svg onload="window.vtStolen = 1"></svg>'],
      ['a javascript: link with entities and a newline', '<a href="&#106;ava\nscript&colon;window.vtStolen=1">x</a>'],
      ['a data:text/html link', '<a href="data:text/html,<script>window.vtStolen=1</script>">x</a>'],
      ['an iframe', '<iframe src="https://evil.example/"></iframe>'],
      ['srcdoc', '<div srcdoc="<script>window.vtStolen=1</script>"></div>'],
      ['an object', '<object data="https://evil.example/x.swf"></object>'],
      ['an embed', '<embed src="https://evil.example/x.swf">'],
      ['a base', '<base href="https://evil.example/">'],
      ['a meta http-equiv', '<meta http-equiv="refresh" content="0;url=https://evil.example/">'],
      ['a link rel=import', '<link rel="import" href="https://evil.example/x.html">'],
      ['JSON-LD with a src', '<script type="application/ld+json" src="https://evil.example/x.js"></script>'],
      ['JSON-LD holding a script', '<script type="application/ld+json"><!--<script>window.vtStolen=1</script></script>'],
      ['half a script tag (the page would finish it)', '<script src=https://evil.example/steal.js'],
      ['a lone <, for the next entry to finish', '<meta name="vt" content="x"><'],
    ];

    const publicMarkup = async () => JSON.stringify((await ctx.call('GET', '/api/seo/public-seo')).json().data);

    it.each(EXECUTABLE)('refuses a non-admin’s %s, on create and on update, in the head or the body; nothing reaches the public pages', async (_name, code) => {
      const plain = (await ctx.call('POST', '/api/seo/seo', { token: settings.token, body: { name: 'Verificação', head_markup: '<meta name="vt-plain" content="1">', body_markup: '' } })).json().data;
      const before = await ctx.count('seo_entries');
      const audited = await ctx.count('audit_log');

      const created = await ctx.call('POST', '/api/seo/seo', { token: settings.token, body: { name: 'Pixel', head_markup: code, body_markup: '' } });
      expect(created.statusCode).toBe(403);
      expect(created.json()).toMatchObject({ error: true, statusCode: 403, code: 'SCRIPT_MARKUP_ADMIN_ONLY', errors: [{ property: 'head_markup' }] });
      const inBody = await ctx.call('POST', '/api/seo/seo', { token: settings.token, body: { name: 'Pixel', head_markup: '<meta name="a" content="b">', body_markup: code } });
      expect(inBody.statusCode).toBe(403);
      expect(inBody.json().errors).toEqual([{ property: 'body_markup', message: expect.any(Object) }]);
      const updated = await ctx.call('PUT', `/api/seo/seo/${plain.id}/${plain.unique_key}`, { token: settings.token, body: { head_markup: code, name: 'Renomeada' } });
      expect(updated.statusCode).toBe(403);
      expect(updated.json().code).toBe('SCRIPT_MARKUP_ADMIN_ONLY');

      expect(await ctx.count('seo_entries')).toBe(before);
      expect(await ctx.count('audit_log')).toBe(audited);
      const list = (await ctx.call('GET', '/api/seo/seo', { token: ctx.admin.token })).json().data as { id: number; name: string; head_markup: string }[];
      expect(list.find((e) => e.id === plain.id)).toMatchObject({ name: 'Verificação', head_markup: '<meta name="vt-plain" content="1">' });
      const shown = await publicMarkup();
      expect(shown).not.toMatch(/evil\.example|vtStolen|vt-stolen|<script src=https/);
    });

    it('says which markup holds what, by kind', async () => {
      const res = await ctx.call('POST', '/api/seo/seo', {
        token: settings.token,
        body: { name: 'Tudo', head_markup: '<script>a()</script><img src=x onerror=b()><img src=y onload=c()>', body_markup: '<iframe src="https://x.example/"></iframe><a href="javascript:d()">x</a>' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'SCRIPT_MARKUP_ADMIN_ONLY',
        message: 'Only an administrator can save markup that runs code: scripts, frames, event handlers and javascript: addresses',
        errors: [
          { property: 'head_markup', message: { script: '<script>', eventHandler: 'onerror=, onload=' } },
          { property: 'body_markup', message: { frame: '<iframe>', scriptUrl: 'javascript:' } },
        ],
      });
    });

    it('lets a non-admin store meta tags, links, styles, images and JSON-LD', async () => {
      const head = [
        '<meta name="google-site-verification" content="abc123">',
        '<meta property="og:image" content="https://cdn.example.com/og.png">',
        '<meta name="description" content="JavaScript: um guia">',
        '<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>',
        '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">',
        '<style>.vt-banner { color: #123456 }</style>',
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Vitrine </scrip"}</script>',
      ].join('\n');
      const body = '<noscript><img height="1" width="1" src="https://px.example.com/p.gif" alt=""></noscript>';
      const created = await ctx.call('POST', '/api/seo/seo', { token: settings.token, body: { name: 'Marcação', head_markup: head, body_markup: body } });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject({ head_markup: head, body_markup: body });
      const { id, unique_key } = created.json().data;
      const jsonLd = '<script type="application/ld+json">{"@type":"WebSite"}</script>';
      const updated = await ctx.call('PUT', `/api/seo/seo/${id}/${unique_key}`, { token: settings.token, body: { head_markup: jsonLd } });
      expect(updated.statusCode).toBe(200);
      expect(await publicMarkup()).toContain('{\\"@type\\":\\"WebSite\\"}');
    });

    it('lets an admin store scripts, frames and handlers', async () => {
      const head = '<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-X"></script><script>window.dataLayer = [];</script>';
      const body = '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X" height="0" width="0"></iframe></noscript>';
      const created = await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { name: 'GTM', head_markup: head, body_markup: body } });
      expect(created.statusCode).toBe(201);
      const { id, unique_key } = created.json().data;
      const updated = await ctx.call('PUT', `/api/seo/seo/${id}/${unique_key}`, { token: ctx.admin.token, body: { head_markup: `${head}<img src="x.gif" onload="void 0">` } });
      expect(updated.statusCode).toBe(200);
    });

    it('an entry an admin filled with scripts: a non-admin renames it and turns it off and on without sending its markup, cannot send it back with the script, may replace it with plain markup', async () => {
      const head = '<script>window.vtAdmin = 1;</script>';
      const entry = (await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { name: 'Do admin', head_markup: head, body_markup: '<iframe src="https://x.example/"></iframe>' } })).json().data;
      const put = (body: object) => ctx.call('PUT', `/api/seo/seo/${entry.id}/${entry.unique_key}`, { token: settings.token, body });

      expect((await put({ name: 'Do admin (renomeada)' })).statusCode).toBe(200);
      expect((await put({ active: false })).statusCode).toBe(200);
      expect((await put({ active: true })).statusCode).toBe(200);
      // the body is not sent: only the head is looked at
      expect((await put({ head_markup: `${head}<meta name="extra" content="1">` })).json()).toMatchObject({ statusCode: 403, code: 'SCRIPT_MARKUP_ADMIN_ONLY' });
      const replaced = await put({ head_markup: '<meta name="vt-replaced" content="1">' });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().data).toMatchObject({ name: 'Do admin (renomeada)', active: true, head_markup: '<meta name="vt-replaced" content="1">', body_markup: '<iframe src="https://x.example/"></iframe>' });
    });

    it('the audit log holds every change of markup in full, before and after, and who made it', async () => {
      const log = async (id: number): Promise<AuditEntry[]> => {
        const res = await ctx.call('GET', `/api/audit/audit-log?record_type=seo&record_id=${id}`, { token: ctx.admin.token });
        expect(res.statusCode).toBe(200);
        return res.json().data.items;
      };
      const first = `<script>${'window.vtAudit = 1;'.repeat(200)}</script>`;
      const entry = (await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { name: 'Auditada', head_markup: first, body_markup: '' } })).json().data;
      const second = '<meta name="vt-audit" content="2">';
      expect((await ctx.call('PUT', `/api/seo/seo/${entry.id}/${entry.unique_key}`, { token: settings.token, body: { head_markup: second, body_markup: '<noscript>x</noscript>' } })).statusCode).toBe(200);
      expect((await ctx.call('PUT', `/api/seo/seo/${entry.id}/${entry.unique_key}`, { token: settings.token, body: { head_markup: '<script>x()</script>' } })).statusCode).toBe(403);
      expect((await ctx.call('PUT', `/api/seo/seo/${entry.id}/${entry.unique_key}`, { token: settings.token, body: { name: 'Auditada 2' } })).statusCode).toBe(200);

      const [renamed, edited, created] = await log(entry.id);
      expect(created).toMatchObject({ action: 'create', actor_id: ctx.admin.id, changes: { name: 'Auditada', head_markup: first, body_markup: '' } });
      expect(edited).toMatchObject({ action: 'update', actor_id: settings.id });
      expect(edited?.changes).toEqual({ head_markup: [first, second], body_markup: ['', '<noscript>x</noscript>'] });
      // a change that leaves the markup alone records no markup
      expect(renamed?.changes).toEqual({ name: ['Auditada', 'Auditada 2'] });
      expect(await log(entry.id)).toHaveLength(3);
    });
  });
});

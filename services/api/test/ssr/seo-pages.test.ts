import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BACKENDS, setupApp, type TestContext } from '../helpers';

/**
 * An SEO write shows on the server-rendered public pages at once: the pages are cached per content
 * version, and creating, editing or turning off an entry bumps it in the same transaction. So does the
 * pages' Content-Security-Policy, which lets the entries' inline scripts run by their hashes.
 * Uses the real server builds of the shell and the public remote (npm run build -- shell public).
 */
const root = path.resolve(__dirname, '../../../..');
const shellDir = path.join(root, 'hosts/shell/dist');
const publicDir = path.join(root, 'remotes/public/dist');
for (const file of [path.join(shellDir, 'server/render.js'), path.join(publicDir, 'server/pages.js')]) {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the shell and the public remote first (npm run build -- shell public)`);
}

const BROWSER = { accept: 'text/html,application/xhtml+xml' };
const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
const headOf = (html: string) => /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
const scriptSrc = (csp: unknown) => (/script-src ([^;]*)/.exec(String(csp))?.[1] ?? '').split(' ');

describe.each(BACKENDS)('SEO entries on the rendered public pages (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend, { site: { shellDir, remotes: { public_remote: publicDir } } });
  }, 60_000);
  afterAll(() => ctx.close());

  const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers: { ...BROWSER, ...headers } });
  const write = (method: 'POST' | 'PUT', url: string, body: object) =>
    ctx.app.inject({ method, url, headers: { ...ctx.authHeaders(ctx.admin.token) }, payload: body });

  it('a new entry’s head markup is on the next rendered page, then its edit, then nothing once it is off', async () => {
    const code = "window.vtFresh = 'one';";
    const head = `<meta name="vt-fresh" content="one"><script>${code}</script>`;
    // The pages are rendered and cached before the change.
    const before = await page('/blog');
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('vt-fresh');
    const home = await page('/');
    expect(home.body).not.toContain('vt-fresh');
    const etag = String(before.headers.etag);
    expect((await page('/blog', { 'if-none-match': etag })).statusCode).toBe(304);

    const created = await write('POST', '/api/seo/seo', { name: 'Fresca', head_markup: head, body_markup: '<noscript>vt-fresh-body</noscript>' });
    expect(created.statusCode).toBe(201);
    const { id, unique_key } = created.json().data as { id: number; unique_key: string };

    const after = await page('/blog');
    expect(after.statusCode).toBe(200);
    expect(headOf(after.body)).toContain(head);
    expect(after.body).toMatch(/<body><noscript>vt-fresh-body<\/noscript>/);
    expect(scriptSrc(after.headers['content-security-policy'])).toContain(sha(code));
    // A browser revalidating its copy of before gets the new page, not a 304.
    const revalidated = await page('/blog', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.body).toContain(head);
    expect(headOf((await page('/')).body)).toContain(head);

    const edited = "window.vtFresh = 'two';";
    const editedHead = `<meta name="vt-fresh" content="two"><script>${edited}</script>`;
    expect((await write('PUT', `/api/seo/seo/${id}/${unique_key}`, { head_markup: editedHead })).statusCode).toBe(200);
    const afterEdit = await page('/blog');
    expect(headOf(afterEdit.body)).toContain(editedHead);
    expect(afterEdit.body).not.toContain('content="one"');
    expect(scriptSrc(afterEdit.headers['content-security-policy'])).toEqual(expect.arrayContaining([sha(edited)]));
    expect(scriptSrc(afterEdit.headers['content-security-policy'])).not.toContain(sha(code));

    expect((await write('PUT', `/api/seo/seo/${id}/${unique_key}`, { active: false })).statusCode).toBe(200);
    const afterOff = await page('/blog');
    expect(afterOff.statusCode).toBe(200);
    expect(afterOff.body).not.toContain('vt-fresh');
    expect(scriptSrc(afterOff.headers['content-security-policy'])).not.toContain(sha(edited));
    expect((await page('/')).body).not.toContain('vt-fresh');
  });

  it('never on the sign-in pages or the admin, whatever is active', async () => {
    const created = await write('POST', '/api/seo/seo', { name: 'Sempre', head_markup: '<meta name="vt-always" content="1">', body_markup: '' });
    expect(created.statusCode).toBe(201);
    expect((await page('/blog')).body).toContain('vt-always');
    for (const url of ['/login', '/recover-password', '/admin/seo', '/nada-aqui']) expect((await page(url)).body).not.toContain('vt-always');
  });
});

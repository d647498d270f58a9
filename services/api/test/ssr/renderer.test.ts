import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setupApp, type TestContext } from '../helpers';

/**
 * Loading the server builds by path (docs/decisions/server-rendering.md), with small stand-ins for
 * them: a redeployed public remote changes the rendered HTML without touching the shell, a broken one
 * leaves the site answering with the plain shell (and rendering again once it is fixed), and the remote
 * gets the shell's own shared modules.
 */

const SHELL_HTML = '<!doctype html><html lang=pt-BR><head><title>Vitrine</title><script defer src=/main.js></script></head><body><div id=root></div><noscript>x</noscript></body></html>';

/** The shell's server build: renders the remote's `home` route, and says whether it got the shell's own core. */
const SHELL_SERVER = `
const core = { marker: Symbol('core') };
exports.shared = { '@vitrine/core': core };
exports.render = async ({ url, lang, remote }) => {
  if (url.split('?')[0] !== '/') return undefined;
  const route = remote.routes.home;
  const data = await route.load({});
  const head = route.head(data, {});
  return { status: data.status, route: 'home', head: '<title>' + head.title + '</title>', body: '<main>' + route.Component({ data }) + '</main>', data: { lang, route: 'home', loaderData: {} } };
};`;

const remoteServer = (text: string) => `
const core = require('@vitrine/core');
if (!core.marker) throw new Error('not the shell core');
module.exports.default = {
  registerTexts: () => ['public'],
  routes: { home: {
    load: async () => ({ status: 200, entries: {} }),
    head: () => ({ title: ${JSON.stringify(text)} }),
    Component: () => ${JSON.stringify(`<p>${text}</p>`)},
  } },
};`;

const MANIFEST = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ assets: { css: { sync: [], async: ['styles.abc.css'] }, js: { sync: ['281.abc.js', '__federation_expose_pages.abc.js'], async: ['9.x.js'] } } }],
});

/**
 * The suite's clock: Date.now moved ahead by `ahead` (the renderer's "at most once a second" reads it), and the time
 * written files are stamped with, so each deploy is a new build to the renderer however fast the machine writes.
 */
let ahead = 0;
const realNow = Date.now.bind(Date);
const now = () => realNow() + ahead;

function write(dir: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    fs.utimesSync(file, now() / 1000, now() / 1000);
  }
}

describe('server builds loaded by path', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-ssr-'));
  const shellDir = path.join(root, 'shell');
  const publicDir = path.join(root, 'public');
  let ctx: TestContext;
  const home = () => ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  /** The renderer looks at the files at most once a second: a second passes on the suite's clock. */
  const aSecondLater = () => (ahead += 1000);
  /** A deploy replaces files, a second after the last look. */
  const deploy = (files: Record<string, string>) => {
    aSecondLater();
    write(publicDir, files);
  };

  beforeAll(async () => {
    jest.spyOn(Date, 'now').mockImplementation(now);
    write(shellDir, { 'index.html': SHELL_HTML, 'main.js': '', 'server/render.js': SHELL_SERVER });
    write(publicDir, { 'mf-manifest.json': MANIFEST, 'server/pages.js': remoteServer('Primeira versão') });
    ctx = await setupApp('pglite', { site: { shellDir, remotes: { public_remote: publicDir } } });
  }, 60_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await ctx.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('renders with the remote, which gets the shell’s shared modules, and links its stylesheet', async () => {
    const res = await home();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id=root><main><p>Primeira versão</p></main></div>');
    expect(res.body).toContain('<title>Primeira versão</title>');
    expect(res.body).toContain('<link rel="stylesheet" href="/remotes/public/styles.abc.css" data-href="styles.abc.css">');
    // What hydration needs of the remote is prefetched, so starting on the visitor's intent costs no round trip.
    for (const file of ['remoteEntry.js', '281.abc.js', '__federation_expose_pages.abc.js']) {
      expect(res.body).toContain(`<link rel="prefetch" as="script" href="/remotes/public/${file}">`);
    }
    expect(res.body).not.toContain('9.x.js');
    // And the runtime config, so it does not wait for /remotes.json.
    expect(res.body).toMatch(/"runtime":\{"apiBaseUrl":"\/api","remotes":\{"public_remote":"\/remotes\/public\/mf-manifest.json"/);
    expect(res.body).toContain('<script id="vt-ssr-data" type="application/json">');
  });

  it('a redeployed public remote changes the rendered page, the shell untouched', async () => {
    const shellBefore = fs.statSync(path.join(shellDir, 'server/render.js')).mtimeMs;
    deploy({ 'server/pages.js': remoteServer('Segunda versão') });
    const res = await home();
    expect(res.body).toContain('<p>Segunda versão</p>');
    expect(fs.statSync(path.join(shellDir, 'server/render.js')).mtimeMs).toBe(shellBefore);
  });

  it('a broken remote server build leaves the site up with the plain shell, and a fixed one renders again', async () => {
    deploy({ 'server/pages.js': 'throw new Error("broken deploy")' });
    const broken = await home();
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<div id=root></div>');
    expect(broken.body).not.toContain('vt-ssr-data');

    deploy({ 'server/pages.js': 'module.exports.default = { routes: {} }' });
    expect((await home()).body).toContain('<div id=root></div>');

    deploy({ 'server/pages.js': remoteServer('Terceira versão') });
    expect((await home()).body).toContain('<p>Terceira versão</p>');
  });

  it('a missing remote server build is the plain shell too', async () => {
    aSecondLater();
    fs.rmSync(path.join(publicDir, 'server'), { recursive: true });
    const res = await home();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id=root></div>');
  });
});

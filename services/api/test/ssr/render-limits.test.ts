import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BROKEN_RENDERS } from '../../../../scripts/broken-builds.mjs';
import { CANCEL_GRACE_MS } from '../../src/ssr/render-pool';
import { HeldClock } from '../held-clock';
import { setupApp, testConfig, type TestContext } from '../helpers';

/**
 * The server builds run in a render worker, never on the API's thread (docs/decisions/server-rendering.md,
 * "Rendering in workers"), with small stand-ins for them: a page whose render loops forever, one that allocates
 * without end and one that throws each get the plain shell with one warn line naming the reason, while /api/health
 * and the API answer meanwhile; the worker is replaced, the next pages render, and a fixed build deployed over a
 * broken one renders again without a restart. The loaders' reads cross the worker's port to the in-process API.
 *
 * The time limits run on a clock the test holds: a limit fires when the test says, after what it checks in the
 * meantime, so the order of events is asserted, never a duration.
 */

const LIMIT_MS = 5000;
/** The time a worker has to drop a cancelled render. */
const GRACE_MS = CANCEL_GRACE_MS;

const SHELL_HTML = '<!doctype html><html lang=pt-BR><head><title>Vitrine</title><script defer src=/main.js></script></head><body><div id=root></div><noscript>x</noscript></body></html>';
const PLAIN_SHELL = '<div id=root></div>';

/** The shell's server build: renders the remote's route named by the path ('/' is home), handing it the worker's client. */
const SHELL_SERVER = `
exports.shared = { '@vitrine/core': {} };
exports.render = async ({ url, lang, remote, http }) => {
  const pathname = url.split('?')[0];
  const name = pathname === '/' ? 'home' : pathname.slice(1);
  const route = remote.routes[name];
  if (!route) return undefined;
  const data = await route.load({ http, params: {}, search: new URLSearchParams() });
  return { status: data.status, route: name, head: '<title>' + route.head(data).title + '</title>', body: '<main>' + route.Component({ data }) + '</main>', data: { lang, route: name, loaderData: {} } };
};`;

/**
 * A public remote's server build. Home reads the API through the worker's port: /api/health, and a path that is a
 * 404 (the error keeps its status, as the browser's client gives it). `faq`, `contact` and `blog` behave as `bad` says.
 */
const remoteServer = (text: string, bad: { faq?: string; contact?: string; blog?: string; atLoad?: string } = {}) => `
${bad.atLoad ?? ''}
const page = (title, load) => ({
  load,
  head: () => ({ title }),
  Component: ({ data }) => '<p>' + title + ' · ' + data.entries.health + ' · ' + data.entries.missing + '</p>',
});
const reads = async ({ http }) => {
  const health = await http.get('/health');
  let missing;
  try {
    await http.get('/nothing-here');
  } catch (err) {
    missing = err.response && err.response.status;
  }
  return { status: 200, entries: { health: health.data.status, missing } };
};
module.exports.default = {
  registerTexts: () => ['public'],
  routes: {
    home: page(${JSON.stringify(text)}, reads),
    faq: page('faq', ${bad.faq ?? 'reads'}),
    contact: page('contact', ${bad.contact ?? 'reads'}),
    blog: page('blog', ${bad.blog ?? 'reads'}),
  },
};`;

/** Never ends, never yields: the worker's thread is stuck in it. */
const LOOPS = `async () => { ${BROKEN_RENDERS.loop} }`;
/** Keeps every array it makes: the worker's heap fills up. */
const ALLOCATES = `async () => { ${BROKEN_RENDERS.alloc} }`;
const THROWS = "async () => { throw new Error('a broken render'); }";

/** The suite's Date.now, moved on by the test: the renderer looks at the builds' files at most once a second. */
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

describe('server rendering in a worker, with a time and a memory limit', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-ssr-limits-'));
  const shellDir = path.join(root, 'shell');
  const publicDir = path.join(root, 'public');
  const clock = new HeldClock();
  const lines: Record<string, unknown>[] = [];
  let ctx: TestContext;

  const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const deploy = (pages: string) => {
    ahead += 1000;
    write(publicDir, { 'server/pages.js': pages });
  };
  const warnings = (reason: string) => lines.filter((l) => l.level === 40 && l.reason === reason);
  /** Home rendered now (not the answer cache's copy): the pool has a worker that renders. */
  const rendersHome = async (text: string) => {
    ctx.app.answerCache.clear();
    expect((await page('/')).body).toContain(`<div id=root><main><p>${text} · ok · 404</p></main></div>`);
  };
  /** The API answers while a render is under way (its limit's timer still held). */
  const apiAnswers = async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/public/categories' })).statusCode).toBe(200);
  };

  beforeAll(async () => {
    jest.spyOn(Date, 'now').mockImplementation(now);
    write(shellDir, { 'index.html': SHELL_HTML, 'main.js': '', 'server/render.js': SHELL_SERVER });
    write(publicDir, { 'mf-manifest.json': '{}', 'server/pages.js': remoteServer('Primeira versão', { faq: LOOPS, contact: ALLOCATES, blog: THROWS }) });
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    ctx = await setupApp('pglite', {
      site: { shellDir, remotes: { public_remote: publicDir } },
      config: { ...testConfig(), ssrWorkers: 1, ssrRenderTimeoutMs: LIMIT_MS, ssrWorkerMemoryMb: 64 },
      renderClock: clock,
      logger: { level: 'info', stream },
    });
  }, 60_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await ctx?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('renders in the worker, the loaders reading the API in-process through its port (an error keeps its status)', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id=root><main><p>Primeira versão · ok · 404</p></main></div>');
    expect(clock.pending(LIMIT_MS)).toBe(0);
  });

  it('a render that loops forever: the API answers meanwhile; at the time limit the plain shell, the worker replaced', async () => {
    let settled = false;
    const looping = page('/faq').finally(() => {
      settled = true;
    });
    // The render is handed to the worker, which is stuck in it from then on.
    await clock.armed(LIMIT_MS);
    await apiAnswers();
    expect(settled).toBe(false);

    expect(clock.fire(LIMIT_MS)).toBe(1);
    const res = await looping;
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PLAIN_SHELL);
    expect(res.body).not.toContain('vt-ssr-data');
    expect(warnings('time limit')).toHaveLength(1);
    expect(warnings('time limit')[0]).toMatchObject({ url: '/faq', msg: 'server render failed (time limit): the plain shell answers' });

    // The worker does not answer the cancel (its thread is stuck): at the end of its grace it is terminated.
    await clock.armed(GRACE_MS);
    await apiAnswers();
    expect(clock.fire(GRACE_MS)).toBe(1);
    // Its replacement renders the next page.
    await rendersHome('Primeira versão');
    expect(lines.filter((l) => l.level === 40 && l.msg === 'a render worker did not stop a render over its time limit: terminated and replaced')).toHaveLength(1);
  });

  it('a render that allocates without end: the worker dies at its memory limit, the plain shell, the worker replaced', async () => {
    const res = await page('/contact');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PLAIN_SHELL);
    expect(warnings('memory limit')).toHaveLength(1);
    expect(warnings('memory limit')[0]).toMatchObject({ url: '/contact' });
    await apiAnswers();
    await rendersHome('Primeira versão');
    // The limits' timers ended with the renders (and the replacement's evaluation of the builds): none is left.
    expect(clock.pending(LIMIT_MS)).toBe(0);
  });

  it('a render that throws: the plain shell and one warn line with its message; the worker stays', async () => {
    const res = await page('/blog');
    expect(res.body).toContain(PLAIN_SHELL);
    expect(warnings('error')).toHaveLength(1);
    expect(warnings('error')[0]).toMatchObject({ url: '/blog', detail: 'a broken render' });
    await rendersHome('Primeira versão');
  });

  it('a fixed build deployed over the broken one renders every page, without a restart', async () => {
    deploy(remoteServer('Segunda versão'));
    await rendersHome('Segunda versão');
    for (const url of ['/faq', '/contact', '/blog']) expect((await page(url)).body).toContain(`<p>${url.slice(1)} · ok · 404</p>`);
  });

  it('a build whose evaluation never ends: the plain shell at the time limit, the API answering meanwhile; the next deploy renders', async () => {
    deploy(remoteServer('Nunca', { atLoad: 'for (;;) {}' }));
    let settled = false;
    const waiting = page('/').finally(() => {
      settled = true;
    });
    // The new worker runs the build's code from here.
    await clock.armed(LIMIT_MS);
    await apiAnswers();
    expect(settled).toBe(false);
    expect(clock.fire(LIMIT_MS)).toBe(1);
    const res = await waiting;
    expect(res.body).toContain(PLAIN_SHELL);
    expect(lines.some((l) => l.level === 50 && l.msg === 'server rendering unavailable; public pages are sent as the plain shell')).toBe(true);
    // The broken build is not evaluated again on every page: it stays the plain shell until a deploy.
    ahead += 1000;
    expect((await page('/')).body).toContain(PLAIN_SHELL);
    expect(clock.pending(LIMIT_MS)).toBe(0);

    deploy(remoteServer('Terceira versão'));
    await rendersHome('Terceira versão');
    expect(lines.some((l) => l.msg === 'server rendering is back: the public pages are rendered on the server again')).toBe(true);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { brokenBuild, type BrokenRender } from '../../../../scripts/broken-builds.mjs';
import { CANCEL_GRACE_MS } from '../../src/ssr/render-pool';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { HeldClock } from '../held-clock';
import { BACKENDS, setupApp, testConfig, type TestContext } from '../helpers';
import { serving, tempDir } from './builds';

/**
 * A broken release of the public remote does not take the API down (docs/decisions/server-rendering.md, "Rendering
 * in workers"; docs/decisions/releases.md). The checkout's build with its blog page broken (scripts/broken-builds.mjs:
 * the page's server render loops forever, or allocates without end; home and the posts render as before, so it passes
 * the smoke render before its activation) is published and activated through the release service, as the release
 * command does: the blog is answered with the plain shell and one warn line naming the limit, /api/health answers
 * meanwhile, the app goes on serving the release's other pages, and a rollback brings the blog's server render back
 * without a restart. The same builds the releases part of the bench measures (scripts/bench-releases.mjs).
 *
 * The time limits run on a clock the test holds (as in test/ssr/render-limits.test.ts): the order of events is
 * asserted, never a duration.
 */

const root = path.resolve(__dirname, '../../../..');
const shellDir = path.join(root, 'hosts/shell/dist');
const publicDist = path.join(root, 'remotes/public/dist');
for (const file of [path.join(shellDir, 'server/render.js'), path.join(publicDist, 'server/pages.js')]) {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the shell and the public remote first (npm run build -- shell public)`);
}

const LIMIT_MS = 5000;
const SSR_DATA = 'id="vt-ssr-data"';
const PLAIN_SHELL = '<div id=root></div>';
const releaseMeta = (id: string) => `<meta name="release:public" content="${id}">`;

describe.each(BACKENDS)('a broken public release does not take the API down (%s)', (backend) => {
  const clock = new HeldClock();
  const lines: Record<string, unknown>[] = [];
  let ctx: TestContext;
  let dataDir: string;
  let good: string;
  let post: string;

  /** The suite's Date.now, moved on by the test: the renderer looks at the active release at most once a second. */
  let ahead = 0;
  const realNow = Date.now.bind(Date);

  const service = () => ctx.app.releases.service;
  const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const warnings = (reason: string) => lines.filter((l) => l.level === 40 && l.reason === reason);
  /** The API answers: health, and a read of the database. */
  const apiAnswers = async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/public/categories' })).statusCode).toBe(200);
  };
  /** `url` rendered now (not the answer cache's copy) with release `id`. */
  const rendersWith = async (url: string, id: string) => {
    ctx.app.answerCache.clear();
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SSR_DATA);
    expect(res.body).toContain(releaseMeta(id));
  };
  /** The plain shell: the browser renders the page. */
  const isPlainShell = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PLAIN_SHELL);
    expect(res.body).not.toContain(SSR_DATA);
  };

  /** Publishes and activates the build with its blog broken as `kind`; answers its id once the app renders with it. */
  async function activateBroken(kind: BrokenRender): Promise<string> {
    const published = await service().publish('public', brokenBuild(publicDist, path.join(dataDir, `build-${kind}`), kind));
    const id = published.release.id;
    const changed = serving(ctx.app.releases.registry, 'public', id);
    const result = await service().activate('public', id, 'test');
    // Its smoke render passed: home and the newest post render with it.
    expect(result.smoke?.pages?.map((p) => [p.url, p.status])).toEqual([
      ['/', 200],
      [post, 200],
    ]);
    await changed;
    ahead += 1000;
    // Served: its other pages render, in a worker that has evaluated it (no time limit left running).
    await rendersWith('/', id);
    await rendersWith(post, id);
    expect(clock.pending(LIMIT_MS)).toBe(0);
    return id;
  }

  /** Back to the good release: the blog is server-rendered again, with it, without a restart. */
  async function rollsBack(): Promise<void> {
    const back = serving(ctx.app.releases.registry, 'public', good);
    expect((await service().rollback('public', 'test')).active).toBe(good);
    await back;
    ahead += 1000;
    await rendersWith('/blog', good);
  }

  beforeAll(async () => {
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
    dataDir = tempDir('broken-release');
    // The checkout's public remote, as its first release: the server publishes and activates it at start.
    const first = path.join(dataDir, 'public-dist');
    fs.cpSync(publicDist, first, { recursive: true });
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    ctx = await setupApp(backend, {
      config: testConfig({ dataDir, ssrWorkers: 1, ssrRenderTimeoutMs: LIMIT_MS }),
      site: { shellDir },
      releases: { dists: { public: first } },
      renderClock: clock,
      logger: { level: 'info', stream },
    });
    const category = await createCategory(ctx);
    const article = await createArticle(ctx, { image_id: await imageId(ctx), category_ids: [category.id] }, { status: 'published' });
    post = `/post/${article.unique_key}/${article.id}`;
    good = ctx.app.releases.registry?.active('public')?.id as string;
  }, 60_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the good release renders the blog on the server', async () => {
    expect(good).toBeDefined();
    await rendersWith('/blog', good);
  });

  it("a release whose blog render loops forever: the plain shell at the time limit with a warn line, the API answering meanwhile; its worker replaced; the rollback renders the blog again", async () => {
    const id = await activateBroken('loop');
    let settled = false;
    const blog = page('/blog').finally(() => {
      settled = true;
    });
    // The render is handed to the worker, which is stuck in it from then on.
    await clock.armed(LIMIT_MS);
    await apiAnswers();
    expect(settled).toBe(false);

    expect(clock.fire(LIMIT_MS)).toBe(1);
    isPlainShell(await blog);
    expect(warnings('time limit')).toHaveLength(1);
    expect(warnings('time limit')[0]).toMatchObject({ url: '/blog', msg: 'server render failed (time limit): the plain shell answers' });

    // The stuck worker does not answer the cancel: at the end of its grace it is terminated, and another takes its place.
    await clock.armed(CANCEL_GRACE_MS);
    await apiAnswers();
    expect(clock.fire(CANCEL_GRACE_MS)).toBe(1);
    await rendersWith('/', id);
    await apiAnswers();

    await rollsBack();
  });

  it('a release whose blog render allocates without end: the plain shell at the memory limit with a warn line, the API answering; the rollback renders the blog again', async () => {
    const id = await activateBroken('alloc');
    const blog = page('/blog');
    // The render is under way (its time limit's timer runs, or ran: the heap may already be full), on the worker alone.
    await clock.armed(LIMIT_MS);
    await apiAnswers();

    isPlainShell(await blog);
    expect(warnings('memory limit')).toHaveLength(1);
    // Its time limit was never fired: the worker's heap ended the render.
    expect(warnings('memory limit')[0]).toMatchObject({ url: '/blog', msg: 'server render failed (memory limit): the plain shell answers' });
    expect(warnings('time limit')).toHaveLength(1);
    await apiAnswers();
    // The worker that died is replaced: the release's other pages render.
    await rendersWith('/', id);

    await rollsBack();
    // Nothing but these two renders failed.
    expect(lines.filter((l) => l.level === 40 && typeof l.msg === 'string' && l.msg.startsWith('server render failed'))).toHaveLength(2);
  });
});

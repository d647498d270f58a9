import fs from 'node:fs';
import path from 'node:path';
import { ReleaseError } from '../../src/releases/errors';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { BACKENDS, setupApp, testConfig, type TestContext } from '../helpers';
import { fakeBuild, fakeShell, tempDir, write } from './builds';

/**
 * A public release is smoke-rendered before it becomes the active one (docs/decisions/releases.md, "What is
 * refused"): its server build renders the home page and the newest post with the current content, in a render worker
 * of its own. A build that cannot be loaded, whose render throws or that renders an error page is refused, and the
 * active release stays; the refusal names the page and the reason. Rollbacks are checked the same way.
 */

const root = path.resolve(__dirname, '../../../..');
const shellDir = path.join(root, 'hosts/shell/dist');
const publicDist = path.join(root, 'remotes/public/dist');
for (const file of [path.join(shellDir, 'server/render.js'), path.join(publicDist, 'server/pages.js')]) {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the shell and the public remote first (npm run build -- shell public)`);
}

/** A copy of the checkout's public remote with its server build changed by `change` (another content: another release). */
function variant(dataDir: string, name: string, change: (code: string) => string): string {
  const dir = path.join(dataDir, name);
  fs.cpSync(publicDist, dir, { recursive: true });
  const file = path.join(dir, 'server/pages.js');
  fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
  return dir;
}

const refusal = async (work: Promise<unknown>): Promise<ReleaseError> => {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ReleaseError)) throw new Error(`expected a release refusal, got ${String(err)}`);
  return err;
};

describe.each(BACKENDS)('the smoke render of a public release before it becomes active (%s)', (backend) => {
  let ctx: TestContext;
  let dataDir: string;
  let post: { id: number; unique_key: string };

  beforeAll(async () => {
    dataDir = tempDir('release-smoke');
    ctx = await setupApp(backend, { config: testConfig({ dataDir }), site: { shellDir }, releases: { dists: { public: variant(dataDir, 'first', (c) => c) } } });
    const category = await createCategory(ctx);
    post = await createArticle(ctx, { image_id: await imageId(ctx), category_ids: [category.id] }, { status: 'published' });
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const service = () => ctx.app.releases.service;
  const active = async () => (await service().list('public'))[0]?.active;

  it('renders the home page and the newest post with the current content, then activates; the result says so', async () => {
    const next = await service().publish('public', variant(dataDir, 'good', (c) => `/* another build */\n${c}`));
    const result = await service().activate('public', next.release.id, 'test');
    expect(result.changed).toBe(true);
    expect(result.smoke?.pages?.map((p) => [p.url, p.status])).toEqual([
      ['/', 200],
      [`/post/${post.unique_key}/${post.id}`, 200],
    ]);
    expect(await active()).toBe(next.release.id);
  });

  it('refuses a build whose code cannot be loaded, and the active release stays', async () => {
    const before = await active();
    const broken = await service().publish('public', variant(dataDir, 'throws-at-load', (c) => `throw new Error('a broken build');\n${c}`));
    const err = await refusal(service().activate('public', broken.release.id, 'test'));
    expect([err.statusCode, err.code, err.refusal]).toEqual([409, 'CONFLICT', 'smoke']);
    expect(err.message).toContain('could not be loaded');
    expect(err.message).toContain('a broken build');
    expect(await active()).toBe(before);
    // It stays published: fixed builds come as new releases, and `list` still shows it.
    expect((await service().list('public'))[0]?.releases.map((r) => r.id)).toContain(broken.release.id);
  });

  it('refuses a build that is not a server build of the remote', async () => {
    const before = await active();
    const empty = await service().publish('public', variant(dataDir, 'not-a-build', () => 'module.exports = {};'));
    const err = await refusal(service().activate('public', empty.release.id, 'test'));
    expect(err.refusal).toBe('smoke');
    expect(err.message).toContain("is not a remote's server build");
    expect(await active()).toBe(before);
  });

  it('checks a rollback the same way: back to a release that renders, with its smoke render in the result', async () => {
    const list = (await service().list('public'))[0];
    const result = await service().rollback('public', 'test');
    expect(result.active).toBe(list?.previous);
    expect(result.smoke?.pages?.[0]).toMatchObject({ url: '/', status: 200 });
  });

  it('the admin remote has no server build: it is activated without one', async () => {
    const build = fakeBuild('admin');
    const published = await service().publish('admin', build.dir);
    const result = await service().activate('admin', published.release.id, 'test');
    expect(result.changed).toBe(true);
    expect(result.smoke).toBeUndefined();
  });
});

/**
 * Small stand-ins for the builds: a shell whose server build renders the remote's route named by the path's first
 * segment and answers the status its loader gives, and remotes whose home or post misbehave.
 */
const SHELL_SERVER = `
exports.shared = { '@vitrine/core': {} };
exports.render = async ({ url, lang, remote, http }) => {
  const name = url.split('?')[0].split('/')[1] || 'home';
  const route = remote.routes[name];
  if (!route) return { status: 404, route: 'not-found', head: '', body: '<p>not found</p>', data: { lang, route: 'not-found', loaderData: {} } };
  const data = await route.load({ http });
  return { status: data.status, route: name, head: '<title>' + name + '</title>', body: data.body, data: { lang, route: name, loaderData: {} } };
};`;

const remoteServer = (routes: { home?: string; post?: string }) => `
const fine = async () => ({ status: 200, body: '<main>fine</main>' });
module.exports.default = {
  registerTexts: () => ['public'],
  routes: { home: { load: ${routes.home ?? 'fine'} }, ...(${routes.post === undefined ? 'false' : 'true'} ? { post: { load: ${routes.post ?? 'fine'} } } : {}) },
};`;

describe('what the smoke render refuses, with stand-in builds (pglite)', () => {
  let ctx: TestContext;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDir('release-smoke-stand-ins');
    const shell = fakeShell(path.join(dataDir, 'shell'));
    write(shell, { 'server/render.js': SHELL_SERVER });
    ctx = await setupApp('pglite', { config: testConfig({ dataDir }), site: { shellDir: shell }, releases: {} });
    const category = await createCategory(ctx);
    await createArticle(ctx, { image_id: await imageId(ctx), category_ids: [category.id] }, { status: 'published' });
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const attempt = async (routes: { home?: string; post?: string }) => {
    const build = fakeBuild('public');
    write(build.dir, { 'server/pages.js': remoteServer(routes) });
    const published = await ctx.app.releases.service.publish('public', build.dir);
    return ctx.app.releases.service.activate('public', published.release.id, 'test');
  };

  it('activates stand-ins that render both pages', async () => {
    const result = await attempt({ post: 'fine' });
    expect(result.smoke?.pages?.map((p) => p.url)).toEqual(['/', expect.stringMatching(/^\/post\/[^/]+\/\d+$/)]);
  });

  it.each([
    ['a home page whose render throws', { home: "async () => { throw new Error('home is broken'); }", post: 'fine' }, '/: error: home is broken'],
    ['a post page answering 500', { post: "async () => ({ status: 500, body: '<p>oops</p>' })" }, 'answered 500'],
    ['no post page at all', {}, '(not-found)'],
    ['a home page with no markup', { home: "async () => ({ status: 200, body: ' ' })", post: 'fine' }, '/ rendered no markup'],
  ])('refuses %s, naming the page and the reason', async (_name, routes, expected) => {
    const before = (await ctx.app.releases.service.list('public'))[0]?.active;
    const err = await refusal(attempt(routes));
    expect(err.refusal).toBe('smoke');
    expect(err.message).toContain(expected);
    expect((await ctx.app.releases.service.list('public'))[0]?.active).toBe(before);
  });
});

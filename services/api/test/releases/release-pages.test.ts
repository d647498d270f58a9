import fs from 'node:fs';
import path from 'node:path';
import { BACKENDS, setupApp, testConfig, withClockAhead, type TestContext } from '../helpers';
import { serving, tempDir, write } from './builds';

const root = path.resolve(__dirname, '../../../..');
const shellDir = path.join(root, 'hosts/shell/dist');
const publicDist = path.join(root, 'remotes/public/dist');
for (const file of [path.join(shellDir, 'server/render.js'), path.join(publicDist, 'server/pages.js')]) {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the shell and the public remote first (npm run build -- shell public)`);
}

const ssrData = (html: string) =>
  JSON.parse(/<script id="vt-ssr-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as { runtime?: { remotes: Record<string, string> } } | null;

describe.each(BACKENDS)('a page names the release it was rendered with, and the browser loads that release (%s)', (backend) => {
  let ctx: TestContext;
  let dataDir: string;
  const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  beforeAll(async () => {
    dataDir = tempDir('release-pages');
    // The checkout's public remote, as its first release: the server publishes and activates it at start.
    const dist = path.join(dataDir, 'public-dist');
    fs.cpSync(publicDist, dist, { recursive: true });
    ctx = await setupApp(backend, { config: testConfig({ dataDir }), site: { shellDir }, releases: { dists: { public: dist } } });
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders with the active release: its meta tag, its manifest in the page runtime config, its files linked by their release path', async () => {
    const active = ctx.app.releases.registry?.active('public');
    expect(active).toBeDefined();
    const id = active?.id as string;
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<meta name="release:public" content="${id}">`);
    expect(ssrData(res.body)?.runtime?.remotes.public_remote).toBe(`/remotes/public/r/${id}/mf-manifest.json`);
    const linked = [...res.body.matchAll(/<link rel="(?:stylesheet|prefetch)"[^>]*href="([^"]+)"/g)].map((m) => m[1] as string).filter((href) => href.startsWith('/remotes/'));
    expect(linked.length).toBeGreaterThan(1);
    for (const href of linked) expect(href.startsWith(`/remotes/public/r/${id}/`)).toBe(true);
    for (const href of linked) expect((await ctx.app.inject({ method: 'GET', url: href })).statusCode).toBe(200);
  });

  it('a page rendered before an activation still loads its own release; the next render uses the new one', async () => {
    const before = await page('/blog');
    const r1 = ctx.app.releases.registry?.active('public')?.id as string;
    const manifest = ssrData(before.body)?.runtime?.remotes.public_remote as string;

    // A new build of the remote (another file in it: another content hash), published and activated.
    const next = path.join(dataDir, 'public-next');
    fs.cpSync(publicDist, next, { recursive: true });
    write(next, { 'release-note.txt': 'the next build' });
    const published = await ctx.app.releases.service.publish('public', next);
    const r2 = published.release.id;
    expect(r2).not.toBe(r1);
    const changed = serving(ctx.app.releases.registry, 'public', r2);
    await ctx.app.releases.service.activate('public', r2, 'test');
    await changed;

    // What the earlier page names is still there: its manifest and every file it lists.
    const kept = await ctx.app.inject({ method: 'GET', url: manifest });
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = (kept.json() as { metaData: { remoteEntry: { name: string } } }).metaData.remoteEntry.name;
    expect((await ctx.app.inject({ method: 'GET', url: manifest.replace(/mf-manifest\.json$/, entry) })).statusCode).toBe(200);

    // The renderer looks at the release at most once a second: a second later, pages come from the new release.
    const after = await withClockAhead(2000, () => page('/blog'));
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(`<meta name="release:public" content="${r2}">`);
    expect(ssrData(after.body)?.runtime?.remotes.public_remote).toBe(`/remotes/public/r/${r2}/mf-manifest.json`);
  });
});

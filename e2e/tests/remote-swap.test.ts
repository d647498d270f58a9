// Scenario 8: a remote ships a new feature without a shell redeploy. A variant of the admin remote
// replaces its users screen (route `users`) with one that calls an endpoint the shell's build never
// calls, with text keys the shell never had, in pt-BR and en-US; the same for the public remote,
// whose variant replaces its FAQ screen (route `faq`) with one that asks something else and has
// texts of its own. Each is built from a copy of the remote's source, published and activated as a
// release under the running server (npm run release, docs/decisions/releases.md), and works after a
// reload in both languages. The shell's files are never touched. A build the shell cannot run is
// refused at activation; served by another host anyway, the shell refuses it with its own message.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Page } from 'playwright-core';
import { setupSuite } from '../support/app';
import { inSession, signIn } from '../support/browser';
import { ADMIN, ROOT, servedRoot } from '../support/env';
import { buildVariant, deploy, release } from '../support/variant';

// The bundles the server serves (the run's snapshot, or the checkout's dist folders).
const SHELL_DIST = path.join(servedRoot(), 'hosts', 'shell', 'dist');
const temp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `vitrine-e2e-${name}-`));
const served = { admin: temp('admin-served'), public: temp('public-served') };
const rebuilt = { admin: temp('admin-rebuilt'), public: temp('public-rebuilt') };
fs.cpSync(path.join(servedRoot(), 'remotes', 'admin', 'dist'), served.admin, { recursive: true });
fs.cpSync(path.join(servedRoot(), 'remotes', 'public', 'dist'), served.public, { recursive: true });

// The snapshot's remotes are the server's first releases.
const suite = setupSuite({ name: 'remote-swap', env: { REMOTES_DIR_ADMIN: served.admin, REMOTES_DIR_PUBLIC: served.public } });
const running = () => {
  const server = suite.server();
  if (!server) throw new Error('the remote-swap suite runs a server of its own');
  return server;
};

// 8c: an admin remote built against a shared core the shell does not provide, and a host outside the release
// store (say, a CDN the operator points ADMIN_REMOTE_URL at) that serves it anyway.
const incompatible = temp('admin-incompatible');
let cdn: http.Server | undefined;
const elsewhere = setupSuite(async () => {
  const host = http.createServer((req, res) => {
    const file = path.join(incompatible, decodeURIComponent(new URL(req.url ?? '/', 'http://cdn').pathname));
    if (!file.startsWith(incompatible + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'access-control-allow-origin': '*' }).end();
      return;
    }
    const type = file.endsWith('.json') ? 'application/json' : file.endsWith('.css') ? 'text/css' : 'text/javascript';
    res.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*', 'cache-control': 'no-cache' });
    fs.createReadStream(file).pipe(res);
  });
  cdn = host;
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  return { name: 'remote-swap-elsewhere', env: { ADMIN_REMOTE_URL: `http://127.0.0.1:${(host.address() as AddressInfo).port}/mf-manifest.json` } };
});
after(() => {
  cdn?.close();
  for (const dir of [...Object.values(served), ...Object.values(rebuilt), incompatible]) fs.rmSync(dir, { recursive: true, force: true });
});

/** A page's HTML as the server sends it (no JavaScript), and what it rendered inside #root. */
const html = async (pathname: string) => (await fetch(suite.baseUrl + pathname, { headers: { accept: 'text/html' } })).text();
const serverRoot = (page: string) => /<div id=root>([\s\S]*?)<\/div><noscript>/.exec(page)?.[1] ?? '';

const hashOf = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const shellFiles = () => ({ main: hashOf(path.join(SHELL_DIST, 'main.js')), index: hashOf(path.join(SHELL_DIST, 'index.html')) });

/**
 * Hashes of every /main.js the page ran (what the browser ran of the shell): the body of a 200, and
 * for a 304 (main.js is revalidated by ETag) the cached copy the server confirmed, i.e. the last body.
 */
function watchShell(page: Page): string[] {
  const bodies: string[] = [];
  let last: Promise<string | undefined> = Promise.resolve(undefined);
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== '/main.js') return;
    const status = response.status();
    if (status === 200) {
      last = response.body().then(
        (body) => createHash('sha256').update(body).digest('hex'),
        () => undefined,
      );
      void last.then((hash) => hash && bodies.push(hash));
    } else if (status === 304) {
      void last.then((hash) => hash && bodies.push(hash));
    }
  });
  return bodies;
}

// ---- the admin remote's new feature: a team screen (its own request, texts and TanStack query) ----
const ADMIN_TEAM = {
  'src/features/team/locales/pt-BR.ts': `export const team = {
  title: 'Equipe — entregue só pelo remote admin',
  count_one: '{{count}} pessoa na equipe',
  count_other: '{{count}} pessoas na equipe',
};
`,
  'src/features/team/locales/en-US.ts': `export const team = {
  title: 'Team — shipped by the admin remote alone',
  count_one: '{{count}} person on the team',
  count_other: '{{count}} people on the team',
};
`,
  'src/features/team/api.ts': `import { http } from '@vitrine/core';

export interface Member { id: number; name: string; email: string }

/** An endpoint the shell's build never calls. */
export async function listTeam(): Promise<{ items: Member[]; total: number }> {
  const { data } = await http.post<{ data: { items: Member[]; total: number } }>('/user/users-list', { page: 1, limit: 10 });
  return data.data;
}
`,
  'src/features/team/team-page.tsx': `import { useQuery } from '@tanstack/react-query';
import { loadTexts, registerTexts, useTranslation } from '@vitrine/core';
import { listTeam } from './api';

const NS = 'admin_team';

export function loadTeamTexts(): Promise<void> {
  registerTexts(NS, {
    'pt-BR': () => import('./locales/pt-BR').then((m) => m.team),
    'en-US': () => import('./locales/en-US').then((m) => m.team),
  });
  return loadTexts([NS]);
}

export function TeamPage() {
  const { t } = useTranslation(NS);
  const team = useQuery({ queryKey: ['team'], queryFn: listTeam });
  return (
    <section data-testid="team-page">
      <h1 data-testid="team-title">{t('title')}</h1>
      {team.data && <p data-testid="team-count">{t('count', { count: team.data.total })}</p>}
      <ul>{team.data?.items.map((m) => <li key={m.id} data-testid="team-member">{m.name}</li>)}</ul>
    </section>
  );
}
`,
};
const addAdminTeam = (pages: string) =>
  pages.replace(
    "users: page(() => import('./features/users/components/users-page').then((m) => m.UsersPage)),",
    "users: page(() => import('./features/team/team-page').then(async (m) => { await m.loadTeamTexts(); return m.TeamPage; })),",
  );

// ---- the public remote's new feature: an FAQ screen listing the blog's topics ----
const PUBLIC_FAQ = {
  'src/features/faq-variant/locales/pt-BR.ts': `export const faq = {
  title: 'Dúvidas por assunto — entregue só pelo remote público',
  topics: 'Assuntos: {{names}}',
};
`,
  'src/features/faq-variant/locales/en-US.ts': `export const faq = {
  title: 'Questions by topic — shipped by the public remote alone',
  topics: 'Topics: {{names}}',
};
`,
  'src/features/faq-variant/loader.ts': `import { fetchPublicCategories } from '../../api/public-content';
import { defineLoader } from '../../lib/loader';

/** A route loader like the remote's own: the blog's topics, by name. */
export const topicsLoader = defineLoader({
  id: 'faq-topics',
  key: () => 'faq-topics',
  load: ({ http }) => fetchPublicCategories(http).then((list) => list.map((c) => c.name)),
});
`,
  'src/features/faq-variant/route.ts': `import { titled } from '../../lib/head';
import { definePage } from '../../lib/route';
import { topicsLoader } from './loader';

/** The page's data and head, as the remote's own routes declare them: rendered on the server too. */
export const faqRoute = definePage({
  loaders: [topicsLoader],
  head: (_read, ctx) => ({ title: titled(ctx, ctx.t('public_faq:title')), description: ctx.t('public_faq:title'), canonical: '/faq', type: 'website' }),
});
`,
  'src/features/faq-variant/faq-page.tsx': `import { loadTexts, registerTexts, useTranslation } from '@vitrine/core';
import { useLoader } from '../../lib/loader';
import { topicsLoader } from './loader';

const NS = 'public_faq';

export function registerFaqTexts(): string {
  registerTexts(NS, {
    'pt-BR': () => import('./locales/pt-BR').then((m) => m.faq),
    'en-US': () => import('./locales/en-US').then((m) => m.faq),
  });
  return NS;
}

export function loadFaqTexts(): Promise<void> {
  return loadTexts([registerFaqTexts()]);
}

export function FaqPage() {
  const { t } = useTranslation(NS);
  const topics = useLoader(topicsLoader);
  return (
    <section data-testid="faq-variant">
      <h1 data-testid="faq-title">{t('title')}</h1>
      {topics.status === 'success' && <p data-testid="faq-topics">{t('topics', { names: topics.data.join(', ') })}</p>}
    </section>
  );
}
`,
};
/** The FAQ route of the remote's browser surface (./pages) is the new screen's… */
const addPublicFaq = (pages: string) =>
  pages
    .replace("from './features/faq/route';", "from './features/faq-variant/route';")
    .replace(
      "() => import('./features/faq/faq-page').then((m) => m.FaqPage)",
      "() => import('./features/faq-variant/faq-page').then(async (m) => { await m.loadFaqTexts(); return m.FaqPage; })",
    );
/** …and so is its server build's, texts included. */
const addPublicFaqOnServer = (server: string) =>
  server
    .replace("import { FaqPage } from './features/faq/faq-page';", "import { FaqPage, registerFaqTexts } from './features/faq-variant/faq-page';")
    .replace("from './features/faq/route';", "from './features/faq-variant/route';")
    .replace('return [PUBLIC_NS', 'return [registerFaqTexts(), PUBLIC_NS');

test('8a. a new admin screen with a new request and new texts ships by rebuilding only the admin remote', { timeout: 420_000 }, async () => {
  const buildId = `e2e-admin-${randomBytes(4).toString('hex')}`;
  const shellBefore = shellFiles();
  // The build runs while the browser checks the current deploy (2 cores: it is the long pole).
  const building = buildVariant({ remote: 'admin', files: ADMIN_TEAM, patch: { 'src/pages.ts': addAdminTeam }, buildId, outDir: rebuilt.admin });
  building.catch(() => undefined);

  await inSession(suite.browser, suite.baseUrl, 'admin-remote-swap', async ({ page }) => {
    const servedShell = watchShell(page);
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    const before = await page.getByTestId('dashboard-page').getAttribute('data-build');
    // Today's admin remote shows its own users screen there.
    await page.goto('/admin/users');
    await page.getByTestId('users-page').waitFor();

    await building;
    await deploy(running(), 'admin', rebuilt.admin);

    const usersList = page.waitForResponse((r) => r.url().endsWith('/api/user/users-list') && r.request().method() === 'POST');
    await page.reload();
    assert.equal((await usersList).status(), 200, 'the new screen called its endpoint');
    await page.getByTestId('team-page').waitFor();
    assert.equal(await page.getByTestId('team-title').innerText(), 'Equipe — entregue só pelo remote admin');
    await page.getByTestId('team-member').first().waitFor();
    assert.ok((await page.getByTestId('team-member').allInnerTexts()).includes(ADMIN.name), 'the signed-in admin is listed');
    assert.match(await page.getByTestId('team-count').innerText(), /^\d+ pessoas? na equipe$/);

    await page.goto('/admin/users?lang=en-US');
    await page.getByTestId('team-page').waitFor();
    await page.getByText('Team — shipped by the admin remote alone').waitFor();
    assert.match(await page.getByTestId('team-count').innerText(), /^\d+ (person|people) on the team$/);

    // The rest of the admin came with the same rebuild.
    await page.goto('/admin/dashboard');
    const afterSwap = (await page.getByTestId('dashboard-page').getAttribute('data-build')) ?? '';
    assert.ok(afterSwap.includes(buildId), `the dashboard's data-build "${afterSwap}" is the new build id ${buildId} (was "${before}")`);
    assert.ok(servedShell.length >= 2, 'the shell was loaded before and after the swap');
    assert.equal(new Set(servedShell).size, 1, 'the browser ran the same shell bundle before and after the swap');
  });
  // hosts/shell/dist is shared with whoever else builds in this checkout: a concurrent `npm run build`
  // would show up here (the variant build only writes to its temporary output dir).
  assert.deepEqual(shellFiles(), shellBefore, "the shell's files were not touched (main.js and index.html)");
});

test('8b. a changed public screen with a new request and new texts ships by rebuilding only the public remote', { timeout: 420_000 }, async () => {
  const shellBefore = shellFiles();
  const building = buildVariant({
    remote: 'public',
    files: PUBLIC_FAQ,
    patch: { 'src/pages.ts': addPublicFaq, 'src/server.ts': addPublicFaqOnServer },
    buildId: 'e2e-public',
    outDir: rebuilt.public,
  });
  building.catch(() => undefined);

  await inSession(suite.browser, suite.baseUrl, 'public-remote-swap', async ({ page }) => {
    const servedShell = watchShell(page);
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' }).waitFor();
    // Today's remote renders its own FAQ, on the server too.
    assert.match(serverRoot(await html('/faq')), /Perguntas frequentes/, 'the FAQ is server-rendered before the deploy');
    assert.doesNotMatch(serverRoot(await html('/faq')), /faq-variant/);

    await building;
    await deploy(running(), 'public', rebuilt.public);

    // The server renders the new page from the new release's server build (looked at once a second).
    await new Promise((r) => setTimeout(r, 1_500));
    const rendered = await html('/faq');
    assert.match(serverRoot(rendered), /<h1 data-testid="faq-title">Dúvidas por assunto — entregue só pelo remote público<\/h1>/);
    assert.match(serverRoot(rendered), /Assuntos: \S/);
    assert.match(rendered, /<title>Dúvidas por assunto — entregue só pelo remote público · Vitrine<\/title>/);
    assert.match(serverRoot(await html('/faq?lang=en-US')), /Questions by topic — shipped by the public remote alone/);

    await page.reload();
    await page.getByTestId('faq-variant').waitFor();
    assert.equal(await page.getByTestId('faq-title').innerText(), 'Dúvidas por assunto — entregue só pelo remote público');
    assert.match(await page.getByTestId('faq-topics').innerText(), /^Assuntos: \S/);

    await page.goto('/faq?lang=en-US');
    await page.getByText('Questions by topic — shipped by the public remote alone').waitFor();
    assert.match(await page.getByTestId('faq-topics').innerText(), /^Topics: \S/);

    // The remote's existing pages still work, in English now too.
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
    assert.ok(servedShell.length >= 2, 'the shell was loaded before and after the swap');
    assert.equal(new Set(servedShell).size, 1, 'the browser ran the same shell bundle before and after the swap');
  });
  assert.deepEqual(shellFiles(), shellBefore, "the shell's files were not touched (main.js and index.html)");
});

test('8c. an admin remote that needs a newer shared core than the shell provides is refused at activation, and by the shell with its own message', { timeout: 420_000 }, async () => {
  // Built against a (pretend) next minor of @vitrine/core's API: the shell provides the current version.
  const [major, minor] = (JSON.parse(fs.readFileSync(path.join(ROOT, 'shared/core/package.json'), 'utf8')) as { version: string }).version.split('.').map(Number) as [number, number];
  const needed = `^${major}.${minor + 1}.0`;
  await buildVariant({
    remote: 'admin',
    files: {},
    patch: { 'package.json': (pkg) => pkg.replace(/"@vitrine\/core": "[^"]*"/, `"@vitrine/core": "${needed}"`) },
    buildId: 'e2e-incompatible',
    outDir: incompatible,
  });

  // The release store publishes it (the shell may be deployed after it) but refuses to make it active.
  const activeBefore = ((await (await fetch(`${suite.baseUrl}/remotes.json`)).json()) as { remotes: Record<string, string> }).remotes.admin_remote;
  const published = await release(running(), ['publish', 'admin', incompatible]);
  assert.equal(published.code, 0, published.out);
  assert.ok(published.out.includes(`cannot be activated yet`) && published.out.includes(`needs @vitrine/core ${needed}`), published.out);
  const id = /published admin release (\S+)/.exec(published.out)?.[1] ?? '';
  const refused = await release(running(), ['activate', 'admin', id]);
  assert.equal(refused.code, 1, refused.out);
  assert.ok(refused.out.includes(`release activate refused: admin release ${id} needs @vitrine/core ${needed}, which the shell does not provide`), refused.out);
  const activeAfter = ((await (await fetch(`${suite.baseUrl}/remotes.json`)).json()) as { remotes: Record<string, string> }).remotes.admin_remote;
  assert.equal(activeAfter, activeBefore, 'the admin remote still serves the release that was active');

  // Served by another host all the same, the shell checks its manifest itself.
  await inSession(elsewhere.browser, elsewhere.baseUrl, 'admin-remote-incompatible', async ({ page, errors }) => {
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    const fallback = page.getByTestId('remote-fallback');
    await fallback.waitFor();
    assert.equal(await fallback.getByRole('heading').innerText(), 'Esta parte do site precisa de uma versão mais nova do site');
    assert.equal(await page.getByTestId('dashboard-page').count(), 0, 'the refused remote rendered nothing');
    assert.equal(await page.getByTestId('admin-plain-frame').count(), 1, "the shell's plain frame is still there");
    assert.ok(
      errors.some((e) => e.includes(`admin_remote needs @vitrine/core ${needed}`)),
      `the console names the package and range (${errors.join(' | ')})`,
    );
    // The public site is not affected.
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
  });
});

// Versioned releases of the remotes as replicas and visitors meet them (docs/decisions/releases.md).
//
// Two releases of each remote: the one the servers start with (the bundles served), and one built once from a copy of
// the remote's source with other texts (variant.ts): the public remote's home heading and its footer's newsletter
// title, the admin remote's "Reports" heading on the dashboard. Published with the release command.
//
// 1. Two API processes (replicas) on one PostgreSQL database, made for this file and dropped after it (on the server
//    TEST_DATABASE_URL names; skipped without it), one RELEASES_DIR. The release command, run directly on the
//    database as in production, activates both new releases, then rolls both back. After each command, each replica
//    names the release in /remotes.json as soon as its notification arrives, renders its pages with it, and Chromium
//    shows its texts there: the public home, and the admin dashboard signed in.
// 2. Chromium loads public pages and follows links between them in the page (home, blog, a post, FAQ, contact) while
//    the public release is switched back and forth with the release command, on the two replicas (or, without
//    PostgreSQL, on one server on the embedded database, the command going through it). Every page hydrates with the
//    release its HTML names: the browser fetches only that release's files, React keeps the server's markup, no
//    hydration error, no failed file, and the release's own texts on the page and on every page navigated to.
//
// No test here waits for a time or measures one: each step waits until the change is seen, and the switches are paced
// by page loads, not by a clock. How soon the replicas serve a release is measured by scripts/measure-releases.mjs.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import type { Browser, Page, Request } from 'playwright-core';
import { inSession, launchBrowser, signIn, waitForHydration } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { buildVariant, release, releaseCommand } from '../support/variant';

type Remote = 'public' | 'admin';

/** The texts each release shows: the served bundles' (`old`) and the variants' (`new`). */
const TEXT = {
  hero: { old: 'Conteúdo que aproxima a sua empresa de quem importa', new: 'Conteúdo que aproxima — a release nova do site público' },
  newsletter: { old: 'Receba a newsletter semanal', new: 'Receba a newsletter semanal (release nova)' },
  reports: { old: 'Relatórios', new: 'Relatórios (release nova do painel)' },
} as const;

/** Replaces `from` by `to` in a source file, where it occurs exactly once. */
function swap(source: string, from: string, to: string): string {
  const parts = source.split(from);
  if (parts.length !== 2) throw new Error(`expected "${from}" once in the source, found it ${parts.length - 1} times`);
  return parts.join(to);
}

const DATABASE = process.env.TEST_DATABASE_URL;
const temp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `vitrine-e2e-releases-${name}-`));
const variantId = randomBytes(4).toString('hex');
const built = { public: temp('public-new'), admin: temp('admin-new') };
const releasesDir = temp('store');
const cliDataDir = temp('cli');
const secondDataDir = temp('replica-b');
const database = `vitrine_e2e_releases_${randomBytes(5).toString('hex')}`;

let browser: Browser | undefined;
const replicas: RunningServer[] = [];
let databaseMade = false;
/** The variants' builds, started first thing (the long pole: webpack on 2 cores). */
let builds: Promise<unknown> | undefined;
/** The public and admin releases the servers started with. */
const first: Partial<Record<Remote, string>> = {};

const databaseUrl = () => {
  const url = new URL(DATABASE as string);
  url.pathname = `/${database}`;
  return url.toString();
};

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `npm run release -- …` the way each setup runs it: on PostgreSQL directly (every replica hears it), else through the server. */
async function cli(args: string[]): Promise<string> {
  const run = DATABASE
    ? await releaseCommand(args, { DATABASE_URL: databaseUrl(), RELEASES_DIR: releasesDir, DATA_DIR: cliDataDir })
    : await release(replicas[0] as RunningServer, args);
  if (run.code !== 0) throw new Error(`release ${args.join(' ')} exited with ${run.code}:\n${run.out}`);
  return run.out;
}

before(async () => {
  const buildVariants = [
    buildVariant({
      remote: 'public',
      files: {},
      patch: { 'src/locales/pt-BR.ts': (s) => swap(swap(s, `'${TEXT.hero.old}'`, `'${TEXT.hero.new}'`), `'${TEXT.newsletter.old}'`, `'${TEXT.newsletter.new}'`) },
      buildId: `e2e-releases-public-${variantId}`,
      outDir: built.public,
    }),
  ];
  // Only the replicas' scenario shows the admin remote.
  if (DATABASE) {
    buildVariants.push(
      buildVariant({
        remote: 'admin',
        files: {},
        patch: { 'src/locales/pt-BR.ts': (s) => swap(s, `reports: '${TEXT.reports.old}'`, `reports: '${TEXT.reports.new}'`) },
        buildId: `e2e-releases-admin-${variantId}`,
        outDir: built.admin,
      }),
    );
  }
  builds = Promise.all(buildVariants);
  builds.catch(() => undefined);

  if (DATABASE) {
    await admin((client) => client.query(`CREATE DATABASE ${database}`));
    databaseMade = true;
    const env = { DATABASE_URL: databaseUrl(), RELEASES_DIR: releasesDir };
    // One after the other: the first migrates, seeds and makes the served bundles the first releases.
    const a = await startServer({ name: 'releases-replica-a', env });
    replicas.push(a);
    // The uploads are shared storage too (the demo content's images, which the first one seeded).
    fs.symlinkSync(path.join(a.dataDir, 'uploads'), path.join(secondDataDir, 'uploads'), 'dir');
    replicas.push(await startServer({ name: 'releases-replica-b', env: { ...env, DATA_DIR: secondDataDir } }));
  } else {
    replicas.push(await startServer({ name: 'releases-embedded' }));
  }
  for (const remote of ['public', 'admin'] as const) {
    const ids = await Promise.all(replicas.map((r) => servedRelease(r, remote)));
    assert.ok(ids[0], `the servers started with a ${remote} release`);
    assert.ok(ids.every((id) => id === ids[0]), `every replica serves the same first ${remote} release (${ids.join(', ')})`);
    first[remote] = ids[0];
  }
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close().catch(() => undefined);
  await Promise.all(replicas.map((r) => r.stop()));
  await builds?.catch(() => undefined);
  if (databaseMade) await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  for (const dir of [...Object.values(built), releasesDir, cliDataDir, secondDataDir]) fs.rmSync(dir, { recursive: true, force: true });
});

let publishing: Promise<Record<Remote, string>> | undefined;
/** The variants published as releases (once, whichever test asks first): their ids. */
function published(): Promise<Record<Remote, string>> {
  publishing ??= (async () => {
    await builds;
    const ids: Partial<Record<Remote, string>> = {};
    for (const remote of DATABASE ? (['public', 'admin'] as const) : (['public'] as const)) {
      const out = await cli(['publish', remote, built[remote]]);
      const id = /published \S+ release (\S+)/.exec(out)?.[1];
      assert.ok(id, `a new ${remote} release was published:\n${out}`);
      assert.notEqual(id, first[remote]);
      ids[remote] = id;
    }
    return ids as Record<Remote, string>;
  })();
  return publishing;
}

/** The release of a remote a server names in /remotes.json (its own path, /remotes/<remote>/r/<id>/mf-manifest.json). */
async function servedRelease(server: RunningServer, remote: Remote): Promise<string | undefined> {
  const res = await fetch(`${server.baseUrl}/remotes.json`);
  const body = (await res.json()) as { remotes: Record<string, string> };
  return new RegExp(`/remotes/${remote}/r/([^/]+)/mf-manifest\\.json$`).exec(body.remotes[`${remote}_remote`] ?? '')?.[1];
}

/** The public release a page's HTML names: `<meta name="release:public" content="…">`. */
const releaseOf = (html: string) => /<meta name="?release:public"? content="?([^"\s>]+)"?\s*\/?>/.exec(html)?.[1];

/** The public release a server renders its home page with now. */
async function renderedRelease(server: RunningServer): Promise<string | undefined> {
  return releaseOf(await (await fetch(`${server.baseUrl}/`, { headers: { accept: 'text/html' } })).text());
}

/**
 * Asks `check` every 50 ms until it answers true. The bound is no timing: it only ends a wait for a change that never
 * comes (a busy machine makes the wait longer, not wrong).
 */
async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  const bound = Date.now() + 120_000;
  while (!(await check())) {
    if (Date.now() > bound) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Both replicas (or the one server) name the release in /remotes.json, and the public one renders its pages with it. */
async function everyReplicaServes(remote: Remote, id: string): Promise<void> {
  for (const server of replicas) {
    await eventually(`${server.name} names ${remote} release ${id} in /remotes.json`, async () => (await servedRelease(server, remote)) === id);
    if (remote === 'public') await eventually(`${server.name} renders its pages with public release ${id}`, async () => (await renderedRelease(server)) === id);
  }
}

/** Hydration problems as React reports them (a mismatch: #418, #419, #423, #425) or as the shell logs them. */
const HYDRATION_ERROR = /hydrat|did not match|#41[89]|#42[35]/i;

/** Waits until what hydration set off (effects, late errors) has run: the main thread idle twice. */
async function settled(page: Page): Promise<void> {
  for (let i = 0; i < 2; i += 1) await page.evaluate('new Promise((resolve) => requestIdleCallback(() => resolve(true), { timeout: 5000 }))');
}

const footerNewsletter = (page: Page) => page.locator('.vt-newsletter--footer h2').first();

test('two replicas on PostgreSQL serve an activation and a rollback of each remote as soon as the release command has run', { skip: DATABASE ? false : 'needs PostgreSQL: set TEST_DATABASE_URL', timeout: 900_000 }, async () => {
  assert.ok(browser);
  const news = await published();
  const old = first as Record<Remote, string>;

  await inSession(browser, (replicas[0] as RunningServer).baseUrl, 'releases-replica-a', async (a) => {
    await inSession(browser as Browser, (replicas[1] as RunningServer).baseUrl, 'releases-replica-b', async (b) => {
      const sides = [
        { server: replicas[0] as RunningServer, ...a },
        { server: replicas[1] as RunningServer, ...b },
      ];
      for (const side of sides) {
        await side.page.goto('/login');
        await signIn(side.page);
      }

      /** On each replica, in Chromium: the public home and the admin dashboard show the texts of `state`'s releases. */
      const showsEverywhere = async (state: 'old' | 'new') => {
        const ids = state === 'new' ? news : old;
        for (const { server, page, errors } of sides) {
          errors.length = 0;
          const response = await page.goto('/');
          assert.equal(response?.status(), 200);
          assert.equal(releaseOf((await response?.text()) ?? ''), ids.public, `${server.name}: the home page names public release ${ids.public}`);
          await waitForHydration(page);
          await settled(page);
          assert.equal((await page.getByTestId('home-page').locator('h1').innerText()).trim(), TEXT.hero[state], `${server.name}: the home heading of the ${state} public release`);
          assert.equal((await footerNewsletter(page).innerText()).trim(), TEXT.newsletter[state], `${server.name}: the footer of the ${state} public release`);
          assert.deepEqual(errors.filter((e) => HYDRATION_ERROR.test(e)), [], `${server.name}: no hydration error on the home page`);

          await page.goto('/admin/dashboard');
          const dashboard = page.getByTestId('dashboard-page');
          await dashboard.waitFor();
          assert.equal((await page.locator('.vt-dashboard__head h2').innerText()).trim(), TEXT.reports[state], `${server.name}: the dashboard of the ${state} admin release`);
          const build = (await dashboard.getAttribute('data-build')) ?? '';
          assert.equal(build.includes(`e2e-releases-admin-${variantId}`), state === 'new', `${server.name}: the dashboard's build "${build}"`);
        }
      };

      await showsEverywhere('old');

      await cli(['activate', 'public', news.public]);
      await everyReplicaServes('public', news.public);
      await cli(['activate', 'admin', news.admin]);
      await everyReplicaServes('admin', news.admin);
      await showsEverywhere('new');

      const rolledBack = await cli(['rollback', 'public']);
      assert.match(rolledBack, new RegExp(`public: ${old.public} is now the active release \\(rolled back\\)`));
      await everyReplicaServes('public', old.public);
      await cli(['rollback', 'admin']);
      await everyReplicaServes('admin', old.admin);
      await showsEverywhere('old');
    });
  });
});

/** Links followed in the page, by the header's link names (`post`: the blog's first article). */
type Hop = 'Início' | 'Blog' | 'Perguntas frequentes' | 'Contato' | 'post';
const PLANS: { path: string | 'post'; hops: Hop[] }[] = [
  { path: '/', hops: ['Blog', 'post'] },
  { path: '/blog', hops: ['post', 'Perguntas frequentes'] },
  { path: 'post', hops: ['Contato', 'Início'] },
  { path: '/faq', hops: ['Início', 'Blog'] },
  { path: '/contact', hops: ['Perguntas frequentes', 'Início'] },
];
const HEADINGS: Record<Exclude<Hop, 'post'>, { path: string; h1: (state: 'old' | 'new') => string }> = {
  Início: { path: '/', h1: (state) => TEXT.hero[state] },
  Blog: { path: '/blog', h1: () => 'Blog' },
  'Perguntas frequentes': { path: '/faq', h1: () => 'Perguntas frequentes' },
  Contato: { path: '/contact', h1: () => 'Fale com a gente' },
};
/** How many times the public release is switched. Each next switch waits for pages rendered with the last one. */
const SWITCHES = 8;
/** Page loads rendered with a release before the next switch. */
const LOADS_PER_SWITCH = 2;

test('pages loaded and navigated while the public release switches hydrate with the release their HTML names, and only with it', { timeout: 900_000 }, async () => {
  assert.ok(browser);
  const ids = { old: first.public as string, new: (await published()).public };
  const stateOf = (id: string): 'old' | 'new' | undefined => (id === ids.old ? 'old' : id === ids.new ? 'new' : undefined);
  // From the release the servers started with.
  await cli(['activate', 'public', ids.old]);
  await everyReplicaServes('public', ids.old);
  const post = await (async () => {
    const list = (await (await fetch(`${(replicas[0] as RunningServer).baseUrl}/api/public/articles?page=1`)).json()) as { data: { items: { id: number; unique_key: string }[] } };
    const item = list.data.items[0];
    assert.ok(item, 'the demo content has a published article');
    return `/post/${item.unique_key}/${item.id}`;
  })();

  const counts = { loads: 0, navigations: 0, switches: 0, byRelease: { old: 0, new: 0 }, afterSwitch: 0 };
  const problems: string[] = [];
  /** Page loads, told to the switcher (which waits for them) as they happen. */
  const loads = new EventEmitter();
  /** The release the last finished switch made active, and the one a switch in progress goes to. */
  let active = ids.old;
  let pending: string | undefined;
  let browsing = true;
  let stopped = false;

  await inSession(browser, (replicas[0] as RunningServer).baseUrl, 'releases-switching', async ({ page, errors }) => {
    // Each page load is a visit: the files of the public remote the browser fetched from the moment its document was
    // asked for until the next one (the navigations in the page included), checked against the release its HTML named.
    const visits: { files: string[]; release?: string; where?: string }[] = [{ files: [] }];
    const visitOf = new WeakMap<Request, number>();
    const remoteFile = (url: string) => {
      const { pathname } = new URL(url);
      return pathname.startsWith('/remotes/') ? pathname : undefined;
    };
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visits.push({ files: [] });
      visitOf.set(request, visits.length - 1);
      const file = remoteFile(request.url());
      if (file?.startsWith('/remotes/public/')) visits.at(-1)?.files.push(file);
    });
    page.on('response', (response) => {
      // Nothing the pages fetch fails: the remote's files, the API's reads, the images.
      if (response.status() >= 400) problems.push(`${visits[visitOf.get(response.request()) ?? 0]?.where ?? '?'}: ${new URL(response.url()).pathname} answered ${response.status()}`);
    });
    page.on('requestfailed', (request) => {
      const file = remoteFile(request.url());
      if (!file) return;
      const error = request.failure()?.errorText ?? '';
      const visit = visitOf.get(request) ?? 0;
      // A fetch the browser dropped because the test left that page (a prefetch still on its way) is no failure.
      if (/ERR_ABORTED/.test(error) && visit < visits.length - 1) return;
      problems.push(`${visits[visit]?.where ?? '?'}: ${file} failed (${error})`);
    });
    /** Every file of the public remote a visit fetched is one of the release its HTML named, by that release's path. */
    const checkFiles = () => {
      for (const visit of visits) {
        for (const file of visit.files) {
          if (visit.release && !file.startsWith(`/remotes/public/r/${visit.release}/`)) problems.push(`${visit.where ?? '?'} (release ${visit.release}) fetched ${file}`);
        }
        visit.files = [];
      }
    };

    /** The page shows the release's texts and React has it: its footer, the heading expected, no error in the console. */
    const check = async (where: string, state: 'old' | 'new', h1: string | undefined) => {
      if (h1 !== undefined) {
        const heading = page.locator('main h1').filter({ hasText: h1 }).first();
        await heading.waitFor().catch(async () => {
          problems.push(`${where}: no heading "${h1}"; the page shows ${JSON.stringify(await page.locator('main h1').allInnerTexts())}`);
        });
      }
      const footer = (await footerNewsletter(page).innerText()).trim();
      if (footer !== TEXT.newsletter[state]) problems.push(`${where}: the footer says "${footer}", not "${TEXT.newsletter[state]}"`);
      const hydration = errors.filter((e) => HYDRATION_ERROR.test(e));
      if (hydration.length) problems.push(`${where}: ${hydration.join(' | ')}`);
      // A file that failed is reported above with its address.
      const other = errors.filter((e) => !HYDRATION_ERROR.test(e) && !e.includes('Failed to load resource'));
      if (other.length) problems.push(`${where}: console: ${other.join(' | ')}`);
      errors.length = 0;
    };

    const browse = async () => {
      for (let i = 0; browsing; i += 1) {
        const plan = PLANS[i % PLANS.length] as (typeof PLANS)[number];
        const server = replicas[i % replicas.length] as RunningServer;
        const pathname = plan.path === 'post' ? post : plan.path;
        const where = `load ${i + 1} (${server.name} ${pathname})`;
        checkFiles();
        errors.length = 0;
        const response = await page.goto(`${server.baseUrl}${pathname}`);
        const visit = visits.at(-1) as (typeof visits)[number];
        visit.where = where;
        const html = (await response?.text()) ?? '';
        const id = releaseOf(html);
        const state = id ? stateOf(id) : undefined;
        if (response?.status() !== 200 || !id || !state) {
          problems.push(`${where}: answered ${response?.status()} naming release ${id}`);
          continue;
        }
        visit.release = id;
        if (!html.includes(`/remotes/public/r/${id}/mf-manifest.json`)) problems.push(`${where}: the runtime config does not name release ${id}'s manifest`);
        counts.loads += 1;
        counts.byRelease[state] += 1;
        // React hydrates the server's markup: the very elements the server sent are kept (a render afresh, or a
        // mismatch React recovers from by rendering anew, would replace them).
        await page.evaluate("window.__served = document.querySelector('main'); window.__sameDocument = true");
        await waitForHydration(page);
        await settled(page);
        if (!(await page.evaluate("window.__served === document.querySelector('main') && window.__served.isConnected"))) problems.push(`${where}: the server's markup was replaced, not hydrated`);
        // Its release had been switched away from (by a command that had finished) by the time it hydrated.
        if (id !== active && id !== pending) counts.afterSwitch += 1;
        await check(where, state, plan.path === '/' ? TEXT.hero[state] : undefined);
        loads.emit('load', id);

        for (const hop of plan.hops) {
          let h1: string;
          if (hop === 'post') {
            const card = page.locator('.vt-blog .vt-acard h2 a').first();
            h1 = (await card.innerText()).trim();
            await card.click();
            await page.waitForURL((u) => u.pathname.startsWith('/post/'));
          } else {
            const target = HEADINGS[hop];
            h1 = target.h1(state);
            await page.locator('header nav.vt-public__nav').getByRole('link', { name: hop, exact: true }).click();
            await page.waitForURL((u) => u.pathname === target.path);
          }
          await check(`${where} → ${hop}`, state, h1);
          if (!(await page.evaluate('window.__sameDocument === true'))) problems.push(`${where} → ${hop}: the page was loaded again, not navigated in`);
          counts.navigations += 1;
        }
      }
      checkFiles();
    };

    let giveUp: ((err: unknown) => void) | undefined;
    const switcher = async () => {
      try {
        for (let i = 0; i < SWITCHES && !stopped; i += 1) {
          const to = active === ids.old ? ids.new : ids.old;
          pending = to;
          await cli(['activate', 'public', to]);
          active = to;
          pending = undefined;
          counts.switches += 1;
          if (stopped) break;
          // Paced by the visitor, not by a clock: the next switch once pages rendered with this release were loaded.
          await new Promise<void>((resolve, reject) => {
            let count = 0;
            giveUp = reject;
            const onLoad = (id: string) => {
              if (id !== to || (count += 1) < LOADS_PER_SWITCH) return;
              loads.off('load', onLoad);
              resolve();
            };
            loads.on('load', onLoad);
          });
        }
      } finally {
        browsing = false;
      }
    };
    await Promise.all([
      switcher(),
      browse().catch((err: unknown) => {
        stopped = true;
        giveUp?.(err);
        throw err;
      }),
    ]);
  });

  console.log(
    `# releases while browsing: ${counts.loads} page loads (${counts.byRelease.old} rendered with release ${ids.old}, ${counts.byRelease.new} with ${ids.new}), ` +
      `${counts.navigations} navigations in the page, ${counts.switches} switches, on ${replicas.length} server(s); ` +
      `${counts.afterSwitch} pages hydrated after their release had been switched away from`,
  );
  assert.deepEqual(problems, [], 'every page hydrated with the release its HTML named, and only with it');
  assert.equal(counts.switches, SWITCHES);
  assert.ok(counts.byRelease.old > 0 && counts.byRelease.new > 0, 'pages of both releases were loaded');
});

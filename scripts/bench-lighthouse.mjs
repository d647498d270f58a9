// Lighthouse in `npm run bench`: npm `lighthouse` 13 driving
// Debian's Chromium (never a downloaded browser), the default mobile form factor with simulated
// throttling, performance category only. Each page is audited BENCH_LIGHTHOUSE_RUNS times (3); the run
// with the median performance score is reported: score, FCP, LCP, CLS, TBT, Speed Index, and the
// titles of the audits it fails (score < 0.9, metrics themselves left out): what limits the page.
// A run Lighthouse gives up on (NO_NAVSTART happens on a busy machine) is printed and run again.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, root, table } from './bench-lib.mjs';
import { samplePaths } from './measure-routes.mjs';

const CLI = path.join(root, 'node_modules/lighthouse/cli/index.js');
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu';
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  cls: 'cumulative-layout-shift',
  tbtMs: 'total-blocking-time',
  siMs: 'speed-index',
};

/** One Lighthouse run in its own process; resolves with the parsed report (LHR). */
function audit(url) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-lh-'));
  const out = path.join(dir, 'report.json');
  const args = [CLI, url, '--output=json', `--output-path=${out}`, '--quiet', '--only-categories=performance', `--chrome-flags=${CHROME_FLAGS}`];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`lighthouse exited with ${code}: ${err.slice(-2000)}`);
        const lhr = JSON.parse(fs.readFileSync(out, 'utf8'));
        if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        resolve(lhr);
      } catch (error) {
        reject(error);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

const round = (n, digits = 0) => (n === undefined || n === null ? null : +n.toFixed(digits));

/** The failing audits of a report's performance category: title and what Lighthouse says of it. */
function failing(lhr) {
  return lhr.categories.performance.auditRefs
    .filter((ref) => ref.group !== 'metrics' && ref.group !== 'hidden')
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}

/** Home, a post, the blog and a profile of a running server, `runs` times each. */
export async function lighthouseBench(baseUrl, runs) {
  const { post, profile } = await samplePaths(baseUrl);
  const pages = [
    { name: 'home', path: '/' },
    { name: 'post', path: post },
    { name: 'blog', path: '/blog' },
    { name: 'profile', path: profile },
  ];
  const results = [];
  for (const page of pages) {
    const reports = [];
    const errors = [];
    // A run that fails (NO_NAVSTART and the like: Chromium's trace on a loaded machine) is said and run again, twice at most.
    for (let i = 0; reports.length < runs && i < runs + 2; i += 1) {
      await audit(baseUrl + page.path).then(
        (lhr) => reports.push(lhr),
        (error) => errors.push(String(error.message ?? error).slice(0, 300)),
      );
    }
    if (!reports.length) throw new Error(`lighthouse: every run on ${page.path} failed: ${errors.join(' | ')}`);
    const sorted = [...reports].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = sorted[Math.floor((sorted.length - 1) / 2)];
    const metrics = Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, round(lhr.audits[id]?.numericValue, k === 'cls' ? 3 : 0)]));
    results.push({
      page: page.name,
      path: page.path,
      score: Math.round(lhr.categories.performance.score * 100),
      scores: reports.map((r) => Math.round(r.categories.performance.score * 100)).join('/'),
      ...metrics,
      lighthouse: lhr.lighthouseVersion,
      formFactor: lhr.configSettings.formFactor,
      throttling: lhr.configSettings.throttlingMethod,
      failing: failing(lhr),
      errors,
    });
  }
  return results;
}

export function printLighthouse(results, runs) {
  const first = results[0];
  console.log(`\nLighthouse ${first?.lighthouse} (${first?.formFactor}, ${first?.throttling} throttling), median of ${runs} by performance score; times in ms`);
  const columns = ['page', 'score', 'scores', ...Object.keys(METRICS)];
  table(results.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]]))));
  for (const r of results) {
    console.log(`\n${r.page} (${r.path}), score ${r.score}: failing audits of the median run`);
    for (const title of r.failing) console.log(`  - ${title}`);
    for (const error of r.errors) console.log(`  (a run failed: ${error})`);
  }
}

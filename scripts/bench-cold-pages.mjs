// The cold-pages part of `npm run bench`: server-rendered blog pages that nobody has asked for yet, each
// asked once, as a crawler walking the archive does (or every visitor right after a content change, which
// starts a new content version). Every request is a miss of the answer cache: the page's reads, its render
// and its compression all happen in the request. The same pages asked again are the cached figure beside it.
import { BROWSER_ACCEPT, BROWSER_ENCODING, cannon, loadAvg, settledCapture } from './bench-lib.mjs';

/** Cards per blog page (the public list's default limit). */
const PER_PAGE = 12;

/**
 * The runs: pages 2–301, then 500–799 (deep pages: OFFSET past 6 000 rows), then 500–799 again (now cached: the
 * most recent answers, within the answer cache's default 32 MiB; the first range has been evicted by then).
 * Ranges are cut to the pages that exist; page 1 is left out (the content table and the limit table ask it).
 */
export function coldRuns(lastPage) {
  const ranges = [
    { name: 'pages 2–301, each once', from: 2, to: 301 },
    { name: 'pages 500–799, each once', from: 500, to: 799 },
  ]
    .map((r) => ({ ...r, to: Math.min(r.to, lastPage) }))
    .filter((r) => r.to >= r.from);
  const last = ranges.at(-1);
  return last ? [...ranges, { ...last, name: `${last.name.replace(', each once', '')} again (cached)`, cached: true }] : [];
}

/** One row per run: req/s, p50 / p99 (ms), answers by status, the 1-minute load average at the end. */
export async function coldPages(server, label, { connections, articles }) {
  const first = await settledCapture(`${server.baseUrl}/api/public/articles?page=1`);
  const total = JSON.parse(first.body.toString()).data?.total ?? articles;
  const headers = { accept: BROWSER_ACCEPT, 'accept-encoding': BROWSER_ENCODING };
  const rows = [];
  for (const run of coldRuns(Math.ceil(total / PER_PAGE))) {
    const result = await cannon(server.baseUrl, {
      headers,
      connections,
      amount: run.to - run.from + 1,
      each: (n) => ({ path: `/blog?page=${run.from + n - 1}` }),
      rss: server.rss,
    });
    rows.push({ db: label, run: run.name, pages: run.to - run.from + 1, ...result, load1: loadAvg() });
  }
  return rows;
}

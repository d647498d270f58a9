// How a burst of anonymous broad searches affects everyone else: keeps CONCURRENCY searches in
// flight against a running server for DURATION ms while probing /api/health every 50 ms; prints the
// searches' answers by status and the health probes' latency (p50 / p95 / max, ms).
//
//   BASE=http://127.0.0.1:8080 node scripts/measure-burst.mjs [--concurrency 40] [--duration 5000] [--q a]
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { concurrency: { type: 'string' }, duration: { type: 'string' }, q: { type: 'string' } } });
const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const concurrency = Number(values.concurrency ?? 40);
const duration = Number(values.duration ?? 5000);
const terms = (values.q ?? 'a,de,o,gestão,pessoas,dados').split(',');
const statuses = {};
const health = [];
const until = Date.now() + duration;

async function searcher(n) {
  for (let i = 0; Date.now() < until; i += 1) {
    const q = encodeURIComponent(terms[(n + i) % terms.length]);
    const res = await fetch(`${base}/api/public/search?q=${q}&page=${1 + ((n + i) % 5)}`).catch(() => ({ status: 'error', text: async () => '' }));
    await res.text();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
}

async function prober() {
  while (Date.now() < until) {
    const t = performance.now();
    await (await fetch(`${base}/api/health`)).text();
    health.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

await Promise.all([prober(), ...Array.from({ length: concurrency }, (_, n) => searcher(n))]);
health.sort((a, b) => a - b);
const at = (p) => Math.round(health[Math.min(health.length - 1, Math.floor(p * health.length))]);
console.log(JSON.stringify({ concurrency, duration, searches: statuses, health: { probes: health.length, p50: at(0.5), p95: at(0.95), max: Math.round(health.at(-1)) } }));

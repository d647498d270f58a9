// How a burst affects everyone else: keeps CONCURRENCY requests in flight against a running server
// for DURATION ms while a probe repeats every 50 ms; prints the burst's answers by status and the
// probe's latency (p50 / p95 / max, ms).
//   --mode search (default): anonymous broad searches; the probe is GET /api/health.
//   --mode login: sign-ins with wrong passwords, each from its own address and email (X-Forwarded-For);
//     the probe is a real user's sign-in (PROBE_EMAIL / PROBE_PASSWORD).
//
//   BASE=http://127.0.0.1:8080 node scripts/measure-burst.mjs [--mode search|login] [--concurrency 40] [--duration 5000] [--q a,b]
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { mode: { type: 'string' }, concurrency: { type: 'string' }, duration: { type: 'string' }, q: { type: 'string' } } });
const mode = values.mode ?? 'search';
const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const concurrency = Number(values.concurrency ?? 40);
const duration = Number(values.duration ?? 5000);
const terms = (values.q ?? 'a,de,o,gestão,pessoas,dados').split(',');
const statuses = {};
const health = [];
const probeErrors = {};
const until = Date.now() + duration;

const json = { 'content-type': 'application/json' };
let sequence = 0;

function burstRequest(n, i) {
  if (mode === 'login') {
    sequence += 1;
    const headers = { ...json, 'x-forwarded-for': `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}` };
    return fetch(`${base}/api/auth/auth`, { method: 'POST', headers, body: JSON.stringify({ email: `burst${sequence}@vitrine.test`, password: 'Wrong#Pass1' }) });
  }
  const q = encodeURIComponent(terms[(n + i) % terms.length]);
  return fetch(`${base}/api/public/search?q=${q}&page=${1 + ((n + i) % 5)}`);
}

function probeRequest() {
  if (mode === 'login') {
    const body = JSON.stringify({ email: process.env.PROBE_EMAIL, password: process.env.PROBE_PASSWORD });
    return fetch(`${base}/api/auth/auth`, { method: 'POST', headers: { ...json, 'x-forwarded-for': '192.0.2.1' }, body });
  }
  return fetch(`${base}/api/health`);
}

async function searcher(n) {
  for (let i = 0; Date.now() < until; i += 1) {
    const res = await burstRequest(n, i).catch(() => ({ status: 'error', text: async () => '' }));
    await res.text();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
}

async function prober() {
  while (Date.now() < until) {
    const t = performance.now();
    const res = await probeRequest();
    await res.text();
    if (res.status >= 400) probeErrors[res.status] = (probeErrors[res.status] ?? 0) + 1;
    health.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

await Promise.all([prober(), ...Array.from({ length: concurrency }, (_, n) => searcher(n))]);
health.sort((a, b) => a - b);
const at = (p) => Math.round(health[Math.min(health.length - 1, Math.floor(p * health.length))]);
console.log(JSON.stringify({ mode, concurrency, duration, burst: statuses, probe: { count: health.length, errors: probeErrors, p50: at(0.5), p95: at(0.95), max: Math.round(health.at(-1)) } }));

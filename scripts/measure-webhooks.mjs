// Webhooks from outside: a real server (services/api/dist/server.js) and a receiving tool on this machine.
//
//   node scripts/measure-webhooks.mjs                      (embedded PGlite, a fresh data dir with the demo content)
//   BENCH_DATABASE_URL=postgres://… node scripts/measure-webhooks.mjs   (PostgreSQL, a throw-away schema)
//   WEBHOOKS_MESSAGES=10 WEBHOOKS_DOWN_S=20                (knobs)
//
// 1. Signs in as the admin, registers an endpoint for every event (WEBHOOK_ALLOW_PRIVATE=1: the tool is on loopback).
// 2. Sends contact messages through the public form; for each, the time from the form's answer to the tool receiving
//    its lead.created and message.received, every request's signature verified with the standardwebhooks library.
// 3. Takes the tool down (503) for WEBHOOKS_DOWN_S seconds while messages come in and staff classify a lead; brings it
//    back and waits until every event has arrived: each once per webhook-id, a lead's events in order.
// 4. Prints the tool's log and the endpoint's delivery list as staff see it.
import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { ADMIN_EMAIL, ADMIN_PASSWORD, sleep, startServer, withSchema } from './bench-lib.mjs';

const MESSAGES = Number(process.env.WEBHOOKS_MESSAGES ?? 10);
const DOWN_S = Number(process.env.WEBHOOKS_DOWN_S ?? 20);

const started = performance.now();
const at = () => ((performance.now() - started) / 1000).toFixed(1).padStart(6);

/** The receiving tool: answers `mode` (200, or 503 while "down"); logs every request. */
function tool() {
  const log = [];
  let mode = 200;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      log.push({ t: performance.now(), id: req.headers['webhook-id'], type: JSON.parse(body).type, body, headers: req.headers, answered: mode });
      res.writeHead(mode).end(mode === 200 ? 'ok' : 'down for maintenance');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/vitrine`, log, set: (m) => (mode = m), close: () => server.close() })));
}

async function run(extraEnv) {
  const receiver = await tool();
  const server = await startServer(undefined, { WEBHOOK_ALLOW_PRIVATE: '1', LOG_LEVEL: 'warn', ...extraEnv });
  const base = server.baseUrl;
  try {
    console.log(`[${at()} s] server ready in ${Math.round(server.readyMs)} ms`);
    const login = await fetch(`${base}/api/auth/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) });
    if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
    const auth = { authorization: `Bearer ${(await login.json()).token}`, cookie: String(login.headers.get('set-cookie')).split(';')[0], 'content-type': 'application/json' };
    const api = async (method, url, body) => {
      const res = await fetch(`${base}/api${url}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
      const json = await res.json();
      if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const events = ['lead.created', 'lead.updated', 'message.received', 'subscriber.confirmed', 'subscriber.cancelled', 'article.published'];
    const { endpoint, secret } = await api('POST', '/webhook/endpoint', { url: receiver.url, events, description: 'measure' });
    const hook = new Webhook(secret);

    let sequence = 0;
    const contact = async () => {
      sequence += 1;
      const email = `pessoa${sequence}.${Date.now()}@cliente.com.br`;
      const res = await fetch(`${base}/api/public/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${sequence}` },
        body: JSON.stringify({ name: `Pessoa ${sequence}`, email, company: 'Empresa', telephone: '+55 11 98888-7777', subject: 'Orçamento', message: 'Olá, gostaria de um orçamento.', website: '', elapsed_ms: 12_000 }),
      });
      if (res.status !== 201) throw new Error(`contact: ${res.status} ${await res.text()}`);
      return { email, answeredAt: performance.now() };
    };
    const arrived = (email, type) => receiver.log.find((r) => r.answered === 200 && r.type === type && r.body.includes(email));
    const until = async (check, limitMs) => {
      const end = performance.now() + limitMs;
      while (!check()) {
        if (performance.now() > end) return false;
        await sleep(20);
      }
      return true;
    };

    // 1. The tool up: how long from the form's answer to the tool.
    const latencies = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      const sent = await contact();
      await until(() => arrived(sent.email, 'message.received'), 30_000);
      const lead = arrived(sent.email, 'lead.created');
      const message = arrived(sent.email, 'message.received');
      latencies.push({ lead: lead ? lead.t - sent.answeredAt : null, message: message ? message.t - sent.answeredAt : null });
    }
    const ms = (list) => list.filter((x) => x !== null).sort((a, b) => a - b);
    const leadMs = ms(latencies.map((l) => l.lead));
    const messageMs = ms(latencies.map((l) => l.message));
    const pct = (list, p) => Math.round(list[Math.min(list.length - 1, Math.floor((list.length - 1) * p))] ?? NaN);
    console.log(`[${at()} s] ${MESSAGES} contact messages, tool up: lead.created arrived ${pct(leadMs, 0.5)} ms after the form's answer (median), max ${pct(leadMs, 1)} ms; message.received median ${pct(messageMs, 0.5)} ms, max ${pct(messageMs, 1)} ms`);

    // 2. The tool down for a while.
    receiver.set(503);
    const downAt = performance.now();
    console.log(`[${at()} s] tool down (503) for ${DOWN_S} s`);
    const during = [await contact(), await contact(), await contact()];
    const leads = await api('POST', '/lead/leads-list', { search: during[0].email.split('@')[0] });
    const first = leads.items[0];
    await api('PUT', `/lead/lead-classification/${first.id}/${first.unique_key}`, { classification: 'hot' });
    await sleep(Math.max(0, DOWN_S * 1000 - (performance.now() - downAt)));
    receiver.set(200);
    const upAt = performance.now();
    console.log(`[${at()} s] tool up again`);
    const all = () => during.every((d) => arrived(d.email, 'lead.created') && arrived(d.email, 'message.received')) && receiver.log.some((r) => r.answered === 200 && r.type === 'lead.updated');
    const complete = await until(all, 5 * 60_000);
    console.log(`[${at()} s] ${complete ? 'every event arrived' : 'NOT every event arrived'} ${((performance.now() - upAt) / 1000).toFixed(1)} s after the tool came back`);

    // 3. Checks: signatures, one id per event, order per lead.
    let bad = 0;
    for (const r of receiver.log) {
      try {
        hook.verify(r.body, r.headers);
      } catch {
        bad += 1;
      }
    }
    const idsPerEvent = new Map();
    for (const r of receiver.log) {
      const parsed = JSON.parse(r.body);
      const key = `${parsed.type} ${parsed.data.email ?? parsed.data.id}`;
      idsPerEvent.set(key, (idsPerEvent.get(key) ?? new Set()).add(r.id));
    }
    const split = [...idsPerEvent.values()].filter((ids) => ids.size > 1).length;
    const firstLead = receiver.log.filter((r) => r.answered === 200 && r.body.includes(during[0].email) && r.type.startsWith('lead.')).map((r) => r.type);
    console.log(`[${at()} s] ${receiver.log.length} requests received, ${receiver.log.filter((r) => r.answered === 200).length} answered 200; signatures failing verification: ${bad}; events sent under more than one id: ${split}; the classified lead's events as delivered: ${firstLead.join(' → ')}`);

    // 4. The tool's log and the delivery list (as the Webhooks tab shows it).
    console.log('\nthe tool\'s log (time since start, answer, event, webhook-id):');
    for (const r of receiver.log.slice(-16)) console.log(`  ${((r.t - started) / 1000).toFixed(1).padStart(6)} s  ${r.answered}  ${r.type.padEnd(18)} ${r.id}`);
    const deliveries = await api('GET', `/webhook/deliveries/${endpoint.id}/${endpoint.unique_key}`);
    console.log('\ndeliveries as staff see them (newest first): event, status, attempts, last status code, delivered at');
    for (const d of deliveries.slice(0, 12)) console.log(`  ${d.event.padEnd(18)} ${d.status.padEnd(9)} ${String(d.attempts).padStart(2)}  ${String(d.status_code ?? '-').padStart(3)}  ${d.delivered_at ?? '-'}`);
    return { complete, bad, split };
  } finally {
    await server.stop();
    receiver.close();
  }
}

const result = process.env.BENCH_DATABASE_URL ? await withSchema((url) => run({ DATABASE_URL: url })) : await run({});
process.exit(result.complete && result.bad === 0 && result.split === 0 ? 0 : 1);

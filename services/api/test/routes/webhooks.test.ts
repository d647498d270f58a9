import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { readOutbox } from '../../src/repositories/outbox';
import { BACKENDS, PUBLIC_URL, setupApp, type TestContext } from '../helpers';

const CONTACT = {
  name: 'Joana Lima',
  email: 'joana@cliente.com.br',
  company: 'Lima & Filhos',
  telephone: '+55 11 98888-7777',
  subject: 'Orçamento de site',
  message: 'Olá!\nGostaria de um orçamento.',
  website: '',
  elapsed_ms: 12_000,
};

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A receiving tool on this machine: records every request; answers `status` (a number), or never ('hang').
 */
async function receiver() {
  const received: Received[] = [];
  let answer: number | 'hang' = 200;
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (answer === 'hang') return void hanging.push(res);
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'receiver busy');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answer: (value: number | 'hang') => (answer = value),
    events: () => received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> }),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(BACKENDS)('outgoing webhooks (%s)', (backend) => {
  let ctx: TestContext;
  let tool: Awaited<ReturnType<typeof receiver>>;
  let address = 0;
  const contact = (body: object = {}) => ctx.call('POST', '/api/public/contact', { body: { ...CONTACT, ...body }, remoteAddress: `10.88.0.${(address += 1)}` });
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => ctx.call(method, url, { token: ctx.admin.token, body });
  /** Every delivery due now is sent (the dispatcher's job runs here). */
  const dispatch = () => ctx.app.jobs.drain();
  /** The retries' time has come: the deliveries are due (the dispatcher asks the database's clock), and so is the job that wakes it for them. */
  const retriesDue = async () => {
    await ctx.db.query("UPDATE webhook_deliveries SET next_attempt_at = now() WHERE status = 'pending'");
    await ctx.app.jobs.drain({ ignoreDelays: true });
  };

  beforeAll(async () => {
    ctx = await setupApp(backend);
    // The receiver runs on this machine: private addresses allowed, as an intranet's operator would.
    ctx.app.config.webhookAllowPrivate = true;
    ctx.app.config.webhookTimeoutMs = 1000;
    tool = await receiver();
  }, 60_000);
  afterAll(async () => {
    await tool?.close();
    await ctx?.close();
  });
  beforeEach(async () => {
    await ctx.db.query('DELETE FROM webhook_endpoints');
    tool.received.length = 0;
    tool.answer(200);
    ctx.app.config.webhookAllowPrivate = true;
  });

  const create = async (events: string[], url = tool.url) => {
    const res = await admin('POST', '/api/webhook/endpoint', { url, events, description: 'CRM' });
    expect(res.statusCode).toBe(201);
    return res.json().data as { endpoint: { id: number; unique_key: string }; secret: string };
  };

  it('is managed by the settings access only, and shows the secret once', async () => {
    const writer = await ctx.staff(['article_management']);
    expect((await ctx.call('GET', '/api/webhook/endpoints', { token: writer.token })).statusCode).toBe(403);
    expect((await ctx.call('POST', '/api/webhook/endpoint', { token: writer.token, body: { url: tool.url, events: ['lead.created'] } })).statusCode).toBe(403);
    const { endpoint, secret } = await create(['lead.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const listed = (await admin('GET', '/api/webhook/endpoints')).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: endpoint.id, url: tool.url, events: ['lead.created'], enabled: true, description: 'CRM' })]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    // In the audit log as a setting of the settings screen, without the secret.
    const audited = await ctx.db.query<{ record_type: string; record_id: string; action: string; changes: unknown }>(
      'SELECT record_type, record_id, action, changes FROM audit_log WHERE record_id = $1',
      [`webhook ${endpoint.id}`],
    );
    expect(audited).toEqual([expect.objectContaining({ record_type: 'site_settings', action: 'create', changes: expect.objectContaining({ url: tool.url, events: ['lead.created'] }) })]);
    expect(JSON.stringify(audited)).not.toContain(secret);
    // Unknown events, none, a non-http URL: 400 and nothing saved.
    for (const body of [{ url: tool.url, events: ['lead.deleted'] }, { url: tool.url, events: [] }, { url: 'ftp://example.com/x', events: ['lead.created'] }]) {
      expect((await admin('POST', '/api/webhook/endpoint', body)).statusCode).toBe(400);
    }
    expect((await admin('GET', '/api/webhook/endpoints')).json().data).toHaveLength(1);
    const changed = await admin('PUT', `/api/webhook/endpoint/${endpoint.id}/${endpoint.unique_key}`, { url: tool.url, events: ['lead.created', 'lead.updated'], enabled: false });
    expect(changed.json().data).toMatchObject({ events: ['lead.created', 'lead.updated'], enabled: false });
    expect((await admin('PUT', `/api/webhook/endpoint/${endpoint.id}/wrong-key`, { url: tool.url, events: ['lead.created'] })).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/webhook/endpoint/${endpoint.id}/${endpoint.unique_key}`)).statusCode).toBe(200);
    expect((await admin('GET', '/api/webhook/endpoints')).json().data).toEqual([]);
  });

  it("refuses the server's own network when saved, and again when delivering, unless the operator allows it", async () => {
    ctx.app.config.webhookAllowPrivate = false;
    for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://169.254.169.254/latest/meta-data', 'http://10.1.2.3/x', 'http://[::1]/x', 'http://[::ffff:127.0.0.1]/x']) {
      const res = await admin('POST', '/api/webhook/endpoint', { url, events: ['lead.created'] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'url', message: { isPublicAddress: expect.any(String) } }] });
    }
    // Saved while allowed; the switch turned off since: the delivery goes nowhere, and says why.
    ctx.app.config.webhookAllowPrivate = true;
    const { endpoint } = await create(['lead.created']);
    ctx.app.config.webhookAllowPrivate = false;
    const test = (await admin('POST', `/api/webhook/endpoint-test/${endpoint.id}/${endpoint.unique_key}`)).json().data;
    // A test event is one attempt, not retried.
    expect(test).toMatchObject({ event: 'webhook.test', status: 'failed', attempts: 1, status_code: null, response: expect.stringContaining('not a public address'), next_attempt_at: null });
    expect(tool.received).toHaveLength(0);
  });

  it('sends a contact message as lead.created then message.received, signed as Standard Webhooks says', async () => {
    const { secret } = await create(['lead.created', 'message.received']);
    expect((await contact()).statusCode).toBe(201);
    await dispatch();
    expect(tool.events().map((e) => e.type)).toEqual(['lead.created', 'message.received']);
    for (const request of tool.received) {
      // The reference library verifies id, timestamp and signature (and refuses an old timestamp).
      expect(() => new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
      expect(request.headers['content-type']).toBe('application/json');
    }
    // Each body matches its event's JSON schema, as the OpenAPI document publishes it.
    const doc = (await ctx.call('GET', '/api/docs/json')).json() as { components: { schemas: Record<string, object> } };
    const ajv = addFormats(new Ajv({ strict: false }));
    for (const event of tool.events()) {
      const schema = doc.components.schemas[`webhook.${event.type}`];
      if (!schema) throw new Error(`no schema for ${event.type}`);
      expect({ event: event.type, valid: ajv.validate(schema, event), errors: ajv.errors ?? null }).toEqual({ event: event.type, valid: true, errors: null });
    }
    const [lead, message] = tool.events();
    expect(lead?.data).toMatchObject({ module: 'contact', email: CONTACT.email, name: CONTACT.name, company: CONTACT.company, status: 'active', classification: 'none' });
    expect(message?.data).toMatchObject({ subject: CONTACT.subject, message: CONTACT.message, email: CONTACT.email, locale: 'pt-BR', lead: { email: CONTACT.email } });
    // The same person writing again: no second lead.created.
    tool.received.length = 0;
    await contact({ subject: 'De novo' });
    await dispatch();
    expect(tool.events().map((e) => e.type)).toEqual(['message.received']);
  });

  it('retries a receiver that is down with the same id, in order per record, until every event has arrived once', async () => {
    await create(['lead.created', 'lead.updated', 'message.received']);
    tool.answer(503);
    await contact({ email: 'down@cliente.com.br' });
    await dispatch();
    // The lead's first event failed; the message (another record) went its own way and failed too.
    const lead = (await ctx.db.query<{ id: number; unique_key: string }>("SELECT id, unique_key FROM leads WHERE email = 'down@cliente.com.br'"))[0];
    if (!lead) throw new Error('no lead');
    const firstTries = tool.received.length;
    expect(firstTries).toBe(2);
    const pending = await ctx.db.query<{ attempts: number; due_in_s: number; status_code: number; response: string }>(
      "SELECT attempts, extract(epoch FROM next_attempt_at - now())::float AS due_in_s, status_code, response FROM webhook_deliveries WHERE status = 'pending' ORDER BY id",
    );
    expect(pending).toHaveLength(2);
    for (const row of pending) {
      expect(row).toMatchObject({ attempts: 1, status_code: 503, response: 'receiver busy' });
      // The first retry within 30 s.
      expect(row.due_in_s).toBeGreaterThan(0);
      expect(row.due_in_s).toBeLessThanOrEqual(30);
    }
    // Staff classify the lead meanwhile: lead.updated waits behind lead.created.
    expect((await admin('PUT', `/api/lead/lead-classification/${lead.id}/${lead.unique_key}`, { classification: 'hot' })).statusCode).toBe(200);
    await dispatch();
    expect(tool.received).toHaveLength(firstTries);

    tool.answer(200);
    await retriesDue();
    await retriesDue();
    const delivered = tool.received.slice(firstTries);
    const types = delivered.map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(types.indexOf('lead.created')).toBeLessThan(types.indexOf('lead.updated'));
    expect(types.sort()).toEqual(['lead.created', 'lead.updated', 'message.received']);
    // Every try of one event carries one id; different events, different ids.
    const idsByType = new Map<string, Set<string>>();
    for (const r of tool.received) {
      const type = (JSON.parse(r.body) as { type: string }).type;
      idsByType.set(type, (idsByType.get(type) ?? new Set()).add(String(r.headers['webhook-id'])));
    }
    for (const ids of idsByType.values()) expect(ids.size).toBe(1);
    expect(new Set([...idsByType.values()].flatMap((s) => [...s])).size).toBe(3);
    const updated = JSON.parse(delivered.find((r) => r.body.includes('"lead.updated"'))?.body ?? '{}') as { data: { classification: string } };
    expect(updated.data.classification).toBe('hot');
    expect(await ctx.db.query("SELECT 1 FROM webhook_deliveries WHERE status <> 'delivered'")).toEqual([]);
  });

  it('gives a receiver that does not answer the time limit, and retries it', async () => {
    const { endpoint } = await create(['lead.created']);
    ctx.app.config.webhookTimeoutMs = 300;
    tool.answer('hang');
    try {
      const test = (await admin('POST', `/api/webhook/endpoint-test/${endpoint.id}/${endpoint.unique_key}`)).json().data;
      expect(test).toMatchObject({ status: 'failed', status_code: null, response: 'timed out after 300 ms', attempts: 1 });
      // Nor does a failed test count against the endpoint's health.
      expect((await admin('GET', '/api/webhook/endpoints')).json().data[0]).toMatchObject({ failing_since: null });
    } finally {
      ctx.app.config.webhookTimeoutMs = 1000;
    }
    // Sent again by staff once the tool is back: delivered, same id.
    tool.answer(200);
    const first = (await admin('GET', `/api/webhook/deliveries/${endpoint.id}/${endpoint.unique_key}`)).json().data[0];
    // While a dispatcher holds it, "send again" does not race it.
    await ctx.db.query("UPDATE webhook_deliveries SET locked_until = now() + interval '1 minute' WHERE id = $1::bigint", [first.id]);
    expect((await admin('POST', `/api/webhook/delivery-retry/${first.id}`)).json()).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    await ctx.db.query('UPDATE webhook_deliveries SET locked_until = NULL WHERE id = $1::bigint', [first.id]);
    expect((await admin('POST', '/api/webhook/delivery-retry/999999')).statusCode).toBe(404);
    const again = (await admin('POST', `/api/webhook/delivery-retry/${first.id}`)).json().data;
    expect(again).toMatchObject({ id: first.id, webhook_id: first.webhook_id, status: 'delivered', status_code: 200, attempts: 2, response: 'ok' });
    expect(new Set(tool.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([first.webhook_id]));
  });

  it('signs with both secrets for a while after a rotation', async () => {
    const { endpoint, secret: old } = await create(['lead.created']);
    const rotated = (await admin('POST', `/api/webhook/endpoint-rotate-secret/${endpoint.id}/${endpoint.unique_key}`)).json().data;
    expect(rotated.secret).not.toBe(old);
    expect(rotated.endpoint.previous_secret_until).toEqual(expect.any(String));
    await admin('POST', `/api/webhook/endpoint-test/${endpoint.id}/${endpoint.unique_key}`);
    const request = tool.received[0];
    if (!request) throw new Error('nothing received');
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [old, rotated.secret]) expect(() => new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
  });

  it('disables an endpoint that failed for a day and tells the settings staff', async () => {
    const { endpoint } = await create(['lead.created']);
    tool.answer(500);
    await ctx.db.query("UPDATE webhook_endpoints SET failing_since = now() - interval '25 hours' WHERE id = $1", [endpoint.id]);
    await contact({ email: 'failing@cliente.com.br' });
    await dispatch();
    const [listed] = (await admin('GET', '/api/webhook/endpoints')).json().data;
    expect(listed).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const mails = await ctx.db.query<{ to_address: string; subject: string }>("SELECT to_address, subject FROM outbox WHERE subject LIKE '%webhook desativado%'");
    expect(mails).toEqual([{ to_address: ctx.admin.email, subject: `Vitrine: webhook desativado — ${tool.url}` }]);
    // Its pending delivery waits; enabling it again sends it.
    tool.answer(200);
    const before = tool.received.length;
    await admin('PUT', `/api/webhook/endpoint/${endpoint.id}/${endpoint.unique_key}`, { url: tool.url, events: ['lead.created'], enabled: true });
    await retriesDue();
    expect(tool.received.length).toBe(before + 1);
    expect((await admin('GET', '/api/webhook/endpoints')).json().data[0]).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });

  it('follows a subscriber: lead.created at the sign-up, subscriber.confirmed once, subscriber.cancelled once with the reason', async () => {
    await create(['lead.created', 'subscriber.confirmed', 'subscriber.cancelled']);
    const email = 'assinante@cliente.com.br';
    expect((await ctx.call('POST', '/api/public/newsletter', { body: { email, elapsed_ms: 5000 }, remoteAddress: `10.89.0.${(address += 1)}` })).statusCode).toBe(202);
    const [mail] = await readOutbox(ctx.db, email);
    const link = mail?.text_body.match(/https?:\/\/\S+\/api\/public\/newsletter\/confirm\/\S+/)?.[0];
    if (!link) throw new Error('no confirmation link');
    await ctx.call('GET', link.replace(PUBLIC_URL, ''));
    await ctx.call('GET', link.replace(PUBLIC_URL, ''));
    const lead = (await ctx.db.query<{ id: number; unique_key: string }>("SELECT id::int AS id, unique_key FROM leads WHERE module = 'newsletter' AND email = $1", [email]))[0];
    if (!lead) throw new Error('no subscriber');
    for (let i = 0; i < 2; i += 1) {
      await ctx.call('POST', `/api/public/newsletter/unsubscribe/${lead.id}/${lead.unique_key}`, { body: { reason: 'too-frequent' } });
    }
    await dispatch();
    expect(tool.events().map((e) => e.type)).toEqual(['lead.created', 'subscriber.confirmed', 'subscriber.cancelled']);
    expect(tool.events()[1]?.data).toMatchObject({ module: 'newsletter', email, newsletter_status: 'active', confirmed: true });
    expect(tool.events()[2]?.data).toMatchObject({ email, newsletter_status: 'cancelled', unsubscribe_reason: 'too-frequent' });
  });

  it('sends article.published when an article becomes public: now, or at its scheduled time', async () => {
    await create(['article.published']);
    const base = { image_id: await imageId(ctx), category_ids: [(await createCategory(ctx)).id] };
    const draft = await createArticle(ctx, base);
    await dispatch();
    expect(tool.received).toHaveLength(0);
    await admin('PUT', `/api/article/article-change-status/${draft.id}/${draft.unique_key}`, { status: 'published' });
    await dispatch();
    expect(tool.events()).toEqual([expect.objectContaining({ type: 'article.published', data: expect.objectContaining({ id: draft.id, title: draft.title, url: expect.stringContaining(`/${draft.id}`) }) })]);
    // An edit of a public article is no new publication.
    await admin('PUT', `/api/article/article/${draft.id}/${draft.unique_key}`, { excerpt: 'Outro resumo' });
    await dispatch();
    expect(tool.received).toHaveLength(1);

    // Scheduled: written for its time, dropped when the schedule is taken back.
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await createArticle(ctx, base, { status: 'published', publish_at: at });
    const waiting = await ctx.db.query<{ next_attempt_at: Date }>("SELECT next_attempt_at FROM webhook_deliveries WHERE record_key = $1 AND status = 'pending'", [`article:${scheduled.id}`]);
    expect(waiting.map((w) => w.next_attempt_at.toISOString())).toEqual([at]);
    await dispatch();
    expect(tool.received).toHaveLength(1);
    await admin('PUT', `/api/article/article-change-status/${scheduled.id}/${scheduled.unique_key}`, { status: 'draft' });
    expect(await ctx.db.query('SELECT 1 FROM webhook_deliveries WHERE record_key = $1', [`article:${scheduled.id}`])).toEqual([]);
  });
});

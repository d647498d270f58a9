import http from 'node:http';
import https from 'node:https';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import ipaddr from 'ipaddr.js';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointBodyInput } from '@vitrine/contracts';
import type { WebhookEvent } from '@vitrine/contracts/schemas';
import { WEBHOOK_TEST_EVENT } from '@vitrine/contracts/schemas';
import type { Db, Queryable } from '../db';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import type { JobEngine } from '../jobs/engine';
import { assertPublicHost, guardedLookup, isPublicAddress, OutboundAddressError } from '../lib/outbound-address';
import { uniqueKey } from '../lib/security';
import type { Mailer } from '../mail/mailer';
import { webhookDisabledMail } from '../mail/templates';
import { mailLocale } from '../mail/texts';
import * as repo from '../repositories/webhooks';
import { staffWithAccess } from '../repositories/messages';
import type { AppConfig } from '../config';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Outgoing webhooks (docs/decisions/webhooks.md). An event writes one delivery per endpoint that wants it in the
 * transaction of the change (emitWebhook), with a job that wakes the dispatcher; the dispatcher claims due
 * deliveries, signs and sends them (Standard Webhooks), and records each answer. Delivery is at least once with the
 * same `webhook-id`; a record's events reach an endpoint in the order they happened.
 */
export const WEBHOOK_QUEUE = 'webhook-dispatch';
/** Every minute, whatever was sent: deliveries whose job was lost, or whose worker died holding them. */
export const WEBHOOK_SWEEP_CRON = '* * * * *';

/**
 * Seconds before each retry: the first after 25 s (within 30 s once the worker's polling, 5 s at most, has seen its
 * job), then growing to 8 h; the tenth attempt, about 24 h after the first, is the last.
 */
export const RETRY_DELAYS_S = [25, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800] as const;
/** An endpoint whose deliveries have all failed for this long is disabled, and the admins are told. */
export const FAILING_DISABLE_MS = 24 * 3600 * 1000;
/** After a rotation the previous secret signs beside the new one for this long. */
export const ROTATION_GRACE_MS = 24 * 3600 * 1000;
/** Deliveries one dispatcher pass sends at once. */
const BATCH = 8;
/** The receiver's first bytes kept with the attempt. */
const RESPONSE_KEPT = 500;
/** Deliveries listed per endpoint. */
const RECENT = 50;

/** `whsec_` + 32 random bytes, base64 (the Standard Webhooks secret format). */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The message id: one per event. */
function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * Writes the deliveries of an event for every enabled endpoint subscribed to it, in `tx` (they exist only if the
 * change commits), and the job that sends them. `recordKey` names the record ('lead:12'): its events go out in
 * order. Call `wakeWebhooks(jobs)` once `tx` has committed. Answers whether any endpoint wants it.
 */
export async function emitWebhook(
  tx: Queryable,
  jobs: JobEngine,
  event: WebhookEvent,
  recordKey: string,
  /** The record as sent, read only when an endpoint wants the event (most changes have none to tell). */
  data: () => Promise<unknown> | unknown,
  /** `at`: when it happens (default now); an event of the future (a scheduled publication) is sent then. */
  at?: Date,
): Promise<boolean> {
  const endpoints = await repo.subscribers(tx, event);
  if (endpoints.length === 0) return false;
  const webhookId = newMessageId();
  const when = at ?? new Date();
  const body = JSON.stringify({ type: event, timestamp: when.toISOString(), data: await data() });
  for (const endpoint of endpoints) {
    await repo.insertDelivery(tx, { endpoint_id: endpoint.id, webhook_id: webhookId, event, record_key: recordKey, body, ...(at ? { next_attempt_at: at } : {}) });
  }
  // The job only wakes the dispatcher: an engine still starting (its database was down at boot) leaves the rows to
  // the minute's sweep once it runs, and never costs the change its transaction.
  if (jobs.started) await jobs.send(WEBHOOK_QUEUE, {}, {}, tx);
  return true;
}

export function wakeWebhooks(jobs: JobEngine): void {
  jobs.notify(WEBHOOK_QUEUE);
}

function toEndpoint(row: repo.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    unique_key: row.unique_key,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since?.toISOString() ?? null,
    previous_secret_until: row.previous_secret_until && row.previous_secret_until > new Date() ? row.previous_secret_until.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    status_code: row.status_code,
    response: row.response,
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    delivered_at: row.delivered_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** What one attempt got: an answer (any status), or none (and why). */
type Attempt = { statusCode: number; response: string } | { statusCode: null; response: string };

export interface WebhooksDeps {
  db: Db;
  jobs: JobEngine;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
}

export class WebhooksService {
  private readonly now: () => Date;

  constructor(private readonly deps: WebhooksDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** How long a worker holds a delivery it sends: twice the time limit and a margin (a dead worker's hold runs out). */
  private get holdSeconds(): number {
    return Math.ceil(this.deps.config.webhookTimeoutMs / 1000) * 2 + 5;
  }

  /** A URL staff may save: http(s), no credentials, a host that resolves to public addresses (unless allowed). */
  private async checkUrl(value: string): Promise<string> {
    const invalid = (constraint: string, text: string) => new BadRequestError('VALIDATION_ERROR', [{ property: 'url', message: { [constraint]: text } }]);
    let url: URL;
    try {
      url = new URL(value.trim());
    } catch {
      throw invalid('isUrl', 'url must be an http or https address');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid('isUrl', 'url must be an http or https address');
    if (url.username || url.password) throw invalid('noCredentials', 'url must not carry a user name or password');
    try {
      await assertPublicHost(url, this.deps.config.webhookAllowPrivate);
    } catch (err) {
      if (err instanceof OutboundAddressError) {
        throw err.code === 'WEBHOOK_URL_PRIVATE' ? invalid('isPublicAddress', err.message) : invalid('resolves', err.message);
      }
      throw err;
    }
    return url.toString();
  }

  async list(): Promise<WebhookEndpoint[]> {
    return (await repo.listEndpoints(this.deps.db)).map(toEndpoint);
  }

  async create(input: WebhookEndpointBodyInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const url = await this.checkUrl(input.url);
    const secret = newSecret();
    const row = await this.deps.db.transaction((tx) =>
      repo.insertEndpoint(tx, { unique_key: uniqueKey(), url, description: input.description?.trim() ?? '', events: input.events, enabled: input.enabled ?? true, secret }),
    );
    return { endpoint: toEndpoint(row), secret };
  }

  async update(id: number, key: string, input: WebhookEndpointBodyInput): Promise<WebhookEndpoint> {
    const url = await this.checkUrl(input.url);
    const row = await this.deps.db.transaction((tx) =>
      repo.updateEndpoint(tx, id, key, { url, description: input.description?.trim() ?? '', events: input.events, enabled: input.enabled ?? true }),
    );
    if (!row) throw new NotFoundError();
    // Enabled again: what waited for it goes out now.
    if (row.enabled) await this.deps.jobs.send(WEBHOOK_QUEUE, {});
    return toEndpoint(row);
  }

  async remove(id: number, key: string): Promise<void> {
    if (!(await this.deps.db.transaction((tx) => repo.deleteEndpoint(tx, id, key)))) throw new NotFoundError();
  }

  async rotateSecret(id: number, key: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const secret = newSecret();
    const row = await this.deps.db.transaction((tx) => repo.rotateSecret(tx, id, key, secret, new Date(this.now().getTime() + ROTATION_GRACE_MS)));
    if (!row) throw new NotFoundError();
    return { endpoint: toEndpoint(row), secret };
  }

  async deliveries(id: number, key: string): Promise<WebhookDelivery[]> {
    const endpoint = await repo.findEndpoint(this.deps.db, id, key);
    if (!endpoint) throw new NotFoundError();
    return (await repo.recentDeliveries(this.deps.db, endpoint.id, RECENT)).map(toDelivery);
  }

  /** "Send a test event": a `webhook.test` delivery, sent now (enabled or not), and its outcome. */
  async test(id: number, key: string): Promise<WebhookDelivery> {
    const endpoint = await repo.findEndpoint(this.deps.db, id, key);
    if (!endpoint) throw new NotFoundError();
    const body = JSON.stringify({
      type: WEBHOOK_TEST_EVENT,
      timestamp: this.now().toISOString(),
      data: { endpoint: { id: endpoint.id, url: endpoint.url }, message: 'A test event from Vitrine: the endpoint is reachable and can check the signature.' },
    });
    const row = await repo.insertDelivery(this.deps.db, { endpoint_id: endpoint.id, webhook_id: newMessageId(), event: WEBHOOK_TEST_EVENT, record_key: `test:${endpoint.id}:${randomBytes(6).toString('hex')}`, body });
    return this.sendOne(row.id);
  }

  /** "Send again": the delivery goes out now with the same id and body; its outcome. */
  async retry(deliveryId: string): Promise<WebhookDelivery> {
    const row = await repo.retryNow(this.deps.db, deliveryId);
    if (!row) throw (await repo.findDelivery(this.deps.db, deliveryId)) ? new ConflictError('CONFLICT') : new NotFoundError();
    return this.sendOne(row.id);
  }

  /** Sends one delivery now, whatever its endpoint's state or its record's order (staff asked for it). */
  private async sendOne(deliveryId: string): Promise<WebhookDelivery> {
    const delivery = await repo.claimOne(this.deps.db, deliveryId, this.holdSeconds);
    if (!delivery) {
      // Held by a dispatcher sending it right now: its outcome is that attempt's.
      if (await repo.findDelivery(this.deps.db, deliveryId)) throw new ConflictError('CONFLICT');
      throw new NotFoundError();
    }
    await this.attemptAndRecord(delivery);
    const row = await repo.findDelivery(this.deps.db, deliveryId);
    if (!row) throw new NotFoundError();
    return toDelivery(row);
  }

  /**
   * The dispatcher (the job's handler): sends what is due, a batch at a time, until nothing due is left, then makes
   * sure a job wakes it when the next retry is due.
   */
  async dispatch(): Promise<{ sent: number }> {
    let sent = 0;
    for (;;) {
      const due = await repo.claimDue(this.deps.db, BATCH, this.holdSeconds);
      if (due.length === 0) break;
      await Promise.all(due.map((d) => this.attemptAndRecord(d)));
      sent += due.length;
    }
    const next = await repo.nextDue(this.deps.db);
    if (next) {
      const inSeconds = Math.max(1, Math.ceil((next.getTime() - this.now().getTime()) / 1000));
      // One wake-up per second of the future, however many passes ask for it.
      await this.deps.jobs.send(WEBHOOK_QUEUE, {}, { startAfterSeconds: inSeconds, singletonKey: `at-${Math.floor(next.getTime() / 1000)}` });
    }
    return { sent };
  }

  private async attemptAndRecord(delivery: Pick<repo.DeliveryRow, 'id' | 'endpoint_id' | 'webhook_id' | 'event' | 'body' | 'attempts'> & repo.Signing): Promise<void> {
    const outcome = await this.attempt(delivery);
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    // A test event is one attempt staff watch: never retried, and no measure of the endpoint's health.
    const test = delivery.event === WEBHOOK_TEST_EVENT;
    const db = this.deps.db;
    let disabled: repo.EndpointRow | undefined;
    await db.transaction(async (tx) => {
      if (ok) {
        await repo.recordDelivered(tx, delivery.id, outcome.statusCode as number, outcome.response);
      } else {
        const delay = test ? undefined : RETRY_DELAYS_S[delivery.attempts];
        const retryAt = delay === undefined ? null : new Date(this.now().getTime() + delay * 1000);
        await repo.recordFailed(tx, delivery.id, outcome.statusCode, outcome.response, retryAt);
      }
      if (test) return;
      const health = await repo.noteEndpointResult(tx, delivery.endpoint_id, ok);
      if (!ok && health.failing_since && this.now().getTime() - health.failing_since.getTime() >= FAILING_DISABLE_MS) {
        disabled = await repo.disableFailing(tx, delivery.endpoint_id, new Date(this.now().getTime() - FAILING_DISABLE_MS));
        if (disabled) {
          // The admins are told in the same transaction (each in the language they last signed in with).
          for (const person of await staffWithAccess(tx, 'settings')) {
            await this.deps.mailer.enqueue(tx, webhookDisabledMail(mailLocale(person.locale), person.email, person.name, disabled.url, `${this.deps.config.publicUrl}/admin/settings?tab=webhooks`));
          }
        }
      }
    });
    if (disabled) {
      this.deps.mailer.wake();
      this.deps.log.warn({ endpoint: disabled.id }, 'webhook endpoint disabled: every delivery failed for a day');
    }
  }

  /** One signed POST: no redirect followed, the time limit over the whole exchange, the address checked when connecting. */
  private attempt(delivery: Pick<repo.DeliveryRow, 'webhook_id' | 'body'> & repo.Signing): Promise<Attempt> {
    const { webhookAllowPrivate: allowPrivate, webhookTimeoutMs } = this.deps.config;
    let url: URL;
    try {
      url = new URL(delivery.url);
    } catch {
      return Promise.resolve({ statusCode: null, response: 'invalid URL' });
    }
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && ipaddr.isValid(literal) && !isPublicAddress(literal)) {
      return Promise.resolve({ statusCode: null, response: `refused: ${literal} is not a public address` });
    }
    const sentAt = this.now();
    const signatures = [new Webhook(delivery.secret).sign(delivery.webhook_id, sentAt, delivery.body)];
    if (delivery.previous_secret && delivery.previous_secret_until && delivery.previous_secret_until > sentAt) {
      signatures.push(new Webhook(delivery.previous_secret).sign(delivery.webhook_id, sentAt, delivery.body));
    }
    const body = Buffer.from(delivery.body);
    return new Promise<Attempt>((resolve) => {
      let settled = false;
      const done = (result: Attempt): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST',
        lookup: guardedLookup(allowPrivate),
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          'user-agent': 'Vitrine-Webhooks/1.0',
          'webhook-id': delivery.webhook_id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signatures.join(' '),
        },
      });
      const timer = setTimeout(() => {
        request.destroy();
        done({ statusCode: null, response: `timed out after ${webhookTimeoutMs} ms` });
      }, webhookTimeoutMs);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEPT) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          if (kept >= RESPONSE_KEPT) response.destroy();
        });
        const finish = (): void => done({ statusCode: response.statusCode ?? 0, response: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEPT) });
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      });
      request.on('error', (err: NodeJS.ErrnoException) => {
        done({ statusCode: null, response: err instanceof OutboundAddressError ? `refused: ${err.message}` : `no answer: ${err.code ?? err.message}` });
      });
      request.end(body);
    });
  }
}

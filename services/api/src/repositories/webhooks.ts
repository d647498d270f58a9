import type { Queryable } from '../db';

export interface EndpointRow {
  id: number;
  unique_key: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  failing_since: Date | null;
  disabled_reason: 'failing' | null;
  created_at: Date;
  updated_at: Date;
}

export interface DeliveryRow {
  id: string;
  endpoint_id: number;
  webhook_id: string;
  event: string;
  record_key: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  status_code: number | null;
  response: string | null;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
}

/** What signing and sending a delivery needs of its endpoint. */
export interface Signing {
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
}

const deliveryColumns = (t = ''): string =>
  `${t}id::text AS id, ${['endpoint_id', 'webhook_id', 'event', 'record_key', 'body', 'status', 'attempts', 'next_attempt_at', 'status_code', 'response', 'last_attempt_at', 'delivered_at', 'created_at'].map((c) => t + c).join(', ')}`;
const DELIVERY_COLUMNS = deliveryColumns();

export async function listEndpoints(db: Queryable): Promise<EndpointRow[]> {
  return db.query<EndpointRow>('SELECT * FROM webhook_endpoints ORDER BY id');
}

export async function findEndpoint(db: Queryable, id: number, key?: string): Promise<EndpointRow | undefined> {
  const rows = await db.query<EndpointRow>('SELECT * FROM webhook_endpoints WHERE id = $1 AND ($2::text IS NULL OR unique_key = $2)', [id, key ?? null]);
  return rows[0];
}

export async function insertEndpoint(
  db: Queryable,
  row: { unique_key: string; url: string; description: string; events: readonly string[]; enabled: boolean; secret: string },
): Promise<EndpointRow> {
  const rows = await db.query<EndpointRow>(
    'INSERT INTO webhook_endpoints (unique_key, url, description, events, enabled, secret) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
    [row.unique_key, row.url, row.description, row.events, row.enabled, row.secret],
  );
  return rows[0] as EndpointRow;
}

/** Staff's change: enabling it again clears what the server noted when it disabled it. */
export async function updateEndpoint(
  db: Queryable,
  id: number,
  key: string,
  row: { url: string; description: string; events: readonly string[]; enabled: boolean },
): Promise<EndpointRow | undefined> {
  const rows = await db.query<EndpointRow>(
    `UPDATE webhook_endpoints SET url = $3, description = $4, events = $5, enabled = $6, updated_at = now(),
       disabled_reason = CASE WHEN $6 THEN NULL ELSE disabled_reason END,
       failing_since = CASE WHEN $6 AND NOT enabled THEN NULL ELSE failing_since END
     WHERE id = $1 AND unique_key = $2 RETURNING *`,
    [id, key, row.url, row.description, row.events, row.enabled],
  );
  return rows[0];
}

export async function deleteEndpoint(db: Queryable, id: number, key: string): Promise<boolean> {
  return (await db.query('DELETE FROM webhook_endpoints WHERE id = $1 AND unique_key = $2 RETURNING 1', [id, key])).length > 0;
}

/** A new secret; the current one keeps signing beside it until `graceUntil`. */
export async function rotateSecret(db: Queryable, id: number, key: string, secret: string, graceUntil: Date): Promise<EndpointRow | undefined> {
  const rows = await db.query<EndpointRow>(
    `UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = $4, secret = $3, updated_at = now()
     WHERE id = $1 AND unique_key = $2 RETURNING *`,
    [id, key, secret, graceUntil],
  );
  return rows[0];
}

/** The enabled endpoints subscribed to an event. */
export async function subscribers(db: Queryable, event: string): Promise<{ id: number }[]> {
  return db.query<{ id: number }>('SELECT id FROM webhook_endpoints WHERE enabled AND $1 = ANY (events) ORDER BY id', [event]);
}

export async function insertDelivery(
  db: Queryable,
  row: { endpoint_id: number; webhook_id: string; event: string; record_key: string; body: string; next_attempt_at?: Date },
): Promise<DeliveryRow> {
  const rows = await db.query<DeliveryRow>(
    `INSERT INTO webhook_deliveries (endpoint_id, webhook_id, event, record_key, body, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6, now())) RETURNING ${DELIVERY_COLUMNS}`,
    [row.endpoint_id, row.webhook_id, row.event, row.record_key, row.body, row.next_attempt_at ?? null],
  );
  return rows[0] as DeliveryRow;
}

/** Drops a record's event that was written ahead of its time and is not due yet (a scheduled publication). */
export async function dropScheduled(db: Queryable, recordKey: string, event: string): Promise<void> {
  await db.query(
    "DELETE FROM webhook_deliveries WHERE record_key = $1 AND event = $2 AND status = 'pending' AND attempts = 0 AND next_attempt_at > now()",
    [recordKey, event],
  );
}

export async function findDelivery(db: Queryable, id: string): Promise<DeliveryRow | undefined> {
  const rows = await db.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = $1::bigint`, [id]);
  return rows[0];
}

/** An endpoint's most recent deliveries, newest first. */
export async function recentDeliveries(db: Queryable, endpointId: number, limit: number): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id DESC LIMIT $2`, [endpointId, limit]);
}

/**
 * Claims up to `limit` deliveries due now for `holdSeconds`: pending, not held by a live worker, of an enabled
 * endpoint, and the oldest pending one of their record for that endpoint (a record's events go out in order).
 * Rows another worker is claiming are skipped, not waited for.
 */
export async function claimDue(db: Queryable, limit: number, holdSeconds: number): Promise<(DeliveryRow & Signing)[]> {
  return db.query(
    `WITH due AS (
       SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now()) AND e.enabled
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p WHERE p.endpoint_id = d.endpoint_id AND p.record_key = d.record_key
                         AND p.status = 'pending' AND p.id < d.id)
       ORDER BY d.next_attempt_at, d.id LIMIT $1 FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $2)
     FROM due, webhook_endpoints e WHERE d.id = due.id AND e.id = d.endpoint_id
     RETURNING ${deliveryColumns('d.')}, e.url, e.secret, e.previous_secret, e.previous_secret_until`,
    [limit, holdSeconds],
  );
}

/** Claims one delivery whatever its endpoint's state or its record's order (staff asked for it), unless a worker holds it. */
export async function claimOne(db: Queryable, id: string, holdSeconds: number): Promise<(DeliveryRow & Signing) | undefined> {
  const rows = await db.query<DeliveryRow & Signing>(
    `UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $2)
     FROM webhook_endpoints e WHERE d.id = $1::bigint AND e.id = d.endpoint_id AND (d.locked_until IS NULL OR d.locked_until < now())
     RETURNING ${deliveryColumns('d.')}, e.url, e.secret, e.previous_secret, e.previous_secret_until`,
    [id, holdSeconds],
  );
  return rows[0];
}

/** The earliest time a pending delivery of an enabled endpoint is due (to wake the dispatcher then), or null. */
export async function nextDue(db: Queryable): Promise<Date | null> {
  const rows = await db.query<{ at: Date | null }>(
    `SELECT min(GREATEST(d.next_attempt_at, COALESCE(d.locked_until, d.next_attempt_at))) AS at
     FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.status = 'pending' AND e.enabled`,
  );
  return rows[0]?.at ?? null;
}

export async function recordDelivered(db: Queryable, id: string, statusCode: number, response: string): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, status_code = $2, response = $3,
       last_attempt_at = now(), delivered_at = now(), locked_until = NULL WHERE id = $1::bigint`,
    [id, statusCode, response],
  );
}

/** A failed attempt: tried again at `retryAt`, or given up (null). */
export async function recordFailed(db: Queryable, id: string, statusCode: number | null, response: string, retryAt: Date | null): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, status_code = $2, response = $3, last_attempt_at = now(), locked_until = NULL,
       status = CASE WHEN $4::timestamptz IS NULL THEN 'failed' ELSE 'pending' END, next_attempt_at = COALESCE($4, next_attempt_at)
     WHERE id = $1::bigint`,
    [id, statusCode, response, retryAt],
  );
}

/** Staff's "send again": pending and due now, whatever it was (a delivered one goes out again with the same id); not while a worker holds it. */
export async function retryNow(db: Queryable, id: string): Promise<DeliveryRow | undefined> {
  const rows = await db.query<DeliveryRow>(
    `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now()
     WHERE id = $1::bigint AND (locked_until IS NULL OR locked_until < now()) RETURNING ${DELIVERY_COLUMNS}`,
    [id],
  );
  return rows[0];
}

/** An endpoint's health after an attempt: a success clears it; the first failure starts the clock. */
export async function noteEndpointResult(db: Queryable, endpointId: number, ok: boolean): Promise<{ failing_since: Date | null }> {
  const rows = await db.query<{ failing_since: Date | null }>(
    `UPDATE webhook_endpoints SET failing_since = CASE WHEN $2 THEN NULL ELSE COALESCE(failing_since, now()) END WHERE id = $1 RETURNING failing_since`,
    [endpointId, ok],
  );
  return rows[0] ?? { failing_since: null };
}

/** Disables an endpoint that has failed since before `since` (once: answers whether this call did it). */
export async function disableFailing(db: Queryable, endpointId: number, since: Date): Promise<EndpointRow | undefined> {
  const rows = await db.query<EndpointRow>(
    `UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'failing', updated_at = now()
     WHERE id = $1 AND enabled AND failing_since IS NOT NULL AND failing_since <= $2 RETURNING *`,
    [endpointId, since],
  );
  return rows[0];
}

/** Delivered deliveries past their retention, and failed ones past a longer one (pending ones stay). */
export async function purgeOld(db: Queryable, days: { delivered: number; failed: number }): Promise<number> {
  const rows = await db.query(
    `DELETE FROM webhook_deliveries WHERE (status = 'delivered' AND created_at < now() - make_interval(days => $1))
        OR (status = 'failed' AND created_at < now() - make_interval(days => $2)) RETURNING 1`,
    [days.delivered, days.failed],
  );
  return rows.length;
}

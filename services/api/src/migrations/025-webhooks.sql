-- Vitrine: outgoing webhooks (docs/decisions/webhooks.md). Staff with the settings access register endpoints;
-- an event (a lead created, a message received, …) writes one delivery per endpoint that wants it, in the
-- transaction of the change itself, and the job engine sends them, signed, until each is delivered or given up.
CREATE TABLE webhook_endpoints (
  id              serial PRIMARY KEY,
  unique_key      text NOT NULL UNIQUE,
  url             text NOT NULL,
  description     text NOT NULL DEFAULT '',
  events          text[] NOT NULL,
  enabled         boolean NOT NULL DEFAULT true,
  -- The signing secret (whsec_…); after a rotation the previous one also signs until previous_secret_until.
  secret          text NOT NULL,
  previous_secret text,
  previous_secret_until timestamptz,
  -- Since when every delivery to it has failed (NULL: the last one went through); a day of it disables it.
  failing_since   timestamptz,
  -- Why it was disabled by the server (NULL: by staff, or enabled).
  disabled_reason text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  -- How the audit log names it: a setting of the settings screen ('webhook 3').
  audit_key       text GENERATED ALWAYS AS ('webhook ' || id::text) STORED
);

CREATE TABLE webhook_deliveries (
  id              bigserial PRIMARY KEY,
  endpoint_id     integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  -- The message id (webhook-id): one per event, the same on every attempt and every endpoint.
  webhook_id      text NOT NULL,
  event           text NOT NULL,
  -- The record the event is about ('lead:12'): deliveries of one record to one endpoint go out in order.
  record_key      text NOT NULL,
  -- The body exactly as signed and sent, and the event's time (its webhook-timestamp is the attempt's).
  body            text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A worker holds it while it sends (a crashed worker's hold runs out).
  locked_until    timestamptz,
  status_code     integer,
  -- The receiver's first bytes, or why there was no answer (refused, timed out).
  response        text,
  last_attempt_at timestamptz,
  delivered_at    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_record_idx ON webhook_deliveries (endpoint_id, record_key, id) WHERE status = 'pending';

-- Staff's changes to endpoints are in the audit log as settings (the secrets never; the server's own notes of a
-- failing endpoint are no staff action and are written without an actor).
CREATE TRIGGER webhook_endpoints_audit AFTER INSERT OR UPDATE OR DELETE ON webhook_endpoints
  FOR EACH ROW EXECUTE FUNCTION audit_row('site_settings', 'audit_key', 'id', 'secret', 'previous_secret', 'updated_at', 'failing_since');

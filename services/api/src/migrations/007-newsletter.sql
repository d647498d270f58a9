-- Vitrine: the newsletter. A subscriber is a lead of module 'newsletter'; double opt-in through a
-- single-use confirmation token; the weekly digest is one row per week and one delivery per recipient.

ALTER TABLE leads
  ADD COLUMN confirmed_at        timestamptz,
  ADD COLUMN confirm_token_hash  text,
  ADD COLUMN confirm_expires_at  timestamptz,
  ADD COLUMN unsubscribe_reason  text,
  ADD COLUMN unsubscribe_details text,
  ADD COLUMN unsubscribed_at     timestamptz,
  ADD COLUMN locale              text;
-- Who gets the digest: confirmed, active subscribers.
CREATE INDEX leads_newsletter_recipients_idx ON leads (id)
  WHERE module = 'newsletter' AND newsletter_status = 'active' AND status = 'active' AND confirmed_at IS NOT NULL;
CREATE INDEX leads_unsubscribed_idx ON leads (unsubscribed_at) WHERE unsubscribed_at IS NOT NULL;

-- Mail headers (List-Unsubscribe and the like), sent as they are.
ALTER TABLE outbox ADD COLUMN headers jsonb;

-- One weekly digest per week key ('2026-W48', the ISO week in the send's time zone): the unique key is what
-- makes a second scheduler tick, a second replica or a restart find the week already taken.
CREATE TABLE digest_sends (
  id            bigserial PRIMARY KEY,
  week          text NOT NULL UNIQUE,
  status        text NOT NULL CHECK (status IN ('sending', 'done', 'empty')),
  subject       text NOT NULL DEFAULT '',
  -- The composed mail, frozen when the week was taken (a resumed send sends the same content).
  html_body     text NOT NULL DEFAULT '',
  text_body     text NOT NULL DEFAULT '',
  article_ids   integer[] NOT NULL DEFAULT '{}',
  period_start  timestamptz NOT NULL,
  period_end    timestamptz NOT NULL,
  total         integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);

-- One row per recipient and week: queued → sending (claimed by a worker) → sent | failed (with the SMTP answer).
CREATE TABLE digest_deliveries (
  id              bigserial PRIMARY KEY,
  send_id         bigint NOT NULL REFERENCES digest_sends (id) ON DELETE CASCADE,
  lead_id         bigint REFERENCES leads (id) ON DELETE SET NULL,
  email           text NOT NULL,
  status          text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'stored')),
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_at      timestamptz,
  sent_at         timestamptz,
  UNIQUE (send_id, lead_id)
);
CREATE INDEX digest_deliveries_queue_idx ON digest_deliveries (send_id, next_attempt_at, id) WHERE status = 'queued';
CREATE INDEX digest_deliveries_status_idx ON digest_deliveries (send_id, status);

INSERT INTO site_settings (key, value) VALUES
  ('newsletter', '{"day": 1, "hour": 9, "timeZone": "America/Sao_Paulo", "ratePerSecond": 10}')
ON CONFLICT (key) DO NOTHING;

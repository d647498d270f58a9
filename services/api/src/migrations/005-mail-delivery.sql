-- Vitrine: mail is delivered by a job (docs/decisions/job-engine.md); the outbox records every mail and its fate.
-- status: queued (a delivery job will send it), sent, failed (permanent refusal or retries exhausted),
-- stored (SMTP_URL not set: kept and logged, not sent by design).
ALTER TABLE outbox
  ADD COLUMN status     text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'stored')),
  ADD COLUMN attempts   integer NOT NULL DEFAULT 0,
  ADD COLUMN last_error text,
  ADD COLUMN failed_at  timestamptz;
-- Mail written before this migration was either sent inside its request or never will be.
UPDATE outbox SET status = CASE WHEN sent_at IS NOT NULL THEN 'sent' ELSE 'stored' END;
CREATE INDEX outbox_status_idx ON outbox (status, id DESC);
-- Purges look for used or expired recovery links and codes, and old login attempts.
CREATE INDEX password_resets_expires_idx ON password_resets (expires_at);
CREATE INDEX verification_codes_expires_idx ON verification_codes (expires_at);
CREATE INDEX login_attempts_created_idx ON login_attempts (created_at);

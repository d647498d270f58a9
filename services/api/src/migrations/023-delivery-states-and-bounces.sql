-- Vitrine: every recipient's fate in the weekly digest, a pace shared by every process, sender leases, and
-- bounced addresses (docs/decisions/audience.md, "The weekly digest" and "Bounced addresses").

-- A permanent refusal (SMTP 5xx) marks the address on its leads: no more digests nor welcome mails to it until
-- the person confirms a subscription again. Staff see the mark and the server's answer, and may clear it.
ALTER TABLE leads
  ADD COLUMN bounced_at    timestamptz,
  ADD COLUMN bounce_reason text;
DROP INDEX leads_newsletter_recipients_idx;
CREATE INDEX leads_newsletter_recipients_idx ON leads (id)
  WHERE module = 'newsletter' AND newsletter_status = 'active' AND status = 'active' AND confirmed_at IS NOT NULL AND bounced_at IS NULL;

-- A delivery's states: queued → sending (claimed by a sender) → sent | stored (no SMTP) | deferred (a transient
-- failure; last_error holds the server's answer and next_attempt_at the retry) | failed (the last try failed) |
-- bounced (refused for good) | skipped (the subscriber left, was blocked or bounced before their turn; skip_reason).
ALTER TABLE digest_deliveries DROP CONSTRAINT digest_deliveries_status_check;
ALTER TABLE digest_deliveries
  ADD CONSTRAINT digest_deliveries_status_check
    CHECK (status IN ('queued', 'sending', 'sent', 'stored', 'deferred', 'failed', 'bounced', 'skipped')),
  ADD COLUMN skip_reason text CHECK (skip_reason IN ('unsubscribed', 'blacklisted', 'bounced', 'inactive', 'erased')),
  -- The sender (digest_senders.id) holding a 'sending' claim; on a final state, the one that sent it.
  ADD COLUMN claimed_by  text;
DROP INDEX digest_deliveries_queue_idx;
CREATE INDEX digest_deliveries_queue_idx ON digest_deliveries (send_id, next_attempt_at, id) WHERE status IN ('queued', 'deferred');
-- The mails of a send accepted in the last second (the pace's window).
CREATE INDEX digest_deliveries_sent_idx ON digest_deliveries (send_id, sent_at) WHERE status IN ('sent', 'stored');

-- The send's pace, kept here so that every sender of every process shares it: the earliest instant the next mail
-- may be handed to SMTP (each hand-over moves it one interval, 1 s / rate, on; and no more than the rate may be in
-- flight or accepted within any second: services/api/src/repositories/digests.ts, claimNext).
ALTER TABLE digest_sends ADD COLUMN pace_at timestamptz;
-- Replaced by the senders' leases.
ALTER TABLE digest_sends DROP COLUMN run_at;

-- One row per process sending the digest, renewed while it lives. A claim whose sender's lease has run out was
-- left by a process that stopped: it goes back in the queue.
CREATE TABLE digest_senders (
  id          text PRIMARY KEY,
  lease_until timestamptz NOT NULL
);

-- Vitrine: leads as staff work them: who converted a lead, and the record of privacy requests
-- (one person's data exported or erased), kept without the person's email (its SHA-256 only).
ALTER TABLE leads ADD COLUMN converted_by integer REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX leads_updated_idx ON leads (updated_at DESC, id DESC);

CREATE TABLE privacy_requests (
  id         bigserial PRIMARY KEY,
  email_hash text NOT NULL,
  action     text NOT NULL CHECK (action IN ('export', 'erase')),
  user_id    integer REFERENCES users (id) ON DELETE SET NULL,
  summary    jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX privacy_requests_created_idx ON privacy_requests (created_at DESC);

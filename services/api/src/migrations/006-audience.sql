-- Vitrine: the audience. Leads are the people who reached the company, one row per email and
-- module (contact, newsletter); messages are what the contact form received, each kept whole
-- with the staff's replies; site_settings holds the company's public details (contact information).

CREATE TABLE leads (
  id                bigserial PRIMARY KEY,
  unique_key        text NOT NULL UNIQUE,
  module            text NOT NULL CHECK (module IN ('contact', 'newsletter')),
  email             text NOT NULL,
  name              text NOT NULL DEFAULT '',
  company           text NOT NULL DEFAULT '',
  telephone         text NOT NULL DEFAULT '',
  subject           text NOT NULL DEFAULT '',
  message           text NOT NULL DEFAULT '',
  classification    text NOT NULL DEFAULT 'none' CHECK (classification IN ('none', 'cold', 'warm', 'hot')),
  status            text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'deleted', 'blackListed', 'cancelled')),
  newsletter_status text CHECK (newsletter_status IN ('active', 'cancelled')),
  is_lead           boolean NOT NULL DEFAULT false,
  converted_at      timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX leads_module_email_key ON leads (module, lower(email));
CREATE INDEX leads_email_idx ON leads (lower(email));
CREATE INDEX leads_created_idx ON leads (created_at DESC, id DESC);

-- Emails that must not reach the company again nor be mailed (blacklisted, or erased on request).
CREATE TABLE email_suppressions (
  email      text PRIMARY KEY CHECK (email = lower(email)),
  reason     text NOT NULL CHECK (reason IN ('blacklisted', 'erased')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE messages (
  id          bigserial PRIMARY KEY,
  unique_key  text NOT NULL UNIQUE,
  lead_id     bigint REFERENCES leads (id) ON DELETE SET NULL,
  name        text NOT NULL,
  email       text NOT NULL,
  company     text NOT NULL,
  telephone   text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  locale      text,
  read_at     timestamptz,
  read_by     integer REFERENCES users (id) ON DELETE SET NULL,
  archived_at timestamptz,
  -- When staff were told of it (the notification job's mark: a retried job never tells them twice).
  notified_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_inbox_idx ON messages ((archived_at IS NULL), created_at DESC, id DESC);
CREATE INDEX messages_unread_idx ON messages (created_at DESC) WHERE read_at IS NULL AND archived_at IS NULL;
CREATE INDEX messages_email_idx ON messages (lower(email));

CREATE TABLE message_replies (
  id         bigserial PRIMARY KEY,
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  author_id  integer REFERENCES users (id) ON DELETE SET NULL,
  body       text NOT NULL,
  outbox_id  bigint REFERENCES outbox (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_replies_message_idx ON message_replies (message_id, id);

-- The company's public details, one JSON value per key ('contact': name, email, phone, address, hours).
CREATE TABLE site_settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO site_settings (key, value) VALUES
  ('contact', '{"name": "Vitrine", "email": "contato@vitrine.local", "phone": "+55 11 4000-1234", "address": "Av. Paulista, 1000 — São Paulo, SP", "hours": "Segunda a sexta, 9h às 18h"}');

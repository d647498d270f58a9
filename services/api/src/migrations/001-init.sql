-- Vitrine: accounts, sessions, recovery, verification, SEO and the mail outbox.
-- PostgreSQL 15 features only (PGlite runs a newer PostgreSQL; production may run 15).

CREATE TABLE roles (
  name          text PRIMARY KEY,
  active_routes text[] NOT NULL DEFAULT '{}',
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id            serial PRIMARY KEY,
  unique_key    text NOT NULL UNIQUE,
  name          text NOT NULL,
  last_name     text NOT NULL,
  email         text NOT NULL,
  password_hash text NOT NULL,
  position      text NOT NULL,
  type          text NOT NULL CHECK (type IN ('admin', 'manager', 'operational', 'internship', 'ceo', 'marketing_director')),
  status        text NOT NULL CHECK (status IN ('active', 'inactive', 'blocked', 'first-access')),
  gender        text NOT NULL DEFAULT 'unspecified' CHECK (gender IN ('female', 'male', 'other', 'unspecified')),
  phone         text,
  tax_id        text,
  biography     text,
  photo         text,
  verified_at   timestamptz,
  created_by    integer REFERENCES users (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE INDEX users_status_idx ON users (status, created_at DESC);
CREATE INDEX users_type_idx ON users (type, created_at DESC);
CREATE INDEX users_created_at_idx ON users (created_at DESC, id DESC);
CREATE INDEX users_updated_at_idx ON users (updated_at DESC);

-- The user's accesses: each access is a role.
CREATE TABLE user_roles (
  user_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_name text NOT NULL REFERENCES roles (name) ON UPDATE CASCADE ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_name)
);
CREATE INDEX user_roles_role_idx ON user_roles (role_name);

CREATE TABLE sessions (
  id         bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  remember   boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Failed sign-ins, counted per account and per client address over a window.
CREATE TABLE login_attempts (
  id         bigserial PRIMARY KEY,
  email      text NOT NULL,
  ip         text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email_idx ON login_attempts (email, created_at);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at);

-- Recovery links: unique_key is the SHA-256 of the secret token sent by mail.
CREATE TABLE password_resets (
  id         serial PRIMARY KEY,
  unique_key text NOT NULL UNIQUE,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

CREATE TABLE verification_codes (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_codes_user_idx ON verification_codes (user_id, created_at DESC);

CREATE TABLE seo_entries (
  id          serial PRIMARY KEY,
  unique_key  text NOT NULL UNIQUE,
  name        text NOT NULL,
  head_markup text NOT NULL DEFAULT '',
  body_markup text NOT NULL DEFAULT '',
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX seo_entries_active_idx ON seo_entries (active, id);

-- Every mail: kept here, and sent when SMTP is configured (sent_at).
CREATE TABLE outbox (
  id         bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject    text NOT NULL,
  text_body  text NOT NULL,
  html_body  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz
);
CREATE INDEX outbox_created_idx ON outbox (created_at DESC);

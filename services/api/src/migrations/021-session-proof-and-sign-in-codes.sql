-- A session is two secrets (docs/security.md, "A copied session is worthless"): the bearer token the page keeps,
-- and a proof kept in an HttpOnly cookie that scripts cannot read. The database keeps the SHA-256 of each. A
-- session from before this change has no proof and is refused: its user signs in again.
ALTER TABLE sessions ADD COLUMN proof_hash text;

-- Mailed codes serve two purposes: verifying a new account ('verify') and signing in to an account under a
-- distributed password-guessing attack ('sign-in', docs/decisions/api-auth-flows.md). One never replaces the other.
ALTER TABLE verification_codes ADD COLUMN purpose text NOT NULL DEFAULT 'verify' CHECK (purpose IN ('verify', 'sign-in'));
DROP INDEX verification_codes_user_idx;
CREATE INDEX verification_codes_user_idx ON verification_codes (user_id, purpose, created_at DESC);

-- Failed sign-ins are counted per account and address pair too.
CREATE INDEX login_attempts_email_ip_idx ON login_attempts (email, ip, created_at);

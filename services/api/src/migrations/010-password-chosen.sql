-- When the user last chose their own password (first access, a reset link, the profile's change). A user who
-- never did is still in first access: deactivating and activating them again must not skip that step.
ALTER TABLE users ADD COLUMN password_chosen_at timestamptz;
UPDATE users SET password_chosen_at = COALESCE(verified_at, created_at) WHERE status <> 'first-access';

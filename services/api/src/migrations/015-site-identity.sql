-- The site's identity (docs/decisions/site-identity.md): its name (titles, Open Graph, JSON-LD, feeds, mails) and its
-- logo (an image id, null for the default mark), a setting of their own beside the company's contact details. The
-- name starts as the one the company had given (contact.name, which the newsletter already used), else 'Vitrine'.
INSERT INTO site_settings (key, value)
SELECT 'identity', jsonb_build_object('name', COALESCE(NULLIF(left(btrim((SELECT value ->> 'name' FROM site_settings WHERE key = 'contact')), 80), ''), 'Vitrine'), 'logo', NULL)
ON CONFLICT (key) DO NOTHING;

-- The demo contact address of migration 006 (contato@vitrine.local) fails the product's own email rule
-- (it wants a 2–4 letter top-level part), so a fresh install could not save its settings until someone
-- changed it. The demo address becomes one the rule accepts; an address the company saved stays.
UPDATE site_settings
SET value = jsonb_set(value, '{email}', '"contato@vitrine.test"'), updated_at = now()
WHERE key = 'contact' AND value->>'email' = 'contato@vitrine.local';

-- Vitrine: the FAQ: questions grouped by product, ordered, each with a stable slug for links.
-- Staff with site_editor manage them on the new admin route list-faq.
CREATE TABLE faq_entries (
  id         serial PRIMARY KEY,
  product    text NOT NULL,
  slug       text NOT NULL UNIQUE,
  question   text NOT NULL,
  answer     text NOT NULL,
  position   integer NOT NULL DEFAULT 0,
  active     boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX faq_entries_public_idx ON faq_entries (product, position, id) WHERE active;

-- The new route joins the site_editor access on databases seeded before it existed.
UPDATE roles SET active_routes = array_append(active_routes, 'list-faq'), updated_at = now()
WHERE name = 'site_editor' AND NOT ('list-faq' = ANY (active_routes));

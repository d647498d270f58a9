-- Category names in the five languages (docs/decisions/i18n.md, "Category names"): pt-BR stays in `name`,
-- the four others go in `names` ({ "en-US": …, "es-ES": …, "fr-FR": …, "ht-HT": … }); a language missing from it
-- falls back to `name`. The audit trigger of migration 013 records every column of the row, `names` included.
ALTER TABLE categories ADD COLUMN names jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE categories ADD CONSTRAINT categories_names_object CHECK (jsonb_typeof(names) = 'object');

-- The demo categories of the seed, translated. Matched by key and by the seeded pt-BR name: a category the
-- company renamed (or made itself under the same key) is left alone, and so is one already translated.
UPDATE categories c
SET names = t.names::jsonb
FROM (VALUES
  ('tecnologia', 'Tecnologia', '{"en-US": "Technology", "es-ES": "Tecnología", "fr-FR": "Technologie", "ht-HT": "Teknoloji"}'),
  ('design', 'Design', '{"en-US": "Design", "es-ES": "Diseño", "fr-FR": "Design", "ht-HT": "Design"}'),
  ('marketing', 'Marketing', '{"en-US": "Marketing", "es-ES": "Marketing", "fr-FR": "Marketing", "ht-HT": "Maketing"}'),
  ('comercio', 'Comércio', '{"en-US": "Commerce", "es-ES": "Comercio", "fr-FR": "Commerce", "ht-HT": "Komès"}'),
  ('recursos-humanos', 'Recursos Humanos', '{"en-US": "Human Resources", "es-ES": "Recursos Humanos", "fr-FR": "Ressources humaines", "ht-HT": "Resous imen"}'),
  ('inovacao', 'Inovação', '{"en-US": "Innovation", "es-ES": "Innovación", "fr-FR": "Innovation", "ht-HT": "Inovasyon"}')
) AS t(unique_key, name, names)
WHERE c.unique_key = t.unique_key AND c.name = t.name AND c.names = '{}'::jsonb;

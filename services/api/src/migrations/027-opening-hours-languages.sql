-- The company's opening hours in every language (docs/decisions/i18n.md, "Translated content"): the pt-BR text stays
-- in `hours` of the site setting 'contact' (what every language shows where it has no translation of its own), and
-- `hours_translations` beside it holds the four other languages, { "en-US": …, "es-ES": …, "fr-FR": …, "ht-HT": … },
-- each optional. GET /public/site answers the hours in the request's language; the settings screen edits each.
-- The hours migration 006 wrote are translated here; hours the company rewrote (or translated already) are left
-- alone, and read in pt-BR in every language until someone on the staff translates them. The audit trigger of
-- migration 013 records the change like any other to site_settings.
UPDATE site_settings
SET value = value || jsonb_build_object('hours_translations', jsonb_build_object(
    'en-US', 'Monday to Friday, 9 a.m. to 6 p.m.',
    'es-ES', 'De lunes a viernes, de 9:00 a 18:00',
    'fr-FR', 'Du lundi au vendredi, de 9 h à 18 h',
    'ht-HT', 'Lendi rive vandredi, soti 9:00 rive 18:00'
  )),
  updated_at = now()
WHERE key = 'contact'
  AND value->>'hours' = 'Segunda a sexta, 9h às 18h'
  AND NOT (value ? 'hours_translations');

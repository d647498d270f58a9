-- Mail languages (docs/decisions/mail-languages.md): every mail goes out in its recipient's language, one of the
-- five locales (pt-BR, en-US, es-ES, fr-FR, ht-HT). A visitor's language is the page's when they wrote or subscribed (stored with the
-- message and the lead, pt-BR when unknown); a staff member's is the one they last signed in with (null until
-- they sign in: a recovery mail then follows the language of the page that asked for it).
-- The CHECKs keep whatever reaches these columns to the five codes the mail texts exist in.

UPDATE leads SET locale = 'pt-BR' WHERE locale IS NULL OR locale NOT IN ('pt-BR', 'en-US', 'es-ES', 'fr-FR', 'ht-HT');
ALTER TABLE leads
  ALTER COLUMN locale SET DEFAULT 'pt-BR',
  ALTER COLUMN locale SET NOT NULL,
  ADD CONSTRAINT leads_locale_check CHECK (locale IN ('pt-BR', 'en-US', 'es-ES', 'fr-FR', 'ht-HT'));

UPDATE messages SET locale = 'pt-BR' WHERE locale IS NULL OR locale NOT IN ('pt-BR', 'en-US', 'es-ES', 'fr-FR', 'ht-HT');
ALTER TABLE messages
  ALTER COLUMN locale SET DEFAULT 'pt-BR',
  ALTER COLUMN locale SET NOT NULL,
  ADD CONSTRAINT messages_locale_check CHECK (locale IN ('pt-BR', 'en-US', 'es-ES', 'fr-FR', 'ht-HT'));

ALTER TABLE users ADD COLUMN locale text CHECK (locale IN ('pt-BR', 'en-US', 'es-ES', 'fr-FR', 'ht-HT'));

-- The weekly digest is composed once per week in every language: pt-BR in subject / html_body / text_body as
-- before, the other languages here ({"en-US": {"subject", "html", "text"}, …}); each delivery picks its
-- subscriber's (a send taken before this migration has none: pt-BR for everyone).
ALTER TABLE digest_sends ADD COLUMN localized jsonb NOT NULL DEFAULT '{}';

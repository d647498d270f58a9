-- Articles in five languages (docs/decisions/content-languages.md). The article row holds the original, in pt-BR;
-- each of the four other languages may have a translation of its title, excerpt, body, cover alt text and search
-- engines' description, with its own state (draft, scheduled, published) and its own revisions. Publishing,
-- unpublishing or deleting one version never changes another.

CREATE TABLE article_translations (
  article_id      integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  locale          text NOT NULL CHECK (locale IN ('en-US', 'es-ES', 'fr-FR', 'ht-HT')),
  title           text NOT NULL,
  excerpt         text NOT NULL DEFAULT '',
  content         text NOT NULL,
  content_text    text NOT NULL DEFAULT '',
  word_count      integer NOT NULL DEFAULT 0,
  image_alt       text NOT NULL DEFAULT '',
  seo_description text NOT NULL DEFAULT '',
  status          text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  publish_at      timestamptz,
  published_at    timestamptz,
  -- As the article's own: the moment the translation is (or becomes) public when it is published.
  public_at       timestamptz GENERATED ALWAYS AS (COALESCE(publish_at, published_at)) STORED,
  -- md5 of the original's title, excerpt and body this translation was last saved against: it is out of date
  -- while the original's differ.
  source_hash     text NOT NULL,
  author_id       integer REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  -- Kept by the service with the language's own text-search configuration (english, spanish, french; simple for Creole).
  search          tsvector NOT NULL DEFAULT ''::tsvector,
  -- How the audit log names it: '<article id> <locale>'.
  audit_key       text GENERATED ALWAYS AS (article_id::text || ' ' || locale) STORED,
  PRIMARY KEY (article_id, locale)
);
CREATE INDEX article_translations_search_idx ON article_translations USING gin (search);
CREATE INDEX article_translations_public_idx ON article_translations (public_at) WHERE status = 'published';

CREATE TRIGGER article_translations_audit AFTER INSERT OR UPDATE OR DELETE ON article_translations
  FOR EACH ROW EXECUTE FUNCTION audit_row('article_translation', 'audit_key', 'audit_key', 'search', 'content_text', 'word_count',
                                          'public_at', 'updated_at', 'source_hash', '~content');

-- A revision belongs to one language's text.
ALTER TABLE article_revisions ADD COLUMN locale text NOT NULL DEFAULT 'pt-BR'
  CHECK (locale IN ('pt-BR', 'en-US', 'es-ES', 'fr-FR', 'ht-HT'));
DROP INDEX article_revisions_autosave_key;
CREATE UNIQUE INDEX article_revisions_autosave_key ON article_revisions (article_id, locale) WHERE kind = 'autosave';
DROP INDEX article_revisions_article_idx;
CREATE INDEX article_revisions_article_idx ON article_revisions (article_id, locale, created_at DESC, id DESC);

-- When the article is first public in any language (its original or a translation), null while none is published.
-- Every public read asks listed_at <= now() (some version is public), lists order by it, and the page then shows the
-- version for the visitor's language. Kept by the triggers below on every write of a version, whoever writes it.
ALTER TABLE articles ADD COLUMN listed_at timestamptz;
UPDATE articles SET listed_at = CASE WHEN status = 'published' THEN public_at END;

CREATE FUNCTION article_listed_at(article integer, original_status text, original_public timestamptz) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT min(v.at) FROM (
    SELECT CASE WHEN original_status = 'published' THEN original_public END AS at
    UNION ALL SELECT t.public_at FROM article_translations t WHERE t.article_id = article AND t.status = 'published'
  ) v
$$;

-- Before a row is written: public_at (generated) is not computed yet, so the original's moment is read off its columns.
CREATE FUNCTION articles_listed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed_at := article_listed_at(NEW.id, NEW.status, COALESCE(NEW.publish_at, NEW.published_at));
  RETURN NEW;
END
$$;
CREATE TRIGGER articles_listed_at BEFORE INSERT OR UPDATE ON articles
  FOR EACH ROW EXECUTE FUNCTION articles_listed_at();

-- A translation's state or schedule changed (or it came or went): its article's listed_at is computed again.
CREATE FUNCTION article_translations_relist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE articles SET listed_at = NULL WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.article_id ELSE NEW.article_id END;
  RETURN NULL;
END
$$;
CREATE TRIGGER article_translations_relist AFTER INSERT OR DELETE OR UPDATE OF status, publish_at, published_at ON article_translations
  FOR EACH ROW EXECUTE FUNCTION article_translations_relist();
-- articles_public_idx stays: the answer cache's snapshot reads the originals' scheduled instants through it.
DROP INDEX articles_emphasis_idx;
DROP INDEX articles_author_idx;
CREATE INDEX articles_listed_idx ON articles (listed_at DESC, id DESC) WHERE listed_at IS NOT NULL;
CREATE INDEX articles_listed_emphasis_idx ON articles (listed_at DESC) WHERE emphasis AND listed_at IS NOT NULL;
-- An author's public articles and the public author list probe this one (the dashboard keeps articles_public_author_idx).
CREATE INDEX articles_author_idx ON articles (author_id, listed_at DESC);

-- listed_at is derived: the audit log leaves it out, as it does public_at.
DROP TRIGGER articles_audit ON articles;
CREATE TRIGGER articles_audit AFTER INSERT OR UPDATE OR DELETE ON articles
  FOR EACH ROW EXECUTE FUNCTION audit_row('article', 'id', 'search', 'content_text', 'word_count', 'public_at', 'listed_at', 'updated_at', '~content');

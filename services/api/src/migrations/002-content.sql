-- Vitrine: content (images, categories, articles, revisions, reads) and the public cache version.
-- PostgreSQL 15 features only.

-- Uploaded images; the files (one WebP per width) live in the ImageStorage.
CREATE TABLE images (
  id            text PRIMARY KEY,
  original_name text NOT NULL DEFAULT '',
  mime          text NOT NULL,
  width         integer NOT NULL CHECK (width > 0),
  height        integer NOT NULL CHECK (height > 0),
  bytes         integer NOT NULL CHECK (bytes >= 0),
  -- [{ "width": 320, "height": 180, "bytes": 1234 }, ...], ascending width
  variants      jsonb NOT NULL DEFAULT '[]',
  created_by    integer REFERENCES users (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE categories (
  id               serial PRIMARY KEY,
  unique_key       text NOT NULL UNIQUE,
  name             text NOT NULL,
  description      text NOT NULL,
  image_id         text REFERENCES images (id) ON DELETE SET NULL,
  text_color       text NOT NULL,
  background_color text NOT NULL,
  active           boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX categories_name_lower_key ON categories (lower(name));
CREATE INDEX categories_active_idx ON categories (active, name);

CREATE TABLE articles (
  id               serial PRIMARY KEY,
  unique_key       text NOT NULL,
  title            text NOT NULL,
  excerpt          text NOT NULL DEFAULT '',
  content          text NOT NULL,
  content_text     text NOT NULL DEFAULT '',
  word_count       integer NOT NULL DEFAULT 0,
  image_id         text REFERENCES images (id) ON DELETE SET NULL,
  social_image_id  text REFERENCES images (id) ON DELETE SET NULL,
  meta_description text NOT NULL DEFAULT '',
  author_id        integer REFERENCES users (id) ON DELETE SET NULL,
  status           text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  emphasis         boolean NOT NULL DEFAULT false,
  publish_at       timestamptz,
  published_at     timestamptz,
  -- The moment the article is (or becomes) public: every public query asks public_at <= now().
  public_at        timestamptz GENERATED ALWAYS AS (COALESCE(publish_at, published_at)) STORED,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  -- Kept by the service on every save: title (A), excerpt + categories + author (B), body (C).
  search           tsvector NOT NULL DEFAULT ''::tsvector,
  CONSTRAINT articles_unique_key_key UNIQUE (unique_key)
);
CREATE UNIQUE INDEX articles_title_lower_key ON articles (lower(title));
CREATE INDEX articles_search_idx ON articles USING gin (search);
CREATE INDEX articles_status_idx ON articles (status, updated_at DESC);
CREATE INDEX articles_public_idx ON articles (public_at DESC, id DESC) WHERE status = 'published';
CREATE INDEX articles_published_at_idx ON articles (published_at DESC);
CREATE INDEX articles_author_idx ON articles (author_id, public_at DESC);
CREATE INDEX articles_emphasis_idx ON articles (public_at DESC) WHERE emphasis AND status = 'published';
CREATE INDEX articles_updated_idx ON articles (updated_at DESC, id DESC);

CREATE TABLE article_categories (
  article_id  integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  PRIMARY KEY (article_id, category_id)
);
CREATE INDEX article_categories_category_idx ON article_categories (category_id, article_id);

CREATE TABLE article_revisions (
  id         serial PRIMARY KEY,
  article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('save', 'autosave', 'restore')),
  title      text NOT NULL,
  excerpt    text NOT NULL DEFAULT '',
  content    text NOT NULL,
  author_id  integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX article_revisions_article_idx ON article_revisions (article_id, created_at DESC, id DESC);
-- At most one autosave revision per article (an autosave replaces the previous one).
CREATE UNIQUE INDEX article_revisions_autosave_key ON article_revisions (article_id) WHERE kind = 'autosave';

-- Reads per article per day (UTC).
CREATE TABLE article_reads_daily (
  article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  day        date NOT NULL,
  reads      integer NOT NULL DEFAULT 0 CHECK (reads >= 0),
  PRIMARY KEY (article_id, day)
);
CREATE INDEX article_reads_daily_day_idx ON article_reads_daily (day, article_id);

-- A visitor (hash of ip + user agent + the day's salt) read an article: ignore reloads until expires_at.
CREATE TABLE read_dedup (
  visitor_hash text NOT NULL,
  article_id   integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  expires_at   timestamptz NOT NULL,
  PRIMARY KEY (visitor_hash, article_id)
);
CREATE INDEX read_dedup_expires_idx ON read_dedup (expires_at);

-- The daily salt of visitor hashes, shared by every replica; old days are deleted.
CREATE TABLE read_salts (
  day  date PRIMARY KEY,
  salt text NOT NULL
);

-- Bumped on every article, category and author-profile write; part of the public ETags.
CREATE TABLE content_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1
);
INSERT INTO content_version (id, version) VALUES (true, 1);

-- Vitrine: the public author queries (articles.publicAuthors, findPublicAuthor) ask for the
-- published articles of each author; articles_author_idx has no status, so at 10 000 articles
-- the "other authors" list scanned the whole articles table. A partial index answers it from the
-- index alone (docs/performance.md, "Database queries at 10 000 articles"). PostgreSQL 15 features only.
CREATE INDEX articles_public_author_idx ON articles (author_id, public_at DESC) WHERE status = 'published';

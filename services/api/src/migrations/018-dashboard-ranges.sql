-- The dashboard's custom ranges (docs/decisions/dashboard.md, "How the API answers fast"). An
-- article's reads in a range are its reads before the day after the range minus its reads before the range's
-- first day; the nightly rollup keeps those "reads before" per article for the first of every month and for the
-- day of the rollup (closed days never change), and a request adds or takes away the per-day rows between the
-- day it needs and the nearest kept one.

-- Each article's reads on all the days before `day`, for the days kept (articles never read before it absent).
CREATE TABLE dashboard_reads_before (
  day        date NOT NULL,
  article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  reads      integer NOT NULL,
  PRIMARY KEY (day, article_id)
);
-- For the cascade when an article is deleted.
CREATE INDEX dashboard_reads_before_article_idx ON dashboard_reads_before (article_id);

-- How many days of per-day rows weigh as much as one kept day: a short range reads its days directly.
ALTER TABLE dashboard_rollup ADD COLUMN snapshot_days real NOT NULL DEFAULT 0;

-- The most read articles' reads per day come from the primary key alone (an index-only scan of their days,
-- not a heap page per day): it holds the reads. The upserts keep naming (article_id, day).
ALTER TABLE article_reads_daily DROP CONSTRAINT article_reads_daily_pkey,
  ADD CONSTRAINT article_reads_daily_pkey PRIMARY KEY (article_id, day) INCLUDE (reads);

-- The authors of a long range come from this index alone (created) and articles_public_author_idx (published).
DROP INDEX articles_created_idx;
CREATE INDEX articles_created_idx ON articles (created_at) INCLUDE (author_id);

-- The next rollup (the first request or the 00:05 job) starts over, so it fills the new table from all the reads.
DELETE FROM dashboard_rollup;

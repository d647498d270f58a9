-- The dashboard's reports (docs/decisions/dashboard.md). Reads are counted per article and UTC day as
-- they arrive (article_reads_daily). A closed day never changes, so the dashboard keeps what it needs of them
-- rolled up once a day: the site's figures per day, and each article's reads in the preset periods (7, 30, 90
-- days) as of yesterday. A request adds today's live rows to them; a custom range reads the per-day rows.

-- One row per closed UTC day with any activity.
CREATE TABLE dashboard_days (
  day         date PRIMARY KEY,
  reads       integer NOT NULL DEFAULT 0,
  created     integer NOT NULL DEFAULT 0,
  leads       integer NOT NULL DEFAULT 0,
  subscribers integer NOT NULL DEFAULT 0
);

-- Per article read in the last 180 days: reads over the closed days of each preset period ending today
-- (cur_N: today − N + 1 … yesterday) and over the period before it (prev_N: today − 2N + 1 … today − N).
CREATE TABLE dashboard_windows (
  article_id integer PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
  cur_7      integer NOT NULL DEFAULT 0,
  prev_7     integer NOT NULL DEFAULT 0,
  cur_30     integer NOT NULL DEFAULT 0,
  prev_30    integer NOT NULL DEFAULT 0,
  cur_90     integer NOT NULL DEFAULT 0,
  prev_90    integer NOT NULL DEFAULT 0
);

-- The day the rollups were made for (they hold every day before it).
CREATE TABLE dashboard_rollup (
  id    boolean PRIMARY KEY DEFAULT true CHECK (id),
  as_of date NOT NULL
);

-- Custom ranges and today's live part read these.
CREATE INDEX article_reads_daily_day_cover_idx ON article_reads_daily (day, article_id) INCLUDE (reads);
DROP INDEX article_reads_daily_day_idx;
CREATE INDEX leads_contact_created_idx ON leads (created_at) WHERE module = 'contact';
CREATE INDEX leads_confirmed_idx ON leads (confirmed_at) WHERE module = 'newsletter' AND confirmed_at IS NOT NULL;
CREATE INDEX articles_created_idx ON articles (created_at);

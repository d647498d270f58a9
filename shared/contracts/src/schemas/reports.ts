import { Type } from 'typebox';
import { Id, UniqueKey } from './common';

const Count = Type.Integer({ minimum: 0 });
/** A UTC calendar day, YYYY-MM-DD (reads are counted per UTC day). */
const Day = Type.String({ format: 'date' });

/** GET /reports/dashboard: an inclusive range of UTC days (at most DASHBOARD_MAX_DAYS; `from` not after `to`). */
export const DashboardQuery = Type.Object({ from: Day, to: Day }, { additionalProperties: false });

/** A figure for the period and for the period of the same length just before it (the trend). */
const Compared = Type.Object({ current: Count, previous: Count });

export const DashboardReportSchema = Type.Object({
  from: Day,
  to: Day,
  totals: Type.Object({
    /** Counted reads of articles. */
    reads: Compared,
    /** Articles created (any status). */
    created: Compared,
    /** Articles published and public by the end of the period that nobody read in it. */
    unread: Count,
    /** Published articles in all. */
    published: Count,
    /** People who published an article in the period (by publication date). */
    publishers: Compared,
    /** Active categories, and how many of them were in use in the period: holding an article published in it (by publication date). */
    categories: Type.Object({ active: Count, in_use: Count }),
    /** Contact-form leads created. */
    leads: Compared,
    /** Newsletter subscriptions confirmed. */
    subscribers: Compared,
  }),
  /** Every day of the period, oldest first (days without reads or leads included, as 0). */
  days: Type.Array(Type.Object({ day: Day, reads: Count, created: Count, leads: Count, subscribers: Count })),
  /** The most read articles of the period (DASHBOARD_TOP_ARTICLES at most), with their reads per day. */
  top_articles: Type.Array(
    Type.Object({
      id: Id,
      unique_key: UniqueKey,
      title: Type.String(),
      status: Type.String(),
      reads: Count,
      previous_reads: Count,
      daily: Type.Array(Count),
    }),
  ),
  /** Articles created in the period per author, most first. */
  authors: Type.Array(
    Type.Object({ id: Id, name: Type.String(), last_name: Type.String(), photo: Type.Union([Type.String(), Type.Null()]), created: Count, published: Count }),
  ),
});

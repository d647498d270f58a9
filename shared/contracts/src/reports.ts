/** The dashboard's reports (route dashboard): the periods offered and the bounds the API enforces. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_DEFAULT_PERIOD: DashboardPeriod = 30;
/** A custom range spans at most this many days (inclusive); the previous period of the same length is compared. */
export const DASHBOARD_MAX_DAYS = 366;
/** How many articles "post performance" ranks. */
export const DASHBOARD_TOP_ARTICLES = 8;

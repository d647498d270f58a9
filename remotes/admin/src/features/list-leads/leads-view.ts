import {
  DEFAULT_LOCALE,
  LEAD_CLASSIFICATIONS,
  LEAD_MODULES,
  LEAD_SORTS,
  LEAD_STATUSES,
  NEWSLETTER_STATUSES,
  normalizeLocale,
  type LeadClassification,
  type LeadModule,
  type LeadsExportInput,
  type LeadsListInput,
  type LeadSort,
  type LeadStatus,
  type NewsletterStatus,
} from '@vitrine/contracts';
import { isDay } from '../../lib/days';

/** Lists page by 10 by default. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_SORT: LeadSort = 'created_at';
export const DEFAULT_ORDER: SortOrder = 'desc';

export type SortOrder = 'asc' | 'desc';

/** What the leads tab shows: every filter, the sort and the page, read from and written to the URL. */
export interface LeadsView {
  module?: LeadModule;
  classification?: LeadClassification;
  status?: LeadStatus;
  newsletter_status?: NewsletterStatus;
  is_lead?: boolean;
  /** Registered on or after / up to and including this day (YYYY-MM-DD). */
  from?: string;
  to?: string;
  search?: string;
  sort: LeadSort;
  order: SortOrder;
  page: number;
  limit: number;
}

export type LeadsFilters = Pick<LeadsView, 'module' | 'classification' | 'status' | 'newsletter_status' | 'is_lead' | 'from' | 'to' | 'search'>;

/** The URL's names (short and readable: `?status=blackListed&lead=yes&q=ana&page=2`). */
const PARAM = {
  module: 'module',
  classification: 'classification',
  status: 'status',
  newsletter_status: 'newsletter',
  is_lead: 'lead',
  from: 'from',
  to: 'to',
  search: 'q',
  sort: 'sort',
  order: 'order',
  page: 'page',
  limit: 'limit',
} as const satisfies Record<keyof LeadsView, string>;

const FILTER_KEYS = ['module', 'classification', 'status', 'newsletter_status', 'is_lead', 'from', 'to', 'search'] as const satisfies readonly (keyof LeadsFilters)[];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

/** The view the URL describes; anything unknown or malformed is left out (a hand-edited link never breaks the page). */
export function readLeadsView(params: URLSearchParams): LeadsView {
  const lead = params.get(PARAM.is_lead);
  const page = Number(params.get(PARAM.page));
  const limit = Number(params.get(PARAM.limit));
  const search = params.get(PARAM.search)?.trim();
  const from = params.get(PARAM.from);
  const to = params.get(PARAM.to);
  return {
    module: oneOf(LEAD_MODULES, params.get(PARAM.module)),
    classification: oneOf(LEAD_CLASSIFICATIONS, params.get(PARAM.classification)),
    status: oneOf(LEAD_STATUSES, params.get(PARAM.status)),
    newsletter_status: oneOf(NEWSLETTER_STATUSES, params.get(PARAM.newsletter_status)),
    is_lead: lead === 'yes' ? true : lead === 'no' ? false : undefined,
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
    search: search || undefined,
    sort: oneOf(LEAD_SORTS, params.get(PARAM.sort)) ?? DEFAULT_SORT,
    order: oneOf(['asc', 'desc'] as const, params.get(PARAM.order)) ?? DEFAULT_ORDER,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

function text(key: keyof LeadsView, value: LeadsView[keyof LeadsView]): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (key === 'is_lead') return value ? 'yes' : 'no';
  if (key === 'sort' && value === DEFAULT_SORT) return undefined;
  if (key === 'order' && value === DEFAULT_ORDER) return undefined;
  if (key === 'page' && value === 1) return undefined;
  if (key === 'limit' && value === DEFAULT_PAGE_SIZE) return undefined;
  return String(value);
}

/**
 * `params` with `change` applied; the other parameters (the tab…) stay. Defaults are left out of the
 * URL. Any change of a filter, the sort or the page size goes back to the first page.
 */
export function writeLeadsView(params: URLSearchParams, change: Partial<LeadsView>): URLSearchParams {
  const next = new URLSearchParams(params);
  const view = { ...readLeadsView(params), ...change };
  if (!('page' in change)) view.page = 1;
  const keys = Object.keys(PARAM) as (keyof LeadsView)[];
  // Written again in one order, so the same view always reads the same.
  for (const key of keys) next.delete(PARAM[key]);
  for (const key of keys) {
    const value = text(key, view[key]);
    if (value !== undefined) next.set(PARAM[key], value);
  }
  return next;
}

/** No filter at all (the page, the sort and the page size do not count). */
export const CLEARED_FILTERS: Record<keyof LeadsFilters, undefined> = {
  module: undefined,
  classification: undefined,
  status: undefined,
  newsletter_status: undefined,
  is_lead: undefined,
  from: undefined,
  to: undefined,
  search: undefined,
};

/** How many filters are set (the search counts as one; the date range as one). */
export function countFilters(view: LeadsView): number {
  const set = FILTER_KEYS.filter((key) => view[key] !== undefined && key !== 'to');
  return set.length + (view.to !== undefined && view.from === undefined ? 1 : 0);
}

function filtersOf(view: LeadsView): LeadsFilters {
  const filters: LeadsFilters = {};
  for (const key of FILTER_KEYS) {
    if (view[key] !== undefined) Object.assign(filters, { [key]: view[key] });
  }
  return filters;
}

/** The body of POST /lead/leads-list; the API's defaults (newest first) are not sent. */
export function listInput(view: LeadsView): LeadsListInput {
  return {
    ...filtersOf(view),
    ...(view.sort !== DEFAULT_SORT && { sort: view.sort }),
    ...(view.order !== DEFAULT_ORDER && { order: view.order }),
    page: view.page,
    limit: view.limit,
  };
}

/** The query of GET /lead/leads-export: the list's filters, the file's base name and the file's language (the interface's). */
export function exportInput(view: LeadsView, language: string): LeadsExportInput {
  return { ...filtersOf(view), base: 'leads', lang: normalizeLocale(language) ?? DEFAULT_LOCALE };
}

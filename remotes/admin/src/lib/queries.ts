import { QueryClient } from '@tanstack/react-query';
import type { ArticlesListInput, AuditLogInput, DigestDeliveriesInput, LeadsListInput, Locale, MessagesListInput } from '@vitrine/contracts';

/**
 * Every cached read of the admin remote, by key (TanStack Query). A mutation invalidates the
 * prefix it changed (`articles`, `categories`), so every list and form showing it refetches.
 */
export const queryKeys = {
  articles: {
    all: ['articles'] as const,
    lists: ['articles', 'list'] as const,
    list: (input: ArticlesListInput) => ['articles', 'list', input] as const,
    detail: (id: number) => ['articles', 'detail', id] as const,
    /** Every language's revisions of an article (a prefix); with `locale`, that language's only. */
    revisions: (id: number, locale?: Locale) => (locale ? (['articles', 'revisions', id, locale] as const) : (['articles', 'revisions', id] as const)),
    /** An article's translations (the editor's language tabs). */
    translations: (id: number) => ['articles', 'translations', id] as const,
  },
  categories: {
    all: ['categories'] as const,
    table: ['categories', 'table'] as const,
    options: ['categories', 'options'] as const,
  },
  /**
   * The inbox. `inbox` is what a read/archive/delete changes (the lists and the counters the menu's
   * badge reads); an opened message sits apart, since reading it again (message-open) marks it read.
   */
  messages: {
    inbox: ['messages', 'inbox'] as const,
    list: (input: MessagesListInput) => ['messages', 'inbox', 'list', input] as const,
    counts: ['messages', 'inbox', 'counts'] as const,
    detail: (id: number, key: string) => ['messages', 'detail', id, key] as const,
    /** What the spam guard doubted (refreshed with the inbox: a message moved out of 'suspected'). */
    spamGuard: ['messages', 'inbox', 'spam-guard'] as const,
  },
  /**
   * The leads screen. A lead action changes `lists` (the row is patched in every cached page, then
   * the pages refetch); erasing a person changes everything under `all` (lists and the reasons).
   */
  leads: {
    all: ['leads'] as const,
    lists: ['leads', 'list'] as const,
    list: (input: LeadsListInput) => ['leads', 'list', input] as const,
    unsubscribeReasons: (period: { from?: string; to?: string }) => ['leads', 'unsubscribe-reasons', period] as const,
  },
  /** The newsletter tab: the weekly sends (polled while one is sending), a send's deliveries, the preview, the schedule. */
  newsletter: {
    digests: ['newsletter', 'digests'] as const,
    deliveries: (id: number, input: DigestDeliveriesInput) => ['newsletter', 'digests', id, 'deliveries', input] as const,
    preview: ['newsletter', 'preview'] as const,
    settings: ['newsletter', 'settings'] as const,
  },
  /** The chat button's settings (settings-whatsapp): a save puts the saved value here. */
  whatsapp: {
    settings: ['whatsapp', 'settings'] as const,
  },
  /** The FAQ's entries (list-faq): every change patches the list, then it refetches. */
  faq: {
    entries: ['faq', 'entries'] as const,
  },
  /** The dashboard's reports, per range of days. */
  reports: {
    dashboard: (range: { from: string; to: string }) => ['reports', 'dashboard', range] as const,
  },
  /** The SEO entries (seo): every change patches the list, then it refetches. */
  seo: {
    entries: ['seo', 'entries'] as const,
  },
  /** The signed-in user's own record (settings-profile): a save puts the saved record here and in the session. */
  profile: {
    user: (id: number) => ['profile', 'user', id] as const,
  },
  /** The audit log (audit-log): read only, a page per set of filters; the staff its person filter offers. */
  auditLog: {
    all: ['audit-log'] as const,
    list: (input: AuditLogInput) => ['audit-log', 'list', input] as const,
    people: ['audit-log', 'people'] as const,
  },
  /** The remotes' releases (settings, tab "releases"; administrators): read only, changed by the release command. */
  releases: {
    list: ['releases', 'list'] as const,
  },
};

/** The HTTP status of a failed request, if the server answered. */
function statusOf(error: unknown): number | undefined {
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  return typeof status === 'number' ? status : undefined;
}

/** A read is retried (twice, with TanStack's back-off) only when it may succeed later: no answer, or a 5xx. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status < 500) return false;
  return failureCount < 2;
}

/**
 * The admin remote's QueryClient: bundled with the remote (never shared with the shell), one per
 * loaded remote. Reads stay fresh 30 s (moving between list and form does not refetch), no refetch
 * on window focus (an editor's form must not jump); mutations are never retried.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: options.retry === false ? false : retryTransient, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

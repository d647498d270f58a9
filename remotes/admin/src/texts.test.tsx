/**
 * No translation key on any admin screen, in any language: every admin route (and each tab a route opens by its
 * URL), plus an /admin address that is no screen, rendered as the shell mounts them — this remote's chrome around
 * its lazy page, over an API that answers with a little of everything — in each of the five languages, and read for
 * keys shown instead of words (configs/jest/raw-keys.ts). A key missing in every language, or never written,
 * shows as itself, which the locale files' parity test cannot see. The shell's and the public remote's screens
 * have the same test in their own package.
 */
import './testing/setup';
import { Suspense } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import {
  ADMIN_ROUTE_NAMES,
  ADMIN_ROUTES,
  LOCALE_CODES,
  type AuditEntry,
  type DashboardReport,
  type Locale,
  type Release,
  type RemoteReleases,
  type SeoEntry,
  type SiteSettings,
  type User,
  type WelcomeSettings,
} from '@vitrine/contracts';
import { authStore, i18n, I18nextProvider, setLanguage } from '@vitrine/core';
import { rawKeysIn } from '../../../configs/jest/raw-keys';
import {
  listPage,
  makeArticle,
  makeCategory,
  makeDigestSend,
  makeFaqEntry,
  makeLead,
  makeReceivedMessage,
  makeWhatsappSettings,
} from './testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from './testing/mock-http';
import { layout as AdminLayout, pages } from './pages';

// The charts draw on a canvas, which jsdom has not: a stand-in shows their summary (their words are the texts').
jest.mock('./features/dashboard/components/time-chart', () => ({
  __esModule: true,
  default: ({ summary }: { summary: string }) => <div role="img" aria-label={summary} />,
}));

const me: User = {
  id: 1,
  unique_key: 'k1',
  name: 'Ana',
  last_name: 'Souza',
  email: 'ana@vitrine.test',
  position: 'Diretora',
  type: 'admin',
  status: 'active',
  accesses: ['dashboard', 'article_management', 'site_editor', 'user_management', 'settings'],
  gender: 'female',
  phone: null,
  tax_id: null,
  biography: null,
  photo: null,
  created_at: '2026-01-03T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
};
const carla: User = { ...me, id: 3, unique_key: 'k3', name: 'Carla', last_name: 'Menezes', email: 'carla@vitrine.test', type: 'operational', status: 'inactive', accesses: ['article_management'] };

function report(from: string, to: string): DashboardReport {
  return {
    from,
    to,
    totals: {
      reads: { current: 1500, previous: 1000 },
      created: { current: 4, previous: 8 },
      unread: 12,
      published: 120,
      publishers: { current: 3, previous: 0 },
      categories: { active: 6, in_use: 5 },
      leads: { current: 9, previous: 9 },
      subscribers: { current: 2, previous: 1 },
    },
    days: [
      { day: from, reads: 700, created: 1, leads: 4, subscribers: 1 },
      { day: to, reads: 800, created: 3, leads: 5, subscribers: 1 },
    ],
    top_articles: [{ id: 5, unique_key: 'como-vender-mais', title: 'Como vender mais', status: 'published', reads: 900, previous_reads: 300, daily: [400, 500] }],
    authors: [{ id: 1, name: 'Ana', last_name: 'Souza', photo: null, created: 3, published: 2 }],
  };
}

const site: SiteSettings = {
  identity: { name: 'Vitrine', logo: null },
  contact: { name: 'Vitrine', email: 'contato@vitrine.test', phone: '+55 11 4000-1234', address: 'Av. Paulista, 1000', hours: 'Segunda a sexta, 9h às 18h' },
  social: [{ network: 'instagram', url: 'https://www.instagram.com/vitrine' }],
};
const welcome: WelcomeSettings = { enabled: true, texts: { 'pt-BR': { subject: 'Boas-vindas a {site}', body: 'Obrigado por confirmar.' } } };
const seo: SeoEntry[] = [
  { id: 1, unique_key: 'k1', name: 'Search Console', head_markup: '<meta name="google-site-verification" content="abc">', body_markup: '', active: true, created_at: '2026-11-01T12:00:00.000Z', updated_at: '2026-11-20T12:00:00.000Z' },
];
const audit: AuditEntry[] = [
  { id: 2, at: '2026-03-11T12:00:00.000Z', actor_id: 1, actor_name: 'Ana Souza', record_type: 'category', record_id: '12', action: 'update', changes: { name: ['Tecnologia', 'Tech'], active: [true, false] } },
  { id: 1, at: '2026-03-10T12:00:00.000Z', actor_id: 1, actor_name: 'Ana Souza', record_type: 'faq', record_id: '9', action: 'create', changes: { question: 'Como comprar?' } },
];
const leads = [
  makeLead(),
  makeLead({ id: 22, unique_key: 'l34d-def', module: 'newsletter', name: 'Bruno Lima', email: 'bruno@cliente.com', classification: 'warm', newsletter_status: 'cancelled', unsubscribe_reason: 'too-frequent' }),
  makeLead({ id: 23, unique_key: 'l34d-ghi', status: 'blackListed', is_lead: true, classification: 'hot', bounced_at: '2026-01-11T10:00:00.000Z', bounce_reason: '550 5.1.1 User unknown' }),
];

/** Each remote's releases: the active one, the previous one, one the shell cannot run, one it cannot tell; none yet for the back office. */
const release = (id: string, overrides: Partial<Release> = {}): Release => ({
  id,
  built_at: '2026-11-28T06:31:35.000Z',
  published_at: '2026-11-28T06:32:00.000Z',
  requires: { '@vitrine/core': '^2.0.0' },
  files: 234,
  bytes: 5_557_453,
  active: false,
  previous: false,
  compatible: true,
  ...overrides,
});
const releases: RemoteReleases[] = [
  {
    remote: 'public',
    active: '20261128063135-94b24bd7',
    previous: '20261128050015-f65b2083',
    keep: 5,
    releases: [
      release('20261128070000-0a0b0c0d', {
        requires: { '@vitrine/core': '^3.0.0' },
        compatible: false,
        incompatibility: 'public release 20261128070000-0a0b0c0d needs @vitrine/core ^3.0.0, which the shell does not provide (it has 2.0.0, read from /srv/shell): deploy a shell that provides it first',
      }),
      release('20261128063135-94b24bd7', { active: true }),
      release('20261128050015-f65b2083', { previous: true }),
      release('20261127120000-ffee0011', { compatible: null }),
    ],
  },
  { remote: 'admin', active: null, previous: null, keep: 1, releases: [] },
];

/** The API every admin screen reads, answering with a little of everything; anything else is not found. */
function api(call: HttpCall): HttpReply {
  const { url } = call;
  if (url === '/reports/dashboard') {
    const { from, to } = call.params as { from: string; to: string };
    return ok(report(from, to));
  }
  if (url === '/user/users-list') return ok(listPage([me, carla]));
  if (url === `/user/user/${me.id}`) return ok(me);
  if (url === '/article/articles-list') return ok(listPage([makeArticle(), makeArticle({ id: 6, unique_key: 'rascunho', title: 'Rascunho', status: 'draft' })]));
  if (url === '/category/categories-list') return ok(listPage([makeCategory(), makeCategory({ id: 2, unique_key: 'design', name: 'Design', active: false })]));
  if (url === '/message/messages-list') return ok(listPage([makeReceivedMessage(), makeReceivedMessage({ id: 13, unique_key: 'k3y-def', read: true })]));
  if (url === '/message/messages-count') return ok({ unread: 1, active: 2, archived: 4, suspected: 1 });
  if (url === '/message/spam-guard') {
    return ok({ days: 30, counts: [{ form: 'contact', reason: 'honeypot', count: 1 }, { form: 'newsletter', reason: 'too-fast', count: 2 }] });
  }
  if (url === '/lead/leads-list') return ok(listPage(leads));
  if (url === '/lead/unsubscribe-reasons') return ok([{ reason: 'too-frequent', count: 6 }, { reason: 'one-click', count: 3 }, { reason: 'other', count: 1 }]);
  if (url === '/newsletter/digests') return ok([makeDigestSend()]);
  if (url === '/newsletter/settings') return ok({ day: 1, hour: 9, timeZone: 'America/Sao_Paulo', ratePerSecond: 10 });
  if (url === '/newsletter/welcome') return ok(welcome);
  if (url === '/settings/site') return ok(site);
  if (url === '/settings/whatsapp') return ok(makeWhatsappSettings());
  if (url === '/seo/seo') return ok(seo);
  if (url === '/faq/entries') return ok([makeFaqEntry(), makeFaqEntry({ id: 2, slug: 'oculta', question: 'Oculta?', active: false })]);
  if (url === '/audit/audit-log') return ok(listPage(audit));
  if (url === '/webhook/endpoints') return ok([]);
  if (url === '/system/releases') return ok(releases);
  return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
}

/** Every admin route's address, each tab a route opens by its URL, and an /admin address that is no screen. */
const ADDRESSES = [
  ...ADMIN_ROUTE_NAMES.map((name) => ADMIN_ROUTES[name].replace(/\/:[^/]+\?/g, '')),
  '/admin/dashboard?from=2026-10-01&to=2026-10-10',
  '/admin/list-leads?tab=newsletter',
  ...['profile', 'whatsapp', 'welcome', 'seo', 'webhooks', 'releases'].map((tab) => `/admin/settings?tab=${tab}`),
  '/admin/no-such-screen',
];

/** The shell's admin routes (hosts/shell/src/app/router.tsx): this remote's chrome around each page, by route name. */
const routes: RouteObject[] = [
  {
    path: '/admin',
    element: (
      <Suspense fallback={<p data-testid="page-loader" />}>
        <AdminLayout />
      </Suspense>
    ),
    children: [
      ...ADMIN_ROUTE_NAMES.map((name): RouteObject => {
        const Page = pages[name];
        return {
          path: ADMIN_ROUTES[name].replace(/^\/admin\//, ''),
          handle: { name },
          element: (
            <Suspense fallback={<p data-testid="page-loader" />}>
              <Page />
            </Suspense>
          ),
        };
      }),
      // The shell's not-found page stands here (it is the shell's, with the shell's texts and test).
      { path: '*', handle: { name: 'not-found' }, element: <p data-testid="not-found">404</p> },
    ],
  },
];

/** Still on its way: the page's code, its data (skeletons, spinners, a busy region). */
const LOADING = '[data-testid="page-loader"], [data-testid="skeleton"], .ant-skeleton, .ant-spin-spinning, [aria-busy="true"]';

async function open(address: string): Promise<HTMLElement> {
  const router = createMemoryRouter(routes, { initialEntries: [address] });
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <StyleProvider mock="server" cache={createCache()}>
        <RouterProvider router={router} />
      </StyleProvider>
    </I18nextProvider>,
  );
  await waitFor(
    () => {
      expect(screen.getByRole('main').children.length).toBeGreaterThan(0);
      expect(container.querySelector(LOADING)).toBeNull();
    },
    { timeout: 20_000 },
  );
  return container;
}

let http: ReturnType<typeof mockHttp>;
beforeAll(() => {
  http = mockHttp(api);
  const routeNames = [...ADMIN_ROUTE_NAMES];
  authStore.setState({ authUser: me, authToken: 'token', roles: [{ name: 'admin', active_routes: routeNames }] });
});
afterAll(() => http.restore());
afterEach(cleanup);

describe('the admin screens', () => {
  it.each(LOCALE_CODES.map((locale) => [locale]))(
    'show no translation key in %s',
    async (locale: Locale) => {
      await act(() => setLanguage(locale));
      const shown: string[] = [];
      for (const address of ADDRESSES) {
        const container = await open(address);
        shown.push(...rawKeysIn(container.ownerDocument.body, i18n).map((key) => `${address}: ${key}`));
        cleanup();
      }
      expect(shown).toEqual([]);
    },
    300_000,
  );
});

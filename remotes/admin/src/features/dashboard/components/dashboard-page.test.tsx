import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_ROUTES, ADMIN_ROUTES, type Access, type DashboardReport, type User } from '@vitrine/contracts';
import { authStore } from '@vitrine/core';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { currentUrl, renderPage } from '../../../testing/render';
import { todayUtc } from '../dashboard-view';
import { DashboardPage } from './dashboard-page';

// The charts draw on a canvas, which jsdom has not: a stand-in shows what they were given.
jest.mock('./time-chart', () => ({
  __esModule: true,
  default: ({ series, summary }: { series: { label: string; values: number[] }[]; summary: string }) => (
    <div role="img" aria-label={summary} data-testid="chart">
      {series.map((s) => `${s.label}: ${s.values.join(',')}`).join(' | ')}
    </div>
  ),
}));

const me: User = {
  id: 1,
  unique_key: 'k1',
  name: 'Ana',
  last_name: 'Souza',
  email: 'ana@vitrine.test',
  position: 'Diretora de marketing',
  type: 'marketing_director',
  status: 'active',
  accesses: ['dashboard', 'article_management'],
  gender: 'female',
  phone: null,
  tax_id: null,
  biography: null,
  photo: null,
  created_at: '2026-01-03T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
};

function report(range: { from: string; to: string }, overrides: Partial<DashboardReport> = {}): DashboardReport {
  return {
    from: range.from,
    to: range.to,
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
      { day: range.from, reads: 700, created: 1, leads: 4, subscribers: 1 },
      { day: range.to, reads: 800, created: 3, leads: 5, subscribers: 1 },
    ],
    top_articles: [
      { id: 5, unique_key: 'como-vender-mais', title: 'Como vender mais', status: 'published', reads: 900, previous_reads: 300, daily: [400, 500] },
      { id: 6, unique_key: 'novidades', title: 'Novidades do mês', status: 'published', reads: 600, previous_reads: 0, daily: [300, 300] },
    ],
    authors: [{ id: 1, name: 'Ana', last_name: 'Souza', photo: null, created: 3, published: 2 }],
    ...overrides,
  };
}

const PATH = ADMIN_ROUTES.dashboard;
const open = (entry: string = PATH) => renderPage(PATH, <DashboardPage />, entry);
/** Only the reports are asked for; anything else is a test's mistake. */
const notFound: HttpReply = { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
const reportCalls = (calls: HttpCall[]) => calls.filter((c) => c.url === '/reports/dashboard');

describe('the dashboard', () => {
  beforeEach(() => {
    authStore.setState({
      authUser: me,
      authToken: 'token',
      roles: (['dashboard', 'article_management'] as Access[]).map((name) => ({ name, active_routes: [...ACCESS_ROUTES[name]] })),
    });
  });

  it('greets by gender and shows the last 30 days against the 30 before', async () => {
    const http = mockHttp((call) => (call.url === '/reports/dashboard' ? ok(report(call.params as { from: string; to: string })) : notFound));
    open();
    expect(screen.getByTestId('dashboard-greeting')).toHaveTextContent('Bem-vinda, Ana!');
    const reads = await screen.findByTestId('stat-reads');
    expect(reads).toHaveTextContent('1.500');
    expect(reads).toHaveTextContent('50% a mais que nos 30 dias anteriores');
    expect(screen.getByTestId('stat-created')).toHaveTextContent('50% a menos');
    expect(screen.getByTestId('stat-unread')).toHaveTextContent('12de 120 publicados');
    expect(screen.getByTestId('stat-publishers')).toHaveTextContent('nada no período anterior');
    expect(screen.getByTestId('stat-leads')).toHaveTextContent('igual');
    expect(screen.getByTestId('stat-categories')).toHaveTextContent('5de 6 ativas');

    const [call] = reportCalls(http.calls);
    const today = todayUtc();
    expect(call?.params).toEqual({ from: new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10), to: today });

    // The charts get every day; the ranked lists link to the editor and compare with the period before.
    const charts = await screen.findAllByTestId('chart');
    expect(charts[0]).toHaveTextContent('Leituras: 700,800');
    expect(charts[0]).toHaveAccessibleName(/1\.500 no total; o dia com mais foi .*, com 800\./);
    expect(charts[1]).toHaveTextContent('Leads: 4,5 | Assinantes: 1,1');
    const top = within(screen.getByTestId('top-articles'));
    expect(top.getByRole('link', { name: 'Como vender mais' })).toHaveAttribute('href', '/admin/compose/como-vender-mais/5');
    expect(top.getByText('900 leituras')).toBeInTheDocument();
    expect(top.getByText('200% a mais')).toBeInTheDocument();
    expect(top.getByText('novo')).toBeInTheDocument();
    expect(within(screen.getByTestId('authors')).getByText('3 criados · 2 publicados')).toBeInTheDocument();
  });

  it('keeps the period in the URL: a preset, then a range from a shared link', async () => {
    const http = mockHttp((call) => (call.url === '/reports/dashboard' ? ok(report(call.params as { from: string; to: string })) : notFound));
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByTestId('stat-reads');
    await user.click(screen.getByText('7 dias'));
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/dashboard?period=7'));
    await waitFor(() => expect(reportCalls(http.calls).at(-1)?.params).toMatchObject({ to: todayUtc() }));
    const last = reportCalls(http.calls).at(-1)?.params as { from: string; to: string };
    expect((Date.parse(last.to) - Date.parse(last.from)) / 86_400_000).toBe(6);
    await waitFor(() => expect(screen.getByTestId('stat-reads')).toHaveTextContent('que nos 7 dias anteriores'));
  });

  it('opens a custom range from the URL', async () => {
    const http = mockHttp((call) => (call.url === '/reports/dashboard' ? ok(report(call.params as { from: string; to: string })) : notFound));
    open(`${PATH}?from=2026-10-01&to=2026-10-10`);
    await screen.findByTestId('stat-reads');
    expect(reportCalls(http.calls)[0]?.params).toEqual({ from: '2026-10-01', to: '2026-10-10' });
    expect(screen.getByTestId('stat-reads')).toHaveTextContent('que nos 10 dias anteriores');
  });

  it('says so when a period has no reads and no authors', async () => {
    mockHttp((call) =>
      call.url === '/reports/dashboard'
        ? ok(
            report(call.params as { from: string; to: string }, {
              totals: { ...report({ from: '', to: '' }).totals, reads: { current: 0, previous: 0 }, leads: { current: 0, previous: 0 }, subscribers: { current: 0, previous: 0 } },
              top_articles: [],
              authors: [],
            }),
          )
        : notFound,
    );
    open();
    await screen.findByTestId('stat-reads');
    expect(screen.getAllByText('Nenhum dado de fluxo encontrado.')).toHaveLength(3);
    expect(screen.getByText('Nenhum autor encontrado.')).toBeInTheDocument();
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
  });

  it('offers to try again when the reports cannot be loaded', async () => {
    let fail = true;
    mockHttp((call) => {
      if (call.url !== '/reports/dashboard') return notFound;
      if (fail) return { status: 503, data: { error: true, statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: 'Database unavailable' } };
      return ok(report(call.params as { from: string; to: string }));
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('Não foi possível carregar os relatórios.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('stat-reads')).toHaveTextContent('1.500');
  });
});

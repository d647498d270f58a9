import '../../../testing/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_ROUTES, ADMIN_ROUTES, type Access, type DashboardReport, type Locale, type User } from '@vitrine/contracts';
import { authStore, i18n, setLanguage } from '@vitrine/core';
import { loadAdminTexts } from '../../../texts';
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
    // The greeting is the page's h1, with the user's accesses as pills under it.
    const greeting = screen.getByRole('heading', { level: 1, name: 'Bem-vinda, Ana!' });
    expect(greeting).toHaveAttribute('data-testid', 'dashboard-greeting');
    expect(within(greeting.closest('section')!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Painel', 'Gestão de artigos']);
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

  it("writes today's date and the figures in the interface's language, Haitian Creole too (ICU has none)", async () => {
    mockHttp((call) => (call.url === '/reports/dashboard' ? ok(report(call.params as { from: string; to: string })) : notFound));
    jest.useFakeTimers({ now: new Date(2026, 10, 24, 10), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'setImmediate'] });
    try {
      open();
      expect(screen.getByText(/Diretora de marketing · 24 de novembro de 2026/)).toBeInTheDocument();
      await act(() => i18n.changeLanguage('ht-HT'));
      await act(() => loadAdminTexts());
      expect(await screen.findByText(/Diretora de marketing · 24 novanm 2026/)).toBeInTheDocument();
      // Numbers as Haiti writes them (as French does), not ICU's English fallback (1,500).
      expect(screen.getByTestId('stat-reads')).toHaveTextContent(/Lekti1\s500/);
    } finally {
      jest.useRealTimers();
      await act(() => i18n.changeLanguage('pt-BR'));
    }
  });

  it('keeps the period in the URL: radios drawn as a segmented control, by pointer and by keyboard', async () => {
    const http = mockHttp((call) => (call.url === '/reports/dashboard' ? ok(report(call.params as { from: string; to: string })) : notFound));
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByTestId('stat-reads');
    // No antd inside the page (the first screen after signing in downloads none).
    expect(screen.getByTestId('dashboard-page').querySelector('[class*="ant-"]')).toBeNull();
    const period = screen.getByRole('group', { name: 'Período' });
    expect(within(period).getAllByRole('radio').map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['7 dias', '30 dias', '90 dias', 'Personalizado']);
    expect(within(period).getByRole('radio', { name: '30 dias' })).toBeChecked();

    await user.click(within(period).getByRole('radio', { name: '7 dias' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/dashboard?period=7'));
    expect(within(period).getByRole('radio', { name: '7 dias' })).toBeChecked();
    await waitFor(() => expect(reportCalls(http.calls).at(-1)?.params).toMatchObject({ to: todayUtc() }));
    const last = reportCalls(http.calls).at(-1)?.params as { from: string; to: string };
    expect((Date.parse(last.to) - Date.parse(last.from)) / 86_400_000).toBe(6);
    await waitFor(() => expect(screen.getByTestId('stat-reads')).toHaveTextContent('que nos 7 dias anteriores'));

    // The arrow keys move between the choices, as in any radio group.
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/dashboard?period=90'));
    expect(within(period).getByRole('radio', { name: '90 dias' })).toHaveFocus();
  });

  it('opens a custom range from the URL, its days written as the interface language writes them', async () => {
    const http = mockHttp((call) => (call.url === '/reports/dashboard' ? ok(report(call.params as { from: string; to: string })) : notFound));
    open(`${PATH}?from=2026-10-01&to=2026-10-10`);
    await screen.findByTestId('stat-reads');
    expect(reportCalls(http.calls)[0]?.params).toEqual({ from: '2026-10-01', to: '2026-10-10' });
    expect(screen.getByTestId('stat-reads')).toHaveTextContent('que nos 10 dias anteriores');
    expect(screen.getByRole('radio', { name: 'Personalizado' })).toBeChecked();
    expect(await screen.findByLabelText('De')).toHaveValue('01/10/2026');
    expect(screen.getByLabelText('Até')).toHaveValue('10/10/2026');
  });

  it.each([
    // Haitian Creole, which antd lacks, reads the calendar's few words in French (lib/antd-scope.tsx).
    ['en-US', 'From', '10/01/2026', 'Today'],
    ['es-ES', 'Desde', '01/10/2026', 'Hoy'],
    ['fr-FR', 'Du', '01/10/2026', 'Aujourd'],
    ['ht-HT', 'Depi', '01/10/2026', 'Aujourd'],
  ])("writes a custom range's days in %s's format, with its calendar in that language (not the browser's date field)", async (locale, fromLabel, shown, today) => {
    mockHttp((call) => (call.url === '/reports/dashboard' ? ok(report(call.params as { from: string; to: string })) : notFound));
    await act(() => setLanguage(locale as Locale));
    try {
      open(`${PATH}?from=2026-10-01&to=2026-10-10`);
      await screen.findByTestId('stat-reads');
      const from = await screen.findByLabelText(fromLabel);
      expect(from).toHaveValue(shown);
      expect(from).not.toHaveAttribute('type', 'date');
      const user = userEvent.setup();
      await user.click(from);
      await waitFor(() => expect(document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-footer')).toHaveTextContent(today));
    } finally {
      await act(() => setLanguage('pt-BR'));
    }
  });

  it('takes a custom range in two day fields, typed in the language’s format, and changes the URL only once it is valid', async () => {
    const http = mockHttp((call) => (call.url === '/reports/dashboard' ? ok(report(call.params as { from: string; to: string })) : notFound));
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByTestId('stat-reads');
    expect(screen.queryByLabelText('De')).not.toBeInTheDocument();

    // Custom shows the fields with the period on screen; nothing changes until a day does.
    await user.click(screen.getByRole('radio', { name: 'Personalizado' }));
    const range = screen.getByRole('group', { name: 'Início e fim do período' });
    const from = await within(range).findByLabelText('De');
    const to = within(range).getByLabelText('Até');
    const today = todayUtc();
    const [y, m, d] = today.split('-');
    expect(to).toHaveValue(`${d}/${m}/${y}`);
    expect(currentUrl(router)).toBe('/admin/dashboard');
    const asked = reportCalls(http.calls).length;

    /** Types a day (DD/MM/YYYY) and leaves the field, as people do; nothing: clears the field with its clear button. */
    const typeDay = async (field: HTMLElement, day: string) => {
      if (!day) {
        await user.click(field.closest('.ant-picker')!.querySelector('.ant-picker-clear')!);
        return;
      }
      await user.click(field);
      await user.clear(field);
      await user.type(field, day);
      await user.keyboard('{Enter}');
      await user.click(screen.getByRole('heading', { level: 1 }));
    };
    // One field at a time: each step here leaves the range invalid, so the URL stays.
    const invalid = async (field: HTMLElement, day: string, message: string) => {
      await typeDay(field, day);
      await waitFor(() => expect(within(range).getByRole('alert')).toHaveTextContent(message));
      expect(from).toHaveAttribute('aria-invalid', 'true');
      expect(to).toHaveAccessibleDescription(message);
      expect(currentUrl(router)).toBe('/admin/dashboard');
      expect(reportCalls(http.calls)).toHaveLength(asked);
    };
    await invalid(to, '01/01/2025', 'A data inicial deve ser anterior ou igual à final.');
    await invalid(from, '01/01/2023', 'O período pode ter no máximo 366 dias.');
    await invalid(from, '', 'Informe as duas datas do período.');

    // A day after today cannot be picked: the field keeps what it had.
    await typeDay(to, '01/01/2999');
    expect(to).toHaveValue('01/01/2025');

    // A valid range goes to the URL and to the reports; the message goes away.
    await typeDay(from, '01/12/2024');
    await typeDay(to, '10/01/2025');
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/dashboard?from=2024-12-01&to=2025-01-10'));
    expect(within(range).queryByRole('alert')).not.toBeInTheDocument();
    expect(from).not.toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(reportCalls(http.calls).at(-1)?.params).toEqual({ from: '2024-12-01', to: '2025-01-10' }));
    await waitFor(() => expect(screen.getByTestId('stat-reads')).toHaveTextContent('que nos 41 dias anteriores'));
    expect(from).toHaveValue('01/12/2024');

    // Back to a preset: the fields go, the URL follows.
    await user.click(screen.getByRole('radio', { name: '90 dias' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/dashboard?period=90'));
    expect(screen.queryByLabelText('De')).not.toBeInTheDocument();
  });

  it('keeps the figures’ places while the first report loads', async () => {
    let answer: () => void = () => undefined;
    mockHttp((call) =>
      call.url === '/reports/dashboard'
        ? new Promise((resolve) => {
            answer = () => resolve(ok(report(call.params as { from: string; to: string })));
          })
        : notFound,
    );
    open();
    const loading = await screen.findByRole('status', { name: 'Carregando…' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(within(loading).getAllByTestId('skeleton').length).toBeGreaterThan(7);
    answer();
    expect(await screen.findByTestId('stat-reads')).toHaveTextContent('1.500');
    expect(screen.queryByTestId('dashboard-loading')).not.toBeInTheDocument();
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
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os relatórios.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('stat-reads')).toHaveTextContent('1.500');
  });
});

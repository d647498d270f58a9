import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@vitrine/contracts';
import { formatDateTime } from '@vitrine/utils';
import type { AuditEntry } from '@vitrine/contracts';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { choose, setViewport } from '../../../testing/antd';
import { AuditLogPage } from './audit-log-page';

const person = (id: number, name: string, last_name: string): User => ({
  id,
  unique_key: `k${id}`,
  name,
  last_name,
  email: `${name.toLowerCase()}@vitrine.test`,
  position: 'Equipe',
  type: 'operational',
  status: 'active',
  accesses: [],
  gender: 'unspecified',
  phone: null,
  tax_id: null,
  biography: null,
  photo: null,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
});
const staff = [person(2, 'Ana', 'Admin'), person(3, 'Carla', 'Menezes')];

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-03-10T12:00:00.000Z',
  actor_id: 2,
  actor_name: 'Ana Admin',
  record_type: 'category',
  record_id: '12',
  action: 'update',
  changes: {},
  ...overrides,
});

/** Newest first, as the API answers. */
const entries: AuditEntry[] = [
  entry({ id: 4, at: '2026-03-12T12:00:00.000Z', record_type: 'category', record_id: '12', changes: { name: ['Tecnologia', 'Tech'], active: [true, false] } }),
  entry({ id: 3, at: '2026-03-11T12:00:00.000Z', actor_id: 3, actor_name: 'Carla Menezes', record_type: 'article', record_id: '5', changes: { content: ['…', '…'], title: ['Antigo', 'Novo'] } }),
  entry({ id: 2, at: '2026-03-10T12:00:00.000Z', action: 'create', record_type: 'faq', record_id: '9', changes: { id: 9, question: 'Como comprar?', answer: 'Pelo site.', visible: true } }),
  entry({ id: 1, at: '2026-03-09T12:00:00.000Z', action: 'delete', record_type: 'user_access', record_id: '3', changes: { user_id: 3, role_name: 'settings' } }),
];

const refusal = (status: number, code: string, message: string): HttpReply => ({ status, data: { error: true, statusCode: status, code, message } });

/** The audit log and users APIs: the log filters by person, type and record (`total` pads the count, for the pager). */
function server(options: { items?: AuditEntry[]; total?: number; handle?: (call: HttpCall) => HttpReply | undefined } = {}) {
  const items = options.items ?? entries;
  return mockHttp((call) => {
    const custom = options.handle?.(call);
    if (custom) return custom;
    if (call.url === '/user/users-list') return ok({ items: staff, total: staff.length, page: 1, limit: 100 });
    if (call.url === '/audit/audit-log') {
      const q = call.params as { actor_id?: number; record_type?: string; record_id?: string; page?: number; limit?: number };
      const found = items
        .filter((e) => q.actor_id === undefined || e.actor_id === q.actor_id)
        .filter((e) => !q.record_type || e.record_type === q.record_type)
        .filter((e) => !q.record_id || e.record_id === q.record_id);
      return ok({ items: found, total: options.total ?? found.length, page: q.page ?? 1, limit: q.limit ?? 20 });
    }
    return refusal(404, 'NOT_FOUND', 'Not found');
  });
}

const PATH = '/admin/audit-log';
const open = (entryUrl = PATH) => renderPage(PATH, <AuditLogPage />, entryUrl);
const logCalls = (calls: HttpCall[]) => calls.filter((c) => c.url === '/audit/audit-log');
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const sentences = () => [...document.querySelectorAll('.vt-audit__what > span:first-child')].map((el) => el.textContent);

describe('audit log', () => {
  let http: ReturnType<typeof server>;
  const media = window.matchMedia;
  beforeEach(() => setViewport(1280));
  afterEach(() => {
    http.restore();
    window.matchMedia = media;
  });

  it('shows who changed what and when, newest first: an update as before → after, a created or deleted row by its name', async () => {
    http = server();
    open();
    await screen.findByText('Atualizou categoria #12');
    expect(logCalls(http.calls)[0]!.params).toEqual({ page: 1, limit: 20 });
    expect(screen.getByRole('heading', { name: 'Registro de atividades' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Alterações registradas, das mais recentes às mais antigas' })).toBeInTheDocument();
    expect(sentences()).toEqual(['Atualizou categoria #12', 'Atualizou artigo #5', 'Criou pergunta frequente #9', 'Removeu um acesso do usuário #3']);
    expect(screen.getByText('4 alterações')).toBeInTheDocument();

    const updated = rowOf('Atualizou categoria #12');
    expect(within(updated).getByText(formatDateTime('2026-03-12T12:00:00.000Z'))).toBeInTheDocument();
    expect(within(updated).getByText('Ana Admin')).toBeInTheDocument();
    const changes = within(updated).getByTestId('audit-changes-4');
    expect(changes.querySelectorAll('li')[0]).toHaveTextContent('name: “Tecnologia” → passou a ser “Tech”');
    expect(changes.querySelectorAll('li')[1]).toHaveTextContent('active: Sim → passou a ser Não');
    // A long text is recorded as changed, not copied.
    expect(within(screen.getByTestId('audit-changes-3')).getByText('(alterado)')).toBeInTheDocument();
    expect(screen.getByTestId('audit-changes-3')).toHaveTextContent('title: “Antigo” → passou a ser “Novo”');
    // A created row by its question; opened, all its columns.
    expect(screen.getByTestId('audit-changes-2')).toHaveTextContent('question: “Como comprar?”');
    expect(screen.getByTestId('audit-changes-2')).not.toHaveTextContent('answer');
    // An access removed, by its name in the language.
    expect(screen.getByTestId('audit-changes-1')).toHaveTextContent('role_name: Configurações');
  });

  it('opens a created row to show all its columns', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Criou pergunta frequente #9');
    const row = rowOf('Criou pergunta frequente #9');
    await user.click(within(row).getByRole('button', { name: /Expandir linha/ }));
    const details = await screen.findByTestId('audit-details-2');
    expect(details).toHaveTextContent('answer: “Pelo site.”');
    expect(details).toHaveTextContent('visible: Sim');
    // An update already shows everything it changed: nothing to open (antd keeps a hidden placeholder for the button).
    expect(within(rowOf('Atualizou categoria #12')).getByRole('button', { name: /Expandir linha/ })).toHaveClass('ant-table-row-expand-icon-spaced');
    expect(within(row).getByRole('button', { name: /Colapsar linha/ })).not.toHaveClass('ant-table-row-expand-icon-spaced');
  });

  it('keeps the person, the record type and the page in the URL, and asks the server for them; Clear filters empties them', async () => {
    http = server({ total: 45 });
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await screen.findByText('Atualizou categoria #12');

    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(logCalls(http.calls).at(-1)!.params).toEqual({ page: 2, limit: 20 }));
    expect(router.state.location.search).toBe('?page=2');

    await choose(user, screen.getByRole('combobox', { name: 'Filtrar por pessoa' }), 'Carla Menezes');
    await waitFor(() => expect(logCalls(http.calls).at(-1)!.params).toEqual({ actor_id: 3, page: 1, limit: 20 }));
    await choose(user, screen.getByRole('combobox', { name: 'Filtrar por tipo de registro' }), 'Artigo');
    await waitFor(() => expect(logCalls(http.calls).at(-1)!.params).toEqual({ actor_id: 3, record_type: 'article', page: 1, limit: 20 }));
    expect(router.state.location.search).toBe('?person=3&type=article');
    await waitFor(() => expect(sentences()).toEqual(['Atualizou artigo #5']));

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(sentences()).toHaveLength(4));
  });

  it('opens the view a shared link describes, the period included', async () => {
    http = server();
    open(`${PATH}?person=2&type=category&from=2026-03-01&to=2026-03-31`);
    await screen.findByText('Atualizou categoria #12');
    expect(logCalls(http.calls)[0]!.params).toEqual({ actor_id: 2, record_type: 'category', from: '2026-03-01', to: '2026-03-31', page: 1, limit: 20 });
    const filters = screen.getByTestId('audit-log-filters');
    await waitFor(() => expect(filters).toHaveTextContent('Ana Admin'));
    expect(filters).toHaveTextContent('Categoria');
    expect(within(filters).getByRole('group', { name: 'Período' })).toBeInTheDocument();
    expect(within(filters).getByLabelText('Período: a partir de (DD/MM/AAAA)')).toHaveValue('01/03/2026');
    expect(within(filters).getByLabelText('Período: até (DD/MM/AAAA)')).toHaveValue('31/03/2026');
  });

  it('shows one record’s history from its row, and drops that filter', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await screen.findByText('Atualizou categoria #12');
    await user.click(within(rowOf('Atualizou artigo #5')).getByRole('button', { name: 'Ver só o histórico deste registro (Artigo #5)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=article&record=5'));
    await waitFor(() => expect(logCalls(http.calls).at(-1)!.params).toEqual({ record_type: 'article', record_id: '5', page: 1, limit: 20 }));
    await waitFor(() => expect(sentences()).toEqual(['Atualizou artigo #5']));

    await user.click(screen.getByRole('button', { name: 'Registro: Artigo #5 — remover este filtro' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=article'));
  });

  it("says what was done to an article's translation, and shows that translation's history", async () => {
    http = server({
      items: [
        entry({ id: 6, at: '2026-03-13T12:00:00.000Z', action: 'create', record_type: 'article_translation', record_id: '5 en-US', changes: { title: 'How to sell more', status: 'draft', content: '…' } }),
        entry({ id: 5, at: '2026-03-13T11:00:00.000Z', record_type: 'article_translation', record_id: '5 fr-FR', changes: { status: ['draft', 'published'] } }),
        ...entries,
      ],
    });
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await screen.findByText('Criou a versão em inglês do artigo #5');
    expect(screen.getByText('Atualizou a versão em francês do artigo #5')).toBeInTheDocument();
    expect(within(rowOf('Criou a versão em inglês do artigo #5')).getByTestId('audit-changes-6')).toHaveTextContent('title: “How to sell more”');

    await user.click(within(rowOf('Atualizou a versão em francês do artigo #5')).getByRole('button', { name: 'Ver só o histórico deste registro (Versão em francês do artigo #5)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=article_translation&record=5+fr-FR'));
    await waitFor(() => expect(logCalls(http.calls).at(-1)!.params).toEqual({ record_type: 'article_translation', record_id: '5 fr-FR', page: 1, limit: 20 }));
    await waitFor(() => expect(sentences()).toEqual(['Atualizou a versão em francês do artigo #5']));
    expect(screen.getByRole('button', { name: 'Registro: Versão em francês do artigo #5 — remover este filtro' })).toBeInTheDocument();
  });

  it('says when nothing was recorded for the filters', async () => {
    http = server({ items: [] });
    open(`${PATH}?type=seo`);
    expect(await screen.findByTestId('audit-log-empty')).toHaveTextContent('Nenhuma alteração registrada para estes filtros.');
  });

  it('at 390 px keeps When, Who and What; the changes are in the opened row', async () => {
    setViewport(390);
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Atualizou categoria #12');
    const headers = within(screen.getByTestId('audit-log-table')).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers.filter(Boolean)).toEqual(['Quando', 'Quem', 'O quê']);
    expect(screen.queryByTestId('audit-changes-4')).not.toBeInTheDocument();

    await user.click(within(rowOf('Atualizou categoria #12')).getByRole('button', { name: /Expandir linha/ }));
    const details = await screen.findByTestId('audit-details-4');
    expect(details).toHaveTextContent('name: “Tecnologia” → passou a ser “Tech”');
  });

  it('shows a failed load with Retry', async () => {
    let fail = true;
    http = server({ handle: (call) => (fail && call.url === '/audit/audit-log' ? refusal(500, 'INTERNAL_ERROR', 'Boom') : undefined) });
    const user = userEvent.setup({ delay: null });
    open();
    const error = await screen.findByTestId('audit-log-error');
    expect(error).toHaveTextContent('Não foi possível carregar o registro de atividades.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Atualizou categoria #12')).toBeInTheDocument();
  });

  it('opens an SEO entry’s change to show its markup whole, before and after, each in a box of its own', async () => {
    const before = `<script>${'window.dataLayer.push({});\n'.repeat(30)}</script>`;
    const after = '<meta name="google-site-verification" content="abc">';
    http = server({ items: [entry({ id: 7, record_type: 'seo', record_id: '3', changes: { head_markup: [before, after] } })] });
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Atualizou entrada de SEO #3');
    // the table cuts it, on one line
    const cell = screen.getByTestId('audit-changes-7');
    expect(cell).toHaveTextContent(`head_markup: “${before.replace(/\s+/g, ' ').slice(0, 80)}…” → passou a ser “${after}”`);
    expect(cell.querySelector('pre')).toBeNull();

    await user.click(within(rowOf('Atualizou entrada de SEO #3')).getByRole('button', { name: /Expandir linha/ }));
    const details = await screen.findByTestId('audit-details-7');
    const boxes = [...details.querySelectorAll('figure')];
    expect(boxes.map((box) => box.querySelector('figcaption')?.textContent)).toEqual(['Antes', 'Depois']);
    expect(boxes.map((box) => box.querySelector('pre')?.textContent)).toEqual([before, after]);
    // shown as text, reachable by keyboard to scroll; nothing of it put in the page
    expect(boxes[0]!.querySelector('pre')).toHaveAttribute('tabindex', '0');
    expect(document.querySelector('script, meta[name="google-site-verification"]')).toBeNull();
  });
});

import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeadWithBounce as Lead } from '@vitrine/contracts';
import { makeLead } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { choose } from '../../../testing/antd';
import { LeadsPage } from './leads-page';

const contact = makeLead();
const subscriber = makeLead({
  id: 22,
  unique_key: 'l34d-def',
  module: 'newsletter',
  name: 'Bruno Lima',
  email: 'bruno@cliente.com',
  company: '',
  telephone: '',
  subject: '',
  message: '',
  classification: 'warm',
  confirmed: false,
});
const blocked = makeLead({ id: 23, unique_key: 'l34d-ghi', name: 'Spam Bot', email: 'spam@bot.example', status: 'blackListed', is_lead: true });

type Handler = (call: HttpCall) => HttpReply | Promise<HttpReply> | undefined;

/** The leads API over a few stored leads: a change is kept, and the list shows it. */
function server(options: { items?: Lead[]; list?: () => HttpReply; handle?: Handler } = {}) {
  const items = [...(options.items ?? [contact, subscriber, blocked])];
  const change = (url: string, patch: Partial<Lead>): HttpReply => {
    const [id, key] = url.split('/').slice(-2);
    const index = items.findIndex((lead) => String(lead.id) === id && lead.unique_key === key);
    if (index < 0) return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
    items[index] = { ...items[index]!, ...patch };
    return ok(items[index]);
  };
  return mockHttp(async (call: HttpCall) => {
    const custom = await options.handle?.(call);
    if (custom) return custom;
    if (call.url === '/lead/leads-list') return options.list?.() ?? ok({ items, total: items.length, page: 1, limit: 10 });
    if (call.url.startsWith('/lead/lead-classification/') || call.url.startsWith('/lead/lead-status/') || call.url.startsWith('/lead/lead-mark/')) {
      return change(call.url, call.body as Partial<Lead>);
    }
    if (call.url.startsWith('/lead/lead-convert/')) return change(call.url, { is_lead: true, classification: 'hot', converted_at: '2026-01-15T10:00:00.000Z' });
    if (call.url.startsWith('/lead/lead-bounce-clear/')) return change(call.url, { bounced_at: null, bounce_reason: null, confirmed: false });
    return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
  });
}

const PATH = '/admin/list-leads';
const open = (entry = PATH) => renderPage(PATH, <LeadsPage />, entry);
const listCalls = (calls: HttpCall[]) => calls.filter((c) => c.url === '/lead/leads-list');
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const search = (router: ReturnType<typeof open>['router']) => new URLSearchParams(router.state.location.search);

describe('list-leads: the leads tab', () => {
  let http: ReturnType<typeof server>;
  afterEach(() => http.restore());

  it('lists the leads 10 per page with their source, classification, status, newsletter state and mark', async () => {
    http = server();
    open();
    expect(await screen.findByText('Carla Dias')).toBeInTheDocument();
    expect(listCalls(http.calls)[0]!.body).toEqual({ page: 1, limit: 10 });

    const row = rowOf('Carla Dias');
    expect(within(row).getByRole('link', { name: 'carla@empresa.com.br' })).toHaveAttribute('href', 'mailto:carla@empresa.com.br');
    expect(within(row).getByText('Empresa SA')).toBeInTheDocument();
    expect(within(row).getByText('Contato')).toBeInTheDocument();
    expect(within(row).getByText('Ativo')).toBeInTheDocument();
    expect(within(row).getByText('10/01/2026')).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'Classificação de Carla Dias' })).toBeInTheDocument();
    expect(within(row).getByTitle('Sem classificação')).toBeInTheDocument();

    const pending = rowOf('Bruno Lima');
    expect(within(pending).getByText('Newsletter')).toBeInTheDocument();
    expect(within(pending).getByText('Pendente')).toBeInTheDocument();
    expect(within(pending).getByTitle('Morno')).toBeInTheDocument();

    const spam = rowOf('Spam Bot');
    expect(within(spam).getByText('Bloqueado')).toBeInTheDocument();
    expect(within(spam).getByText('Lead')).toBeInTheDocument();
    expect(screen.getByText('3 leads')).toBeInTheDocument();
  });

  it('sends the filters, the sort and the search, and keeps them in the URL', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await screen.findByText('Carla Dias');

    await choose(user, screen.getByRole('combobox', { name: 'Origem' }), 'Newsletter');
    await waitFor(() => expect(listCalls(http.calls).at(-1)!.body).toEqual({ module: 'newsletter', page: 1, limit: 10 }));

    await choose(user, screen.getByRole('combobox', { name: 'Marcação de lead' }), 'Marcados como lead');
    await choose(user, screen.getByRole('combobox', { name: 'Classificação' }), 'Quente');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nome, e-mail, empresa ou assunto' }), 'carla');
    await waitFor(() =>
      expect(listCalls(http.calls).at(-1)!.body).toEqual({ module: 'newsletter', is_lead: true, classification: 'hot', search: 'carla', page: 1, limit: 10 }),
    );

    await user.click(screen.getAllByText('Nome', { selector: '.ant-table-column-title' })[0]!);
    await waitFor(() => expect(listCalls(http.calls).at(-1)!.body).toMatchObject({ sort: 'name', order: 'asc', page: 1 }));

    expect(Object.fromEntries(search(router))).toEqual({
      module: 'newsletter',
      classification: 'hot',
      lead: 'yes',
      q: 'carla',
      sort: 'name',
      order: 'asc',
    });
    // the search is sent once, after the typing stopped
    expect(listCalls(http.calls).filter((c) => (c.body as { search?: string }).search !== undefined && (c.body as { search?: string }).search !== 'carla')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(listCalls(http.calls).at(-1)!.body).toEqual({ sort: 'name', order: 'asc', page: 1, limit: 10 }));
    expect(screen.getByRole('searchbox', { name: 'Buscar por nome, e-mail, empresa ou assunto' })).toHaveValue('');
  });

  it('opens the view a shared link describes: filters, dates, sort and page', async () => {
    http = server();
    open(`${PATH}?status=blackListed&newsletter=cancelled&from=2026-01-01&to=2026-01-31&q=spam&sort=updated_at&order=asc&page=2&limit=20`);
    await screen.findByText('Carla Dias');
    expect(listCalls(http.calls)[0]!.body).toEqual({
      status: 'blackListed',
      newsletter_status: 'cancelled',
      from: '2026-01-01',
      to: '2026-01-31',
      search: 'spam',
      sort: 'updated_at',
      order: 'asc',
      page: 2,
      limit: 20,
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar por nome, e-mail, empresa ou assunto' })).toHaveValue('spam');
    expect(screen.getByPlaceholderText('Cadastrados a partir de')).toHaveValue('01/01/2026');
    expect(screen.getByPlaceholderText('Cadastrados até')).toHaveValue('31/01/2026');
    expect(screen.getByRole('button', { name: /Filtros/ })).toHaveTextContent('4');
  });

  it('saves a new classification at once and says so', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Carla Dias');
    await choose(user, within(rowOf('Carla Dias')).getByRole('combobox', { name: 'Classificação de Carla Dias' }), 'Quente');
    await waitFor(() =>
      expect(http.calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/lead/lead-classification/21/l34d-abc', body: { classification: 'hot' } }),
    );
    expect(await screen.findByText('Classificação atualizada.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Carla Dias')).getByTitle('Quente')).toBeInTheDocument());
    await waitFor(() => expect(listCalls(http.calls)).toHaveLength(2));
  });

  it('blacklists only after a confirmation that says what follows', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Carla Dias');
    await user.click(within(rowOf('Carla Dias')).getByRole('button', { name: 'Ações de Carla Dias' }));
    await user.click(await screen.findByRole('menuitem', { name: /Bloquear e-mail/ }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deseja bloquear carla@empresa.com.br? O formulário de contato e a newsletter passam a recusar este e-mail');
    expect(http.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(http.calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/lead/lead-status/21/l34d-abc', body: { status: 'blackListed' } }));
    expect(await screen.findByText('Status alterado com sucesso.')).toBeInTheDocument();
  });

  it('sends nothing when a delete is cancelled', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Carla Dias');
    await user.click(within(rowOf('Carla Dias')).getByRole('button', { name: 'Ações de Carla Dias' }));
    await user.click(await screen.findByRole('menuitem', { name: /Excluir/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('As mensagens dele são mantidas.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('converts after a confirmation that explains conversion, and marks a lead without asking', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Carla Dias');
    await user.click(within(rowOf('Carla Dias')).getByRole('button', { name: 'Ações de Carla Dias' }));
    await user.click(await screen.findByRole('menuitem', { name: /Converter em cliente/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('A conversão registra que este lead virou cliente: ele fica marcado como lead, classificado como quente');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(http.calls.find((c) => c.url.startsWith('/lead/lead-convert/'))).toMatchObject({ method: 'POST', url: '/lead/lead-convert/21/l34d-abc' }));
    expect(await screen.findByText('Lead convertido em cliente.')).toBeInTheDocument();

    await user.click(within(rowOf('Bruno Lima')).getByRole('button', { name: 'Ações de Bruno Lima' }));
    await user.click(await screen.findByRole('menuitem', { name: /Marcar como lead/ }));
    await waitFor(() => expect(http.calls.find((c) => c.url.startsWith('/lead/lead-mark/'))).toMatchObject({ url: '/lead/lead-mark/22/l34d-def', body: { is_lead: true } }));
  });

  it("marks a bounced address with the server's answer, and clears it only after a confirmation that says nothing is sent", async () => {
    const bounced = makeLead({
      id: 25,
      unique_key: 'l34d-mno',
      name: 'Edu Paz',
      email: 'edu@caixa-cheia.com',
      module: 'newsletter',
      newsletter_status: 'active',
      confirmed: true,
      bounced_at: '2026-01-14T09:30:00.000Z',
      bounce_reason: '550 5.1.1 <edu@caixa-cheia.com>: Recipient address rejected',
    });
    http = server({ items: [contact, bounced] });
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Edu Paz');
    expect(within(rowOf('Edu Paz')).getByText('Devolvido')).toBeInTheDocument();
    expect(within(rowOf('Carla Dias')).queryByText('Devolvido')).not.toBeInTheDocument();
    await user.click(within(rowOf('Edu Paz')).getByRole('button', { name: /Expandir linha/i }));
    const details = await screen.findByTestId('lead-details-25');
    expect(within(details).getByText('550 5.1.1 <edu@caixa-cheia.com>: Recipient address rejected')).toBeInTheDocument();
    expect(within(details).getByText(/^Recusado de vez em 14\/01\/2026/)).toBeInTheDocument();

    // Only a bounced lead offers it.
    await user.click(within(rowOf('Carla Dias')).getByRole('button', { name: 'Ações de Carla Dias' }));
    expect(screen.queryByRole('menuitem', { name: /Limpar devolução/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(rowOf('Edu Paz')).getByRole('button', { name: 'Ações de Edu Paz' }));
    await user.click(await screen.findByRole('menuitem', { name: /Limpar devolução/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Limpar a devolução de edu@caixa-cheia.com?');
    expect(dialog).toHaveTextContent('Nada é enviado agora: um assinante volta a receber a newsletter só depois de confirmar uma nova inscrição.');
    expect(http.calls.some((c) => c.url.startsWith('/lead/lead-bounce-clear/'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(http.calls.find((c) => c.url.startsWith('/lead/lead-bounce-clear/'))).toMatchObject({ method: 'POST', url: '/lead/lead-bounce-clear/25/l34d-mno' }));
    expect(await screen.findByText('Devolução limpa. O assinante volta a receber a newsletter depois de confirmar uma nova inscrição.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Edu Paz')).queryByText('Devolvido')).not.toBeInTheDocument());
    expect(within(rowOf('Edu Paz')).getByText('Pendente')).toBeInTheDocument();
  });

  it('opens a row to show the subject, the message as written, the phone and the unsubscribe reason', async () => {
    const left = makeLead({ id: 24, unique_key: 'l34d-jkl', name: 'Dora Reis', module: 'newsletter', newsletter_status: 'cancelled', confirmed: true, unsubscribe_reason: 'one-click' });
    http = server({ items: [contact, left] });
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Carla Dias');
    await user.click(within(rowOf('Carla Dias')).getByRole('button', { name: /Expandir linha/i }));
    const details = await screen.findByTestId('lead-details-21');
    expect(within(details).getByText('Orçamento do site')).toBeInTheDocument();
    expect(within(details).getByText(/Podem me ligar amanhã\?/).textContent).toBe('Olá, gostaria de um orçamento.\nPodem me ligar amanhã?');
    expect(within(details).getByRole('link', { name: '+55 (11) 98888-7777' })).toHaveAttribute('href', 'tel:+5511988887777');

    expect(within(rowOf('Dora Reis')).getByText('Cancelado')).toBeInTheDocument();
    await user.click(within(rowOf('Dora Reis')).getByRole('button', { name: /Expandir linha/i }));
    expect(within(await screen.findByTestId('lead-details-24')).getByText('Cancelou com um clique (no programa de e-mail)')).toBeInTheDocument();
  });

  it('exports the current filters as CSV with its progress, then saves the server file', async () => {
    let finish: (reply: HttpReply) => void = () => undefined;
    http = server({
      handle: (call) =>
        call.url === '/lead/leads-export' ? new Promise<HttpReply>((resolve) => (finish = resolve)) : undefined,
    });
    const created: Blob[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = jest.fn((blob: Blob) => (created.push(blob), 'blob:vitrine/leads'));
    URL.revokeObjectURL = jest.fn();
    const clicks: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    try {
      const user = userEvent.setup({ delay: null });
      open(`${PATH}?status=active&lead=yes&q=ana&page=2`);
      await screen.findByText('Carla Dias');
      await user.click(screen.getByRole('button', { name: /Exportar CSV/ }));

      const progress = await screen.findByTestId('leads-export-progress');
      expect(within(progress).getByRole('status')).toHaveTextContent('Exportando… 0 B recebidos');
      const request = http.calls.find((c) => c.url === '/lead/leads-export')!;
      expect(request.method).toBe('GET');
      expect(request.params).toEqual({ status: 'active', is_lead: true, search: 'ana', base: 'leads', lang: 'pt-BR' });

      const csv = '\uFEFFNome;E-mail\r\nCarla Dias;carla@empresa.com.br\r\n';
      finish({ status: 200, data: new Blob([csv], { type: 'text/csv' }), headers: { 'content-disposition': 'attachment; filename="leads-173012.csv"' } });

      await waitFor(() => expect(clicks).toHaveLength(1));
      expect(clicks[0]!.download).toBe('leads-173012.csv');
      expect(clicks[0]!.href).toBe('blob:vitrine/leads');
      expect(created[0]!.size).toBe(new Blob([csv]).size);
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:vitrine/leads');
      expect(await screen.findByText('Exportação concluída: leads-173012.csv')).toBeInTheDocument();
      expect(screen.queryByTestId('leads-export-progress')).not.toBeInTheDocument();
    } finally {
      click.mockRestore();
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });

  it('exports or erases one person’s data, erasing only once the email is typed again', async () => {
    http = server({
      handle: (call) => {
        if (call.url === '/lead/person-data') return ok({ email: 'ana@cliente.com', leads: [], messages: [] });
        if (call.url === '/lead/person-erase') return { status: 200, data: { data: { leads: 2, messages: 1 }, message: 'Personal data erased' } };
        return undefined;
      },
    });
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = jest.fn(() => 'blob:vitrine/person');
    URL.revokeObjectURL = jest.fn();
    const clicks: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    try {
      const user = userEvent.setup({ delay: null });
      open();
      await screen.findByText('Carla Dias');
      await user.click(screen.getByRole('button', { name: /Privacidade/ }));
      const modal = await screen.findByRole('dialog');
      await user.type(within(modal).getByLabelText('E-mail da pessoa'), 'ana@cliente.com');

      await user.click(within(modal).getByRole('button', { name: /Exportar dados/ }));
      const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
      expect(confirm).toHaveTextContent('Baixar tudo o que está guardado sobre ana@cliente.com?');
      expect(http.calls.some((c) => c.url === '/lead/person-data')).toBe(false);
      await user.click(within(confirm).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(clicks.map((a) => a.download)).toEqual(['person-data-ana_cliente.com.json']));
      expect(http.calls.find((c) => c.url === '/lead/person-data')).toMatchObject({ method: 'POST', body: { email: 'ana@cliente.com' } });

      await user.click(within(modal).getByRole('button', { name: /Apagar dados/ }));
      expect(await within(modal).findByTestId('erase-warning')).toHaveTextContent('Esta ação é irreversível.');
      const erase = within(modal).getByRole('button', { name: /Apagar definitivamente/ });
      expect(erase).toBeDisabled();
      await user.type(within(modal).getByLabelText('Digite o e-mail novamente para confirmar'), 'ana@cliente.co');
      expect(erase).toBeDisabled();
      expect(http.calls.some((c) => c.url === '/lead/person-erase')).toBe(false);
      await user.type(within(modal).getByLabelText('Digite o e-mail novamente para confirmar'), 'm');
      await user.click(erase);
      await waitFor(() => expect(http.calls.find((c) => c.url === '/lead/person-erase')).toMatchObject({ method: 'POST', body: { email: 'ana@cliente.com' } }));
      expect(await screen.findByText('Dados apagados: 2 lead(s) e 1 mensagem(ns) anonimizados.')).toBeInTheDocument();
      await waitFor(() => expect(listCalls(http.calls).length).toBeGreaterThan(1));
    } finally {
      click.mockRestore();
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });

  it('shows the empty state, and a failed list with Retry', async () => {
    let fail = true;
    http = server({
      list: () => (fail ? { status: 500, data: { error: true, statusCode: 500, code: 'INTERNAL_ERROR', message: 'Boom' } } : ok({ items: [], total: 0, page: 1, limit: 10 })),
    });
    const user = userEvent.setup({ delay: null });
    open();
    const error = await screen.findByTestId('leads-error');
    expect(within(error).getByText('Não foi possível carregar os leads.')).toBeInTheDocument();
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('leads-empty')).toHaveTextContent('Nenhum lead encontrado');
  });
});

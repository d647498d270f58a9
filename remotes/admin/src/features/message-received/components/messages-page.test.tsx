import '../../../testing/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageCounts, ReceivedMessage } from '@vitrine/contracts';
import { i18n } from '@vitrine/core';
import { formatDateTime } from '@vitrine/utils';
import { loadAdminTexts } from '../../../texts';
import { makeMessageDetail, makeMessageReply, makeReceivedMessage } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { MessagesPage } from './messages-page';

const unread = makeReceivedMessage();
const read = makeReceivedMessage({ id: 13, unique_key: 'k3y-def', name: 'Bruno Lima', subject: 'Parceria', preview: 'Temos uma proposta', read: true });
const detail = makeMessageDetail();
const reply = makeMessageReply();
const counts: MessageCounts = { unread: 1, active: 2, archived: 4, suspected: 0 };

/** What the public forms' spam guard doubted: two messages held (one per reason), no doubtful sign-up. */
const guard = {
  days: 30,
  counts: [
    { form: 'contact', reason: 'honeypot', count: 1 },
    { form: 'contact', reason: 'too-fast', count: 1 },
    { form: 'newsletter', reason: 'honeypot', count: 0 },
    { form: 'newsletter', reason: 'too-fast', count: 0 },
  ],
};

function server(options: { items?: ReceivedMessage[]; list?: () => HttpReply; detail?: typeof detail } = {}) {
  const items = options.items ?? [unread, read];
  return mockHttp((call: HttpCall) => {
    if (call.url === '/message/messages-list') return options.list?.() ?? ok({ items, total: items.length, page: 1, limit: 20 });
    if (call.url === '/message/messages-count') return ok(counts);
    if (call.url === '/message/spam-guard') return ok(guard);
    if (call.url.startsWith('/message/message-not-spam/')) return ok({ ...items[0], suspected: null });
    if (call.url.startsWith('/message/message-open/')) return ok(options.detail ?? detail);
    if (call.url.startsWith('/message/message-reply/')) return { status: 201, data: { data: reply, message: 'Reply sent' } };
    if (call.url.startsWith('/message/message-archive/')) return ok({ ...unread, archived: (call.body as { archived: boolean }).archived });
    if (call.url.startsWith('/message/message-read/')) return ok({ ...unread, read: false });
    if (call.method === 'DELETE') return { status: 200, data: { message: 'Message deleted' } };
    return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
  });
}

const PATH = '/admin/message-received';
const open = (entry = PATH) => renderPage(PATH, <MessagesPage />, entry);
const callsTo = (calls: HttpCall[], url: string) => calls.filter((c) => c.url === url);
const rowOf = (name: string) => screen.getByText(name).closest('button')!;

describe('message-received', () => {
  let http: ReturnType<typeof server>;
  afterEach(() => http.restore());

  it('lists the active messages with the filters, their counts and a search; asks to select one', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    expect(await screen.findByText('Carla Dias')).toBeInTheDocument();
    expect(screen.getByText('Selecione uma mensagem para ver os detalhes')).toBeInTheDocument();
    expect(callsTo(http.calls, '/message/messages-list')[0]!.body).toEqual({ filter: 'active', page: 1, limit: 20 });

    const row = rowOf('Carla Dias');
    expect(within(row).getByText('Orçamento do site')).toBeInTheDocument();
    expect(within(row).getByText('Olá, gostaria de um orçamento')).toBeInTheDocument();
    expect(within(row).getByText('Não lida')).toBeInTheDocument();
    expect(row).toHaveClass('vt-inbox__item--unread');
    expect(rowOf('Bruno Lima')).not.toHaveClass('vt-inbox__item--unread');
    expect(within(row).getByText('10 de jan.')).toBeInTheDocument();

    const tabs = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    expect(tabs).toEqual([expect.stringMatching(/^Ativas/), expect.stringMatching(/^Não lidas/), 'Lidas', expect.stringMatching(/^Arquivadas/), 'Suspeitas']);
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Arquivadas/ }).closest('label')).toHaveTextContent('4'));

    await user.click(screen.getByRole('radio', { name: /^Não lidas/ }));
    await waitFor(() => expect(callsTo(http.calls, '/message/messages-list').at(-1)!.body).toEqual({ filter: 'unread', page: 1, limit: 20 }));

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por remetente, assunto ou texto' }), 'carla');
    await waitFor(() =>
      expect(callsTo(http.calls, '/message/messages-list').at(-1)!.body).toEqual({ filter: 'unread', page: 1, limit: 20, search: 'carla' }),
    );
  });

  it("says what the public form's spam guard held, and a held message why; 'Not spam' moves it to the inbox", async () => {
    const held = makeReceivedMessage({ id: 21, unique_key: 'held-1', name: 'Rita Alves', subject: 'Orçamento rápido', suspected: 'too-fast' });
    http = server({ items: [held], detail: makeMessageDetail({ id: 21, unique_key: 'held-1', name: 'Rita Alves', subject: 'Orçamento rápido', suspected: 'too-fast' }) });
    const user = userEvent.setup({ delay: null });
    open();
    expect(await screen.findByTestId('spam-guard-contact')).toHaveTextContent(
      'Filtro antispam, últimos 30 dias: 2 mensagens retidas para revisão (campo oculto preenchido: 1 · enviada rápido demais: 1)',
    );
    await user.click(screen.getByRole('radio', { name: /^Suspeitas/ }));
    await waitFor(() => expect(callsTo(http.calls, '/message/messages-list').at(-1)!.body).toEqual({ filter: 'suspected', page: 1, limit: 20 }));

    await user.click(await screen.findByText('Rita Alves'));
    const why = await screen.findByTestId('message-held');
    expect(why).toHaveTextContent('Retida pelo filtro antispam');
    expect(why).toHaveTextContent('Foi enviada menos de 3 segundos depois de a página abrir.');
    expect(why).toHaveTextContent('A equipe não foi avisada por e-mail e nenhum lead foi criado.');
    await user.click(within(why).getByRole('button', { name: 'Não é spam' }));
    await waitFor(() => expect(http.calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/message/message-not-spam/21/held-1']));
    await waitFor(() => expect(screen.queryByTestId('message-held')).not.toBeInTheDocument());
    expect(await screen.findByText('Mensagem movida para a caixa de entrada.')).toBeInTheDocument();
    // The figures and the counters are asked again.
    await waitFor(() => expect(callsTo(http.calls, '/message/spam-guard').length).toBeGreaterThan(1));
  });

  it("writes the list's dates in the interface language (pt-BR day first, en-US month first, ht-HT as French)", async () => {
    http = server();
    open();
    const date = () => rowOf('Carla Dias').querySelector('time')!;
    expect(await screen.findByText('Carla Dias')).toBeInTheDocument();
    expect(date()).toHaveTextContent('10 de jan.');
    expect(date()).toHaveAttribute('title', formatDateTime(unread.created_at));
    expect(date().title).toMatch(/^10\/01\/2026 \d\d:\d\d$/);
    try {
      await act(() => i18n.changeLanguage('en-US'));
      await act(() => loadAdminTexts());
      await waitFor(() => expect(date()).toHaveTextContent('Jan 10'));
      expect(date().title).toMatch(/^01\/10\/2026 \d{1,2}:\d\d\s[AP]M$/);
      await act(() => i18n.changeLanguage('ht-HT'));
      await act(() => loadAdminTexts());
      await waitFor(() => expect(date()).toHaveTextContent('10 janv.'));
      expect(date().title).toMatch(/^10\/01\/2026 \d\d:\d\d$/);
    } finally {
      await act(() => i18n.changeLanguage('pt-BR'));
    }
    await waitFor(() => expect(date()).toHaveTextContent('10 de jan.'));
  });

  it('opens a message: message-open, its text as written, the URL names it, the list and counts refresh', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await user.click(await screen.findByText('Carla Dias'));

    const pane = await screen.findByTestId('message-detail');
    expect(http.calls.filter((c) => c.method === 'POST' && c.url.startsWith('/message/message-open/')).map((c) => c.url)).toEqual([
      '/message/message-open/12/k3y-abc',
    ]);
    expect(within(pane).getByTestId('message-text').textContent).toBe('Olá, gostaria de um orçamento.\nPodem me ligar amanhã?');
    expect(within(pane).getByRole('link', { name: 'carla@empresa.com.br' })).toHaveAttribute('href', 'mailto:carla@empresa.com.br');
    expect(within(pane).getByRole('link', { name: '+55 (11) 98888-7777' })).toHaveAttribute('href', 'tel:+5511988887777');
    expect(screen.queryByText('Selecione uma mensagem para ver os detalhes')).not.toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('id')).toBe('12');
    expect(new URLSearchParams(router.state.location.search).get('key')).toBe('k3y-abc');
    await waitFor(() => expect(callsTo(http.calls, '/message/messages-list')).toHaveLength(2));
    await waitFor(() => expect(callsTo(http.calls, '/message/messages-count')).toHaveLength(2));
  });

  it('opens the message the URL names (the notification email link)', async () => {
    http = server();
    open(`${PATH}?id=12&key=k3y-abc`);
    const pane = await screen.findByTestId('message-detail');
    expect(within(pane).getByTestId('message-text')).toHaveTextContent('Podem me ligar amanhã?');
    expect(http.calls.find((c) => c.url.startsWith('/message/message-open/'))).toMatchObject({ method: 'POST', url: '/message/message-open/12/k3y-abc' });
  });

  it('asks before archiving, sends it after OK, and then offers to unarchive', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open(`${PATH}?id=12&key=k3y-abc`);
    const pane = await screen.findByTestId('message-detail');
    await user.click(within(pane).getByRole('button', { name: /Arquivar/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deseja arquivar esta mensagem?')).toBeInTheDocument();
    expect(http.calls.some((c) => c.method === 'PUT')).toBe(false);
    await waitFor(() => expect(callsTo(http.calls, '/message/messages-count').length).toBeGreaterThan(0));
    const countsBefore = callsTo(http.calls, '/message/messages-count').length;
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() =>
      expect(http.calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/message/message-archive/12/k3y-abc', body: { archived: true } }),
    );
    expect(await within(pane).findByRole('button', { name: /Desarquivar/ })).toBeInTheDocument();
    expect(await screen.findByText('Mensagem arquivada.')).toBeInTheDocument();
    // the counters (the menu badge's too) are asked again
    await waitFor(() => expect(callsTo(http.calls, '/message/messages-count').length).toBeGreaterThan(countsBefore));
  });

  it('deletes only after confirmation and then shows the empty detail pane again', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = open(`${PATH}?id=12&key=k3y-abc`);
    const pane = await screen.findByTestId('message-detail');
    await user.click(within(pane).getByRole('button', { name: /Excluir/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deseja excluir esta mensagem? Esta ação não pode ser desfeita.')).toBeInTheDocument();
    expect(http.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(http.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/message/message/12/k3y-abc']));
    expect(await screen.findByText('Selecione uma mensagem para ver os detalhes')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(http.calls.filter((c) => c.url.startsWith('/message/message-open/'))).toHaveLength(1);
  });

  it('marks a message unread and leaves it, without opening it again', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open(`${PATH}?id=12&key=k3y-abc`);
    const pane = await screen.findByTestId('message-detail');
    await user.click(within(pane).getByRole('button', { name: /Marcar como não lida/ }));
    await waitFor(() => expect(http.calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/message/message-read/12/k3y-abc', body: { read: false } }));
    expect(await screen.findByText('Selecione uma mensagem para ver os detalhes')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.url.startsWith('/message/message-open/'))).toHaveLength(1);
  });

  it('posts a reply and shows it in the thread with its delivery state', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open(`${PATH}?id=12&key=k3y-abc`);
    const pane = await screen.findByTestId('message-detail');
    expect(within(pane).getByText('Nenhuma resposta ainda.')).toBeInTheDocument();
    const send = within(pane).getByRole('button', { name: /Enviar/ });
    expect(send).toBeDisabled();

    const box = within(pane).getByLabelText('Responder para carla@empresa.com.br');
    await user.click(box);
    await user.paste('  Olá, Carla! Ligamos amanhã às 10h.  ');
    await user.click(send);

    await waitFor(() =>
      expect(http.calls.find((c) => c.url.startsWith('/message/message-reply/'))).toMatchObject({
        method: 'POST',
        url: '/message/message-reply/12/k3y-abc',
        body: { body: 'Olá, Carla! Ligamos amanhã às 10h.' },
      }),
    );
    const thread = await within(pane).findByTestId('message-replies');
    expect(within(thread).getByText('Olá, Carla! Ligamos amanhã às 10h.')).toBeInTheDocument();
    expect(within(thread).getByText('Ana Souza')).toBeInTheDocument();
    expect(within(thread).getByText('Na fila')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('shows the empty state, and a failed list with Retry', async () => {
    let fail = true;
    http = server({
      items: [],
      list: () => (fail ? { status: 500, data: { error: true, statusCode: 500, code: 'INTERNAL_ERROR', message: 'Boom' } } : ok({ items: [], total: 0, page: 1, limit: 20 })),
    });
    const user = userEvent.setup({ delay: null });
    open();
    const error = await screen.findByTestId('messages-error');
    expect(within(error).getByText('Não foi possível carregar as mensagens.')).toBeInTheDocument();
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('messages-empty')).toHaveTextContent('Nenhuma mensagem');
  });
});

import '../../../testing/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { DigestDelivery, DigestSendStates, DigestSettingsValue } from '@vitrine/contracts';
import { makeDigestSend } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { choose } from '../../../testing/antd';
import { SENDING_POLL_MS } from '../api/get-digests';
import { LeadsPage } from './leads-page';

const done = makeDigestSend({ sent: 116, failed: 2, states: { queued: 0, sending: 0, sent: 116, stored: 0, deferred: 0, failed: 1, bounced: 1, skipped: 2 } });
const sending = makeDigestSend({
  id: 4,
  week: '2026-W03',
  status: 'sending',
  subject: 'Resumo da semana: 2 artigos novos',
  articles: 2,
  total: 100,
  sent: 40,
  failed: 0,
  queued: 60,
  finished_at: null,
  states: { queued: 59, sending: 0, sent: 40, stored: 0, deferred: 1, failed: 0, bounced: 0, skipped: 0 },
});
const delivery = (overrides: Partial<DigestDelivery>): DigestDelivery => ({
  id: 1,
  email: 'ana@cliente.com',
  status: 'sent',
  attempts: 1,
  last_error: null,
  skip_reason: null,
  next_attempt_at: null,
  sent_at: '2026-01-12T12:01:00.000Z',
  ...overrides,
});
/** The deliveries of week 2026-W02 (done), and of 2026-W03 (sending: one deferred). */
const deliveries: Record<number, DigestDelivery[]> = {
  3: [
    delivery({ id: 1 }),
    delivery({ id: 2, email: 'joao@cliente.com', status: 'bounced', last_error: '550 5.1.1 <joao@cliente.com>: Recipient address rejected', sent_at: null }),
    delivery({ id: 3, email: 'maria@cliente.com', status: 'failed', attempts: 5, last_error: '421 4.7.0 Try again later', sent_at: null }),
    delivery({ id: 4, email: 'rui@cliente.com', status: 'skipped', attempts: 0, skip_reason: 'unsubscribed', sent_at: null }),
  ],
  4: [delivery({ id: 9, email: 'lia@cliente.com', status: 'deferred', last_error: '451 4.3.0 Mailbox busy', next_attempt_at: '2026-01-19T12:00:30.000Z', sent_at: null })],
};
const settings: DigestSettingsValue = { day: 1, hour: 9, timeZone: 'America/Sao_Paulo', ratePerSecond: 10 };
const html = '<html><body><h1>Resumo da semana</h1><script>alert(1)</script></body></html>';

function server(options: { digests?: () => DigestSendStates[]; settings?: (body: DigestSettingsValue) => HttpReply } = {}) {
  return mockHttp((call: HttpCall) => {
    if (call.url === '/newsletter/digests') return ok(options.digests?.() ?? [done]);
    const deliveriesOf = /^\/newsletter\/digests\/(\d+)\/deliveries$/.exec(call.url);
    if (deliveriesOf) {
      const { status } = (call.params ?? {}) as { status?: string };
      const items = (deliveries[Number(deliveriesOf[1])] ?? []).filter((d) => !status || d.status === status);
      return ok({ items, total: items.length, page: 1, limit: 20 });
    }
    if (call.url === '/newsletter/digest-preview') return ok({ subject: 'Resumo da semana: 3 artigos novos', html, articles: 3, recipients: 118 });
    if (call.url === '/newsletter/digest-test') return { status: 200, data: { message: 'Test digest sent' } };
    if (call.url === '/newsletter/settings' && call.method === 'GET') return ok(settings);
    if (call.url === '/newsletter/settings' && call.method === 'PUT') {
      return options.settings?.(call.body as DigestSettingsValue) ?? { status: 200, data: { data: call.body, message: 'Settings saved' } };
    }
    if (call.url === '/lead/unsubscribe-reasons') {
      return ok([
        { reason: 'too-frequent', count: 6 },
        { reason: 'one-click', count: 3 },
        { reason: 'other', count: 1 },
      ]);
    }
    if (call.url === '/lead/leads-list') return ok({ items: [], total: 0, page: 1, limit: 10 });
    if (call.url === '/message/spam-guard') {
      return ok({
        days: 30,
        counts: [
          { form: 'contact', reason: 'honeypot', count: 4 },
          { form: 'newsletter', reason: 'honeypot', count: 0 },
          { form: 'newsletter', reason: 'too-fast', count: 3 },
        ],
      });
    }
    return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
  });
}

const PATH = '/admin/list-leads';
const open = (entry = `${PATH}?tab=newsletter`) => renderPage(PATH, <LeadsPage />, entry);
const callsTo = (calls: HttpCall[], url: string) => calls.filter((c) => c.url === url);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('list-leads: the newsletter tab', () => {
  let http: ReturnType<typeof server>;
  afterEach(() => {
    http.restore();
    jest.useRealTimers();
  });

  it('is a tab kept in the URL', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = open(PATH);
    await screen.findByTestId('leads-tab');
    expect(callsTo(http.calls, '/newsletter/digests')).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: 'Newsletter' }));
    expect(await screen.findByText('2026-W02')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=newsletter');
  });

  it('says how many sign-ups the spam guard doubted lately, and that they were mailed their link like any', async () => {
    http = server();
    open();
    expect(await screen.findByTestId('spam-guard-newsletter')).toHaveTextContent(
      'Filtro antispam, últimos 30 dias: 3 inscrições duvidosas, que receberam o link de confirmação como as outras (enviada rápido demais: 3)',
    );
  });

  it('lists the weekly sends with their progress, live every 3 s while one is sending', async () => {
    // The polling runs on jest's clock: the test moves it 3 s at a time instead of waiting.
    jest.useFakeTimers();
    let polls = 0;
    http = server({ digests: () => (++polls === 1 ? [sending, done] : [{ ...sending, status: 'done', sent: 100, queued: 0 }, done]) });
    open();
    const live = await screen.findByText('Resumo da semana: 2 artigos novos');
    const row = live.closest('tr')!;
    expect(within(row).getByText('Enviando')).toBeInTheDocument();
    expect(within(row).getByText('2 artigos')).toBeInTheDocument();
    const bar = within(row).getByRole('progressbar', { name: 'Entregas da semana 2026-W03' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(row).getByText('40/100')).toBeInTheDocument();
    expect(within(row).getByText('40 enviados · 0 com falha · 60 na fila')).toBeInTheDocument();
    expect(screen.getByText('Atualizando ao vivo')).toBeInTheDocument();

    const finished = rowOf('2026-W02');
    expect(within(finished).getByText('Concluído')).toBeInTheDocument();
    expect(within(finished).getByText('116/120')).toBeInTheDocument();
    expect(within(finished).getByRole('button', { name: /Falhas \(2\)/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Falhas/ })).not.toBeInTheDocument();

    // asked again after 3 s; once nothing is sending, the polling stops
    expect(polls).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(SENDING_POLL_MS));
    await waitFor(() => expect(within(rowOf('2026-W03')).getByText('100/100')).toBeInTheDocument());
    expect(polls).toBe(2);
    expect(within(rowOf('2026-W03')).getByText('Concluído')).toBeInTheDocument();
    expect(screen.queryByText('Atualizando ao vivo')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(3 * SENDING_POLL_MS));
    expect(polls).toBe(2);
  });

  it("opens a send's deliveries on its failures, with the SMTP server's answer or why one was skipped, filtered by state", async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('2026-W02');
    expect(within(rowOf('2026-W02')).getByText('0 adiados · 1 devolvidos · 2 pulados')).toBeInTheDocument();
    await user.click(within(rowOf('2026-W02')).getByRole('button', { name: /Falhas \(2\)/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Entregas da semana 2026-W02')).toBeInTheDocument();
    const list = await within(drawer).findByTestId('digest-deliveries');
    const joao = within(list).getByText('joao@cliente.com').closest('li')!;
    expect(within(joao).getByText('Devolvido')).toBeInTheDocument();
    expect(within(joao).getByText('550 5.1.1 <joao@cliente.com>: Recipient address rejected')).toBeInTheDocument();
    const maria = within(list).getByText('maria@cliente.com').closest('li')!;
    expect(within(maria).getByText('Com falha')).toBeInTheDocument();
    expect(within(maria).getByText('5 tentativas')).toBeInTheDocument();
    expect(within(within(list).getByText('rui@cliente.com').closest('li')!).getByText('Pulado: cancelou a inscrição antes da sua vez.')).toBeInTheDocument();
    expect(callsTo(http.calls, '/newsletter/digests/3/deliveries')[0]!.params).toEqual({ page: 1, limit: 20 });

    // The filter offers each state the send has, with its count.
    await choose(user, within(drawer).getByLabelText('Mostrar'), 'Devolvido (1)');
    await waitFor(() => expect(within(drawer).queryByText('maria@cliente.com')).not.toBeInTheDocument());
    expect(within(drawer).getByText('joao@cliente.com')).toBeInTheDocument();
    expect(callsTo(http.calls, '/newsletter/digests/3/deliveries').at(-1)!.params).toEqual({ status: 'bounced', page: 1, limit: 20 });
  });

  it('shows a deferred delivery of a send under way with the answer it got and when it is tried again', async () => {
    http = server({ digests: () => [sending, done] });
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('2026-W03');
    expect(within(rowOf('2026-W03')).getByText('1 adiados · 0 devolvidos · 0 pulados')).toBeInTheDocument();
    await user.click(within(rowOf('2026-W03')).getByRole('button', { name: /Destinatários/ }));
    const drawer = await screen.findByRole('dialog');
    const lia = (await within(drawer).findByText('lia@cliente.com')).closest('li')!;
    expect(within(lia).getByText('Adiado')).toBeInTheDocument();
    expect(within(lia).getByText('451 4.3.0 Mailbox busy')).toBeInTheDocument();
    expect(within(lia).getByText(/^Nova tentativa em 19\/01\/2026/)).toBeInTheDocument();
  });

  it('previews the next digest in a sandboxed frame and sends a test to the signed-in user', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('2026-W02');
    await user.click(screen.getByRole('button', { name: /Pré-visualizar próximo resumo/ }));
    const dialog = await screen.findByRole('dialog');
    const preview = await within(dialog).findByTestId('digest-preview');
    expect(within(preview).getByText('Resumo da semana: 3 artigos novos')).toBeInTheDocument();
    expect(within(preview).getByText('118')).toBeInTheDocument();
    const frame = within(preview).getByTitle('Conteúdo do e-mail');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', html);

    await user.click(within(dialog).getByRole('button', { name: /Enviar um teste para mim/ }));
    await waitFor(() => expect(callsTo(http.calls, '/newsletter/digest-test')).toEqual([expect.objectContaining({ method: 'POST' })]));
    expect(await screen.findByText('Teste enviado para o seu e-mail.')).toBeInTheDocument();
  });

  it("saves the schedule, showing the server's field error on an unknown time zone", async () => {
    http = server({
      settings: (body) =>
        body.timeZone === 'America/Sao_Paulo'
          ? { status: 200, data: { data: body, message: 'Settings saved' } }
          : {
              status: 400,
              data: {
                error: true,
                statusCode: 400,
                code: 'VALIDATION_ERROR',
                message: 'Validation failed',
                errors: [{ property: 'timeZone', message: { isTimeZone: 'timeZone must be an IANA time zone such as America/Sao_Paulo' } }],
              },
            },
    });
    const user = userEvent.setup({ delay: null });
    open();
    const form = await screen.findByTestId('digest-settings');
    expect(within(form).getByTitle('Segunda-feira')).toBeInTheDocument();
    expect(within(form).getByTitle('09:00')).toBeInTheDocument();

    await choose(user, within(form).getByLabelText('Dia da semana'), 'Sexta-feira');
    const zone = within(form).getByLabelText('Fuso horário');
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    const rate = within(form).getByLabelText('E-mails por segundo');
    await user.clear(rate);
    await user.type(rate, '25');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(callsTo(http.calls, '/newsletter/settings').find((c) => c.method === 'PUT')!.body).toEqual({ day: 5, hour: 9, timeZone: 'Mars/Olympus', ratePerSecond: 25 }),
    );
    expect(await within(form).findByText('Fuso horário desconhecido. Use um nome como America/Sao_Paulo.')).toBeInTheDocument();
    expect(screen.queryByText('Agendamento salvo.')).not.toBeInTheDocument();

    await user.clear(zone);
    await user.type(zone, 'America/Sao_Paulo');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Agendamento salvo.')).toBeInTheDocument();
    expect(callsTo(http.calls, '/newsletter/settings').filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({
      day: 5,
      hour: 9,
      timeZone: 'America/Sao_Paulo',
      ratePerSecond: 25,
    });
    await waitFor(() => expect(within(form).queryByText('Fuso horário desconhecido. Use um nome como America/Sao_Paulo.')).not.toBeInTheDocument());
  });

  it('sums up why subscribers left in the last 30 days, in words', async () => {
    http = server();
    open();
    const reasons = await screen.findByTestId('unsubscribe-reasons');
    expect(callsTo(http.calls, '/lead/unsubscribe-reasons')[0]!.params).toEqual({
      from: dayjs().subtract(29, 'day').format('YYYY-MM-DD'),
      to: dayjs().format('YYYY-MM-DD'),
    });
    const items = within(reasons).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Recebe e-mails demais6', 'Cancelou com um clique (no programa de e-mail)3', 'Outro motivo1']);
    expect(screen.getByText('10 cancelamentos no período')).toBeInTheDocument();
    expect(within(reasons).getByRole('progressbar', { name: 'Recebe e-mails demais' })).toHaveAttribute('aria-valuenow', '60');
  });
});

import '../../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointBodyInput } from '@vitrine/contracts';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS } from '@vitrine/contracts/schemas';
import { formatDateTime } from '@vitrine/utils';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../../testing/mock-http';
import { currentUrl, renderPage } from '../../../../testing/render';
import { SettingsPage } from '../../components/settings-page';
import { ENDPOINT_LIMITS, EVENT_LIST } from '../webhooks-view';

const crm: WebhookEndpoint = {
  id: 1,
  unique_key: 'k1',
  url: 'https://crm.example.com/hooks/vitrine',
  description: 'CRM de vendas',
  events: ['lead.created', 'lead.updated'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_until: null,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
};
/** Turned off by the server: every delivery failed for a day. */
const helpdesk: WebhookEndpoint = {
  ...crm,
  id: 2,
  unique_key: 'k2',
  url: 'https://helpdesk.example.com/in',
  description: '',
  events: ['message.received'],
  enabled: false,
  disabled_reason: 'failing',
  failing_since: '2026-11-20T09:30:00.000Z',
};

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const LONG_ANSWER = `<!doctype html><html><head><title>502 Bad Gateway</title></head><body>${'upstream unavailable '.repeat(12)}</body></html>`;

const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: '10',
  webhook_id: 'msg_a',
  event: 'lead.created',
  status: 'delivered',
  attempts: 1,
  status_code: 200,
  response: 'ok',
  last_attempt_at: '2026-11-21T10:00:00.000Z',
  next_attempt_at: null,
  delivered_at: '2026-11-21T10:00:00.000Z',
  created_at: '2026-11-21T10:00:00.000Z',
  ...overrides,
});
const pending = delivery({
  id: '11',
  webhook_id: 'msg_b',
  event: 'lead.updated',
  status: 'pending',
  attempts: 3,
  status_code: 502,
  response: LONG_ANSWER,
  next_attempt_at: '2026-11-21T11:00:00.000Z',
  delivered_at: null,
});

const validation = (constraint: string, text: string): HttpReply => ({
  status: 400,
  data: { error: true, statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', errors: [{ property: 'url', message: { [constraint]: text } }] },
});

/** The API as built: the endpoints (never a secret), a created endpoint with its secret once, PUT answering what it keeps. */
function server(options: { endpoints?: WebhookEndpoint[]; create?: (body: WebhookEndpointBodyInput) => HttpReply | undefined; test?: () => HttpReply; deliveries?: WebhookDelivery[] } = {}) {
  let endpoints = [...(options.endpoints ?? [crm, helpdesk])];
  return mockHttp((call: HttpCall) => {
    const body = call.body as WebhookEndpointBodyInput;
    if (call.url === '/webhook/endpoints' && call.method === 'GET') return ok(endpoints);
    if (call.url === '/webhook/endpoint' && call.method === 'POST') {
      const refused = options.create?.(body);
      if (refused) return refused;
      const created: WebhookEndpoint = { ...crm, id: 3, unique_key: 'k3', description: '', ...body, enabled: body.enabled ?? true };
      endpoints = [...endpoints, created];
      return { status: 201, data: { data: { endpoint: created, secret: SECRET } } };
    }
    const put = /^\/webhook\/endpoint\/(\d+)\/(\w+)$/.exec(call.url);
    if (put && call.method === 'PUT') {
      const saved = endpoints.find((e) => e.id === Number(put[1]))!;
      const kept: WebhookEndpoint = { ...saved, ...body, enabled: body.enabled ?? true, disabled_reason: body.enabled ? null : saved.disabled_reason, failing_since: body.enabled ? null : saved.failing_since };
      endpoints = endpoints.map((e) => (e.id === kept.id ? kept : e));
      return ok(kept);
    }
    if (put && call.method === 'DELETE') {
      endpoints = endpoints.filter((e) => e.id !== Number(put[1]));
      return { status: 200, data: { message: 'Webhook endpoint deleted' } };
    }
    if (call.url === '/webhook/endpoint-rotate-secret/1/k1') {
      const rotated = { ...crm, previous_secret_until: '2026-11-22T12:00:00.000Z' };
      endpoints = endpoints.map((e) => (e.id === 1 ? rotated : e));
      return ok({ endpoint: rotated, secret: 'whsec_NewSecretAfterRotation' });
    }
    if (call.url === '/webhook/endpoint-test/1/k1') return options.test?.() ?? ok(delivery({ id: '12', event: 'webhook.test' }));
    if (call.url === '/webhook/deliveries/1/k1') return ok(options.deliveries ?? [pending, delivery({})]);
    if (call.url === '/webhook/delivery-retry/11') return ok({ ...pending, status: 'delivered', attempts: 4, status_code: 204, response: '', delivered_at: '2026-11-21T10:30:00.000Z', last_attempt_at: '2026-11-21T10:30:00.000Z', next_attempt_at: null });
    return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
  });
}

const PATH = '/admin/settings';
const open = () => renderPage(PATH, <SettingsPage />, `${PATH}?tab=webhooks`);
const rows = () => screen.findAllByTestId('webhook-endpoint');
const rowOf = async (url: string) => (await rows()).find((row) => within(row).queryByText(url))!;
const form = () => screen.getByTestId('webhook-form');
const errorOf = (input: HTMLElement) => input.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error');
const posts = (calls: HttpCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

describe('settings, webhooks tab', () => {
  let http: ReturnType<typeof server>;
  afterEach(() => http.restore());

  it('lists every event the API knows, within its limits', () => {
    http = server();
    expect(EVENT_LIST).toEqual([...WEBHOOK_EVENTS]);
    expect(ENDPOINT_LIMITS).toEqual(WEBHOOK_LIMITS);
  });

  it('opens from ?tab=webhooks and lists each endpoint with its events and state; one the server turned off says so and turns on again', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    expect(await screen.findByRole('tab', { name: 'Webhooks', selected: true })).toBeInTheDocument();
    const row = await rowOf(crm.url);
    expect(within(row).getByText('CRM de vendas')).toBeInTheDocument();
    expect(within(row).getByText('Novo lead')).toBeInTheDocument();
    expect(within(row).getByText('Lead alterado')).toBeInTheDocument();
    expect(within(row).getByTestId('webhook-state')).toHaveTextContent('Ativo');
    expect(within(row).getByRole('switch', { name: 'Enviar eventos para este endpoint' })).toBeChecked();

    const off = await rowOf(helpdesk.url);
    const state = within(off).getByTestId('webhook-state');
    expect(state).toHaveTextContent('Desligado pelo servidor: todas as entregas falharam por um dia');
    expect(state).toHaveTextContent(`Falhando desde ${formatDateTime(helpdesk.failing_since, 'pt-BR')}`);
    expect(within(off).getByRole('switch')).not.toBeChecked();

    await user.click(within(state).getByRole('button', { name: 'Ligar de novo' }));
    await waitFor(() => expect(within(off).getByTestId('webhook-state')).toHaveTextContent('Ativo'));
    const put = http.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/webhook/endpoint/2/k2');
    expect(put.body).toEqual({ url: helpdesk.url, description: '', events: ['message.received'], enabled: true });
    expect(currentUrl(router)).toBe('/admin/settings?tab=webhooks');
  });

  it('explains what webhooks are for when there is none', async () => {
    http = server({ endpoints: [] });
    open();
    const empty = await screen.findByTestId('webhooks-empty');
    expect(empty).toHaveTextContent('Nenhum endpoint de webhook ainda');
    expect(empty).toHaveTextContent('CRM');
    expect(empty).toHaveTextContent('help desk');
    expect(within(empty).getByRole('button', { name: /Adicionar endpoint/ })).toBeInTheDocument();
  });

  it('adds an endpoint and shows its secret once, with how to check a signature', async () => {
    http = server({ endpoints: [] });
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(within(await screen.findByTestId('webhooks-empty')).getByRole('button', { name: /Adicionar endpoint/ }));
    const f = form();
    await user.type(within(f).getByLabelText('URL do endpoint'), ' https://hooks.example.com/vitrine ');
    await user.type(within(f).getByLabelText('Descrição'), 'Chat da equipe');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    // No event chosen: said on the field, nothing sent.
    await waitFor(() => expect(within(f).getByText('Escolha pelo menos um evento')).toBeInTheDocument());
    await user.click(within(f).getByRole('checkbox', { name: /Artigo publicado/ }));
    await user.click(within(f).getByRole('checkbox', { name: /Novo lead/ }));
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));

    const dialog = await screen.findByTestId('webhook-secret-dialog');
    // In the list's order, trimmed.
    expect(posts(http.calls, '/webhook/endpoint')[0]!.body).toEqual({ url: 'https://hooks.example.com/vitrine', description: 'Chat da equipe', events: ['lead.created', 'article.published'], enabled: true });
    expect(within(dialog).getByTestId('webhook-secret')).toHaveTextContent(SECRET);
    expect(dialog).toHaveTextContent('ele não é mostrado de novo');
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) expect(within(dialog).getByText(header)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Copiar o segredo/ }));
    expect(await screen.findByText('Segredo copiado.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
    const row = await rowOf('https://hooks.example.com/vitrine');
    expect(within(row).getByText('Artigo publicado')).toBeInTheDocument();
    // The list never holds the secret again.
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it("checks the URL before sending and shows the API's refusals on the field, translated", async () => {
    let refusal = validation('isPublicAddress', 'webhook URL resolves to a non-public address (10.0.0.5)');
    http = server({ create: () => refusal });
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(await screen.findByRole('button', { name: /Adicionar endpoint/ }));
    const f = form();
    const url = within(f).getByLabelText('URL do endpoint');
    await user.type(url, 'ftp://files.example.com');
    await user.click(within(f).getByRole('checkbox', { name: /Mensagem recebida/ }));
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(errorOf(url)).toHaveTextContent('Informe um endereço começando com https:// ou http://'));
    await user.clear(url);
    await user.type(url, 'https://user:secret@crm.example.com/in');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(errorOf(url)).toHaveTextContent('Tire o usuário e a senha do endereço'));
    expect(posts(http.calls, '/webhook/endpoint')).toEqual([]);

    await user.clear(url);
    await user.type(url, 'https://intranet.example.com/in');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(errorOf(url)).toHaveTextContent('Este endereço é de uma rede privada ou interna, o que é recusado'));
    refusal = validation('resolves', 'webhook URL host does not resolve');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(errorOf(url)).toHaveTextContent('Este nome de domínio não foi encontrado: confira o endereço'));
    expect(posts(http.calls, '/webhook/endpoint')).toHaveLength(2);
    expect(screen.queryByTestId('webhook-secret-dialog')).not.toBeInTheDocument();
  });

  it('sends a test event and says what came back: the status code, or why there was no answer', async () => {
    let answer: HttpReply = ok(delivery({ id: '12', event: 'webhook.test', status_code: 200 }));
    http = server({ test: () => answer });
    const user = userEvent.setup({ delay: null });
    open();
    const row = await rowOf(crm.url);
    await user.click(within(row).getByRole('button', { name: /Enviar evento de teste/ }));
    expect(await screen.findByText('Evento de teste enviado. Entregue: o endpoint respondeu HTTP 200.')).toBeInTheDocument();

    answer = ok(delivery({ id: '13', event: 'webhook.test', status: 'pending', status_code: null, response: 'timed out after 10000 ms', delivered_at: null, next_attempt_at: '2026-11-21T10:00:30.000Z' }));
    await user.click(within(row).getByRole('button', { name: /Enviar evento de teste/ }));
    expect(await screen.findByText('Evento de teste enviado. Não entregue: o endpoint não respondeu a tempo.')).toBeInTheDocument();

    answer = ok(delivery({ id: '14', event: 'webhook.test', status: 'pending', status_code: null, response: 'no answer: ECONNREFUSED', delivered_at: null }));
    await user.click(within(row).getByRole('button', { name: /Enviar evento de teste/ }));
    expect(await screen.findByText('Evento de teste enviado. Não entregue: a conexão falhou (ECONNREFUSED).')).toBeInTheDocument();
    expect(posts(http.calls, '/webhook/endpoint-test/1/k1')).toHaveLength(3);
  });

  it("lists an endpoint's deliveries and sends one again, updating its row", async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(within(await rowOf(crm.url)).getByRole('button', { name: /Entregas/ }));
    const list = await screen.findByTestId('webhook-deliveries');
    const [first, second] = within(list).getAllByTestId('webhook-delivery');
    expect(first).toHaveTextContent('Lead alterado');
    expect(within(first!).getByTestId('delivery-status')).toHaveTextContent('Pendente');
    expect(within(first!).getByTestId('delivery-attempts')).toHaveTextContent('3');
    expect(within(first!).getByTestId('delivery-answer')).toHaveTextContent('HTTP 502');
    expect(first).toHaveTextContent(`Próxima tentativa${formatDateTime(pending.next_attempt_at, 'pt-BR')}`);
    // The answer's first bytes, cut, then whole on request.
    const response = within(first!).getByTestId('delivery-response');
    expect(response.textContent).toBe(`${LONG_ANSWER.slice(0, 120)}…`);
    await user.click(within(first!).getByRole('button', { name: 'Mostrar tudo' }));
    expect(response.textContent).toBe(LONG_ANSWER);
    expect(within(second!).getByTestId('delivery-status')).toHaveTextContent('Entregue');
    expect(second).not.toHaveTextContent('Próxima tentativa');

    await user.click(within(first!).getByRole('button', { name: /Enviar de novo/ }));
    await waitFor(() => expect(within(first!).getByTestId('delivery-status')).toHaveTextContent('Entregue'));
    expect(within(first!).getByTestId('delivery-attempts')).toHaveTextContent('4');
    expect(within(first!).getByTestId('delivery-answer')).toHaveTextContent('HTTP 204');
    expect(first).not.toHaveTextContent('Próxima tentativa');
    expect(await screen.findByText('Entrega enviada de novo. Entregue: o endpoint respondeu HTTP 204.')).toBeInTheDocument();
    expect(posts(http.calls, '/webhook/delivery-retry/11')).toHaveLength(1);
  });

  it('rotates the secret after confirmation (both sign until a date) and deletes an endpoint after confirmation', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(within(await rowOf(crm.url)).getByRole('button', { name: /Trocar o segredo/ }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    const dialog = await screen.findByTestId('webhook-secret-dialog');
    expect(within(dialog).getByTestId('webhook-secret')).toHaveTextContent('whsec_NewSecretAfterRotation');
    expect(within(dialog).getByTestId('webhook-rotation')).toHaveTextContent(`Até ${formatDateTime('2026-11-22T12:00:00.000Z', 'pt-BR')}`);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(within(await rowOf(crm.url)).getByTestId('webhook-rotation-note')).toBeInTheDocument();

    await user.click(within(await rowOf(helpdesk.url)).getByRole('button', { name: /Excluir/ }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText(helpdesk.url)).not.toBeInTheDocument());
    expect(http.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/webhook/endpoint/2/k2']);
  });
});

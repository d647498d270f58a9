import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PUBLIC_ROUTES, type NewsletterSubscription, type PostedForm, type RouteData } from '@vitrine/contracts';
import { I18nextProvider, i18n, setLanguage } from '@vitrine/core';
import type { PublicHttp } from '../../api/public-content';
import { serverRoute } from '../../lib/route';
import { site } from '../../testing/fixtures';
import { mockHttp, ok, renderPage, type HttpCall, type HttpReply } from '../../testing/render';
import { unsubscribeRoute } from './route';
import { UnsubscribePage } from './unsubscribe-page';

const route = serverRoute(unsubscribeRoute, UnsubscribePage);
const PATH = PUBLIC_ROUTES['unsubscribe-newsletter'];
const KEY = 'k3y_Ab-9';
const PAGE = `/unsubscribe-newsletter/${KEY}/42`;
const API_REF = `42/${KEY}`;

const active: NewsletterSubscription = { email: 'jo•••@cliente.com.br', state: 'active' };

/**
 * What the server's loaders are answered (an unknown subscription: 404), and the URLs they asked about the
 * subscription (the site's settings, which every public page loads, are answered apart).
 */
function serverHttp(answer: NewsletterSubscription | 'unknown' | 'down'): PublicHttp & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    async get<T>(url: string) {
      if (url === '/public/site') return { data: { data: site } as T };
      urls.push(url);
      if (answer === 'unknown') throw Object.assign(new Error('not found'), { response: { status: 404 } });
      if (answer === 'down') throw Object.assign(new Error('down'), { response: { status: 503 } });
      return { data: { data: answer } as T };
    },
  };
}

/** The route's data for `url` as the server (or the router, on a navigation) loads it; with a form the server answered. */
async function loaded(url: string, http: PublicHttp, form?: PostedForm): Promise<RouteData> {
  const { pathname, searchParams } = new URL(url, 'https://www.example.com');
  const [, , uniqueKey, id] = pathname.split('/');
  return route.load({ params: { uniqueKey, id }, search: searchParams, http, ...(form ? { form } : {}) });
}

/** The page rendered from the route's data, as hydration does; the browser's requests are answered by `reply`. */
async function open(
  url: string,
  answer: NewsletterSubscription | 'unknown' | 'down',
  reply: (call: HttpCall) => HttpReply | Promise<HttpReply> = () => ({ status: 204 }),
  form?: PostedForm,
) {
  const data = await loaded(url, serverHttp(answer), form);
  const mock = mockHttp(reply);
  const Page = () => <route.Component data={data} />;
  return { ...renderPage(Page, PATH, url), mock, data };
}

const posts = (calls: HttpCall[]) => calls.filter((call) => call.method === 'POST');
const refused = (status: number, code: string, headers?: Record<string, string>): HttpReply => ({
  status,
  headers,
  data: { error: true, statusCode: status, code, message: 'refused' },
});
const unsubscribeButton = () => screen.getByRole('button', { name: 'Cancelar inscrição' });

describe('UnsubscribePage', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => setLanguage('pt-BR'));
  afterEach(() => restore());

  it('renders an active subscription from the route data, with no request: the masked email and the reasons', async () => {
    const http = serverHttp(active);
    const data = await loaded(PAGE, http);
    expect(http.urls).toEqual([`/public/newsletter/subscription/${API_REF}`]);
    expect(data.status).toBe(200);

    const mock = mockHttp(() => ({ status: 204 }));
    restore = mock.restore;
    renderPage(() => <route.Component data={data} />, PATH, PAGE);
    expect(screen.getByRole('heading', { level: 1, name: 'Sua inscrição na newsletter' })).toBeInTheDocument();
    expect(screen.getByText('E-mail inscrito: jo•••@cliente.com.br')).toBeInTheDocument();
    const reasons = screen.getByRole('group', { name: 'Por que você quer sair?' });
    expect(within(reasons).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['too-frequent', 'not-relevant', 'never-subscribed', 'other']);
    expect(within(reasons).getByRole('radio', { name: 'Recebo e-mails demais' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Quer contar mais? (opcional)' })).toHaveAttribute('maxlength', '500');
    expect(mock.calls).toEqual([]);
  });

  it('renders on the server with the subscription (no loading state)', async () => {
    const data = await loaded(PAGE, serverHttp(active));
    const router = createMemoryRouter([{ path: PATH, element: <route.Component data={data} /> }], { initialEntries: [PAGE] });
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(html).toContain('jo•••@cliente.com.br');
    expect(html).toContain('value="never-subscribed"');
    expect(html).not.toContain('aria-busy');
  });

  it('requires a reason: says so on the group, focuses the first choice and posts nothing', async () => {
    const { mock } = await open(PAGE, active);
    restore = mock.restore;
    const user = userEvent.setup();
    await user.click(unsubscribeButton());

    expect(screen.getByText('Escolha um motivo.')).toHaveAttribute('role', 'alert');
    const first = screen.getByRole('radio', { name: 'Recebo e-mails demais' });
    expect(first).toHaveFocus();
    for (const radio of screen.getAllByRole('radio')) {
      expect(radio).toHaveAttribute('aria-invalid', 'true');
      expect(radio).toHaveAccessibleDescription('Escolha um motivo.');
    }
    await user.click(screen.getByRole('radio', { name: 'Não me inscrevi' }));
    expect(screen.queryByText('Escolha um motivo.')).toBeNull();
    expect(posts(mock.calls)).toEqual([]);
  });

  it('unsubscribes with the reason and details, says so, then subscribes again on request', async () => {
    let answer: (reply: HttpReply) => void = () => undefined;
    const { mock } = await open(PAGE, active, (call) => (call.url.includes('/unsubscribe/') ? new Promise<HttpReply>((resolve) => (answer = resolve)) : { status: 202, data: { message: 'sent' } }));
    restore = mock.restore;
    const user = userEvent.setup();

    await user.click(screen.getByRole('radio', { name: 'Outro motivo' }));
    await user.type(screen.getByRole('textbox', { name: 'Quer contar mais? (opcional)' }), '  Mudei de área. ');
    await user.click(unsubscribeButton());
    expect(await screen.findByRole('button', { name: 'Cancelando…' })).toBeDisabled();
    expect(posts(mock.calls)).toEqual([expect.objectContaining({ url: `/public/newsletter/unsubscribe/${API_REF}`, body: { reason: 'other', details: 'Mudei de área.' } })]);

    await act(async () => answer({ status: 200, data: { message: 'You have been unsubscribed from the newsletter' } }));
    const done = await screen.findByText('Pronto, você saiu da newsletter.');
    expect(done.closest('.vt-notice')).toHaveFocus();
    expect(screen.queryByRole('radio')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Inscrever-me novamente' }));
    const resent = await screen.findByText('Enviamos um novo link de confirmação para seu e-mail.');
    expect(resent.closest('.vt-notice')).toHaveFocus();
    expect(posts(mock.calls)[1]).toMatchObject({ url: `/public/newsletter/resubscribe/${API_REF}`, params: { lang: 'pt-BR' }, body: undefined });
  });

  it('sends no details when none were written', async () => {
    const { mock } = await open(PAGE, active, () => ({ status: 200, data: { message: 'ok' } }));
    restore = mock.restore;
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Recebo e-mails demais' }));
    await user.click(unsubscribeButton());
    await screen.findByText('Pronto, você saiu da newsletter.');
    expect(posts(mock.calls)[0]?.body).toEqual({ reason: 'too-frequent' });
  });

  it('on 429 says in how many minutes to try again, and keeps the choice', async () => {
    const { mock } = await open(PAGE, active, () => refused(429, 'RATE_LIMITED', { 'retry-after': '60' }));
    restore = mock.restore;
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Não me inscrevi' }));
    await user.click(unsubscribeButton());
    expect(await screen.findByText('Muitas tentativas em pouco tempo. Tente novamente em 1 minuto.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Não me inscrevi' })).toBeChecked();
    expect(unsubscribeButton()).toBeEnabled();
  });

  it.each([
    ['confirmed', 'Inscrição confirmada! Você receberá a newsletter toda semana.'],
    ['reactivated', 'E-mail já cadastrado. Status atualizado para ativo.'],
  ])('?status=%s: says so first, with leaving one click away', async (status, text) => {
    const { mock } = await open(`${PAGE}?status=${status}`, active);
    restore = mock.restore;
    const user = userEvent.setup();
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(screen.getByText('E-mail inscrito: jo•••@cliente.com.br')).toBeInTheDocument();
    expect(unsubscribeButton()).not.toBeVisible();
    await user.click(screen.getByText('Não quer mais receber? Cancelar inscrição'));
    expect(unsubscribeButton()).toBeVisible();
    expect(mock.calls).toEqual([]);
  });

  it('the text of a reactivation in en-US', async () => {
    await setLanguage('en-US');
    const { mock } = await open(`${PAGE}?status=reactivated`, active);
    restore = mock.restore;
    expect(screen.getByRole('status')).toHaveTextContent('Email already registered. Status updated to active.');
  });

  it.each([
    ['?status=invalid, as the API sends a spent or expired link', '/unsubscribe-newsletter?status=invalid', active],
    ['no subscription in the URL', '/unsubscribe-newsletter', active],
    ['a malformed link', '/unsubscribe-newsletter/not%20a%20key/x', active],
    ['an unknown subscription (404)', PAGE, 'unknown'],
  ] as const)('%s: says the link is invalid and offers the sign-up form', async (_case, url, answer) => {
    const http = serverHttp(answer);
    const data = await loaded(url, http);
    expect(data.status).toBe(200);
    if (answer !== 'unknown') expect(http.urls).toEqual([]);
    const mock = mockHttp(() => ({ status: 202 }));
    restore = mock.restore;
    renderPage(() => <route.Component data={data} />, PATH, url);

    expect(screen.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeInTheDocument();
    expect(screen.getByText('Este link é inválido ou expirou.')).toBeInTheDocument();
    const signup = screen.getByRole('region', { name: 'Receba a newsletter semanal' });
    expect(within(signup).getByRole('textbox', { name: 'Seu e-mail' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(mock.calls).toEqual([]);
  });

  it('a cancelled subscription says so and offers to subscribe again; already active (409) is said', async () => {
    const { mock } = await open(PAGE, { ...active, state: 'cancelled' }, () => refused(409, 'EMAIL_ALREADY_REGISTERED'));
    restore = mock.restore;
    const user = userEvent.setup();
    expect(screen.getByText('Sua inscrição está cancelada.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Inscrever-me novamente' }));
    expect(await screen.findByText(/E-mail já cadastrado/)).toBeInTheDocument();
    expect(posts(mock.calls)).toEqual([expect.objectContaining({ url: `/public/newsletter/resubscribe/${API_REF}` })]);
  });

  it('a pending subscription waits for its confirmation: resend the link, or still leave', async () => {
    const { mock } = await open(PAGE, { ...active, state: 'pending' }, () => ({ status: 202, data: { message: 'sent' } }));
    restore = mock.restore;
    const user = userEvent.setup();
    expect(screen.getByText('Sua inscrição aguarda confirmação: abra o link que enviamos para seu e-mail.')).toBeInTheDocument();
    expect(unsubscribeButton()).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Reenviar link de confirmação' }));
    expect(await screen.findByText('Enviamos um novo link de confirmação para seu e-mail.')).toBeInTheDocument();
    expect(posts(mock.calls)).toEqual([expect.objectContaining({ url: `/public/newsletter/resubscribe/${API_REF}` })]);
  });

  it('when the server could not read the subscription, the page still renders and asks for it itself', async () => {
    const { mock, data } = await open(PAGE, 'down', (call) => (call.method === 'GET' ? ok(active) : { status: 204 }));
    restore = mock.restore;
    expect(data).toEqual({ status: 200, entries: { 'site:site': { ok: true, data: site }, identity: site.identity } });
    expect(await screen.findByText('E-mail inscrito: jo•••@cliente.com.br')).toBeInTheDocument();
    expect(mock.calls).toEqual([expect.objectContaining({ method: 'GET', url: `/public/newsletter/subscription/${API_REF}` })]);
  });
  it('leaving is a real form posted to the subscription\'s page (its reason and details named), which the server takes without the page\'s code', async () => {
    const { mock } = await open(`${PAGE}?status=confirmed`, active);
    restore = mock.restore;
    const form = unsubscribeButton().closest('form') as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'post');
    // The subscription's page without the confirmation's landing: a result or an answer opens on the form alone.
    expect(form).toHaveAttribute('action', `${PAGE}#unsubscribe`);
    expect(form).toHaveAttribute('id', 'unsubscribe');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Recebo e-mails demais' }));
    expect([...new FormData(form).entries()]).toEqual([
      ['form', 'unsubscribe'],
      ['lang', 'pt-BR'],
      ['reason', 'too-frequent'],
      ['details', ''],
    ]);
  });

  it('a reason missing in a form the server answered: the details as typed and the reason asked for, on the form', async () => {
    const posted: PostedForm = {
      id: 'unsubscribe',
      values: { details: 'Chega muito e-mail' },
      error: { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', errors: [{ property: 'reason', message: { isNotEmpty: 'reason is required' } }] },
    };
    const { mock } = await open(PAGE, active, undefined, posted);
    restore = mock.restore;
    expect(screen.getByText('Escolha um motivo.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('textbox', { name: /Quer contar mais/ })).toHaveValue('Chega muito e-mail');
    expect(screen.getAllByRole('radio')[0]).toHaveAttribute('aria-invalid', 'true');
  });

  it("the result pages: 'unsubscribed' (?sent=unsubscribe) offers to come back, a form of its own; 'link sent' (?sent=resubscribe)", async () => {
    const left = await open(`${PAGE}?sent=unsubscribe`, active);
    restore = left.mock.restore;
    expect(screen.getByText('Pronto, você saiu da newsletter.')).toBeInTheDocument();
    const back = screen.getByRole('button', { name: 'Inscrever-me novamente' }).closest('form') as HTMLFormElement;
    expect(back).toHaveAttribute('method', 'post');
    expect(back).toHaveAttribute('action', `${PAGE}#resubscribe`);
    expect(Object.fromEntries(new FormData(back))).toEqual({ form: 'resubscribe', lang: 'pt-BR' });
    left.unmount();

    const resent = await open(`${PAGE}?sent=resubscribe`, { ...active, state: 'cancelled' });
    expect(screen.getByText('Enviamos um novo link de confirmação para seu e-mail.')).toBeInTheDocument();
    resent.mock.restore();
  });

  it('a re-subscription the server could not take is said, also where the page no longer offers it', async () => {
    const posted: PostedForm = { id: 'resubscribe', values: {}, error: { statusCode: 409, code: 'EMAIL_ALREADY_REGISTERED', message: 'Email already registered' } };
    const cancelled = await open(PAGE, { ...active, state: 'cancelled' }, undefined, posted);
    restore = cancelled.mock.restore;
    expect(screen.getByText('E-mail já cadastrado.')).toBeInTheDocument();
    cancelled.unmount();
    cancelled.mock.restore();
    const stillActive = await open(PAGE, active, undefined, posted);
    restore = stillActive.mock.restore;
    expect(screen.getByText('E-mail já cadastrado.')).toBeInTheDocument();
    expect(unsubscribeButton()).toBeInTheDocument();
  });
  it("a reason chosen and details written before the page's code ran are the form's once it has, and sent at once", async () => {
    const data = await loaded(PAGE, serverHttp(active));
    const mock = mockHttp(() => ({ status: 200, data: { message: 'ok' } }));
    restore = mock.restore;
    const make = () => {
      const router = createMemoryRouter([{ path: PATH, element: <route.Component data={data} /> }], { initialEntries: [PAGE] });
      return (
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      );
    };
    const container = document.createElement('div');
    container.innerHTML = renderToString(make());
    document.body.append(container);
    (container.querySelector('input[value="not-relevant"]') as HTMLInputElement).checked = true;
    (container.querySelector('textarea[name="details"]') as HTMLTextAreaElement).value = 'Mudei de área.';
    const root = await act(async () => hydrateRoot(container, make()));
    try {
      await userEvent.setup().click(unsubscribeButton());
      expect(await screen.findByText('Pronto, você saiu da newsletter.')).toBeInTheDocument();
      expect(posts(mock.calls)).toEqual([expect.objectContaining({ url: `/public/newsletter/unsubscribe/${API_REF}`, body: { reason: 'not-relevant', details: 'Mudei de área.' } })]);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});

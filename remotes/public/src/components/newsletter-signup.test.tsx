import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PostedForm, RouteData } from '@vitrine/contracts';
import { I18nextProvider, i18n, setLanguage } from '@vitrine/core';
import { PAGE_QUERY_ENTRY, POSTED_FORM_ENTRY } from '../lib/form';
import { mockHttp, renderPage, type HttpCall, type HttpReply } from '../testing/render';
import { NewsletterSignup } from './newsletter-signup';

/** A page's data as the server loads it: its own query, and a form it answered (PostedForm) when there is one. */
const routeData = (posted?: PostedForm, query = ''): RouteData => ({ status: 200, entries: { [PAGE_QUERY_ENTRY]: query, ...(posted ? { [POSTED_FORM_ENTRY]: posted } : {}) } });

/** The sign-up as the server renders it (and the browser hydrates it), at `url`, with the page's data. */
function tree(url: string, props: Parameters<typeof NewsletterSignup>[0] = {}) {
  const router = createMemoryRouter([{ path: '*', element: <NewsletterSignup {...props} /> }], { initialEntries: [url] });
  return (
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  );
}

/** Renders `make()` to HTML as the server does, then hydrates that HTML in the document: answers what hydration reported. */
async function serveAndHydrate(make: () => React.ReactElement, beforeCode?: (container: HTMLElement) => void) {
  const html = renderToString(make());
  const container = document.createElement('div');
  container.innerHTML = html;
  const served = container.innerHTML;
  document.body.append(container);
  // What the visitor does on the server's HTML before the page's code runs.
  beforeCode?.(container);
  const recoverable: unknown[] = [];
  const root = await act(async () => hydrateRoot(container, make(), { onRecoverableError: (error) => recoverable.push(error) }));
  return {
    container,
    served,
    recoverable,
    done: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

const emailBox = (name = 'Seu e-mail') => screen.getByRole('textbox', { name });
const submitButton = (name = 'Quero receber') => screen.getByRole('button', { name });
const posts = (calls: HttpCall[]) => calls.filter((call) => call.method === 'POST');
/** The block's live region, where every result is said. */
const liveRegion = () => document.querySelector('.vt-newsletter [aria-live="polite"]');

const refused = (status: number, code: string, headers?: Record<string, string>): HttpReply => ({
  status,
  headers,
  data: { error: true, statusCode: status, code, message: 'refused' },
});

const renderSignup = () => renderPage(() => <NewsletterSignup />, '/', '/');

describe('NewsletterSignup', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => setLanguage('pt-BR'));
  afterEach(() => {
    restore();
    jest.useRealTimers();
  });

  it('is a titled block with a labelled email field and the hidden trap, and asks nothing on render', () => {
    const mock = mockHttp(() => ({ status: 202 }));
    restore = mock.restore;
    renderSignup();
    expect(screen.getByRole('region', { name: 'Receba a newsletter semanal' })).toBeInTheDocument();
    expect(screen.getByText('Um e-mail por semana com os melhores artigos do blog. Cancele quando quiser.')).toBeInTheDocument();
    expect(emailBox()).toHaveAttribute('type', 'email');
    expect(emailBox()).toHaveAttribute('autocomplete', 'email');
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(liveRegion()).toBeEmptyDOMElement();
    expect(mock.calls).toEqual([]);
  });

  it('renders the same on the server and in the browser (hydrates without a mismatch)', async () => {
    const page = await serveAndHydrate(() => tree('/blog?page=2&utm_source=mail', { data: routeData(undefined, 'page=2') }));
    try {
      expect(page.served).toContain('Receba a newsletter semanal');
      expect(page.recoverable).toEqual([]);
      expect(page.container.innerHTML).toBe(page.served);
    } finally {
      page.done();
    }
  });

  it('is a real form posted to its own page (its own parameters, opening at the form), which the server takes without the page\'s code', () => {
    renderPage(() => <NewsletterSignup data={routeData(undefined, 'page=2&category=tech')} />, '/blog', '/blog?page=2&category=tech&utm_source=mail');
    const form = emailBox().closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/blog?page=2&category=tech#newsletter');
    expect(form?.closest('section')).toHaveAttribute('id', 'newsletter');
    expect(Object.fromEntries(new FormData(form as HTMLFormElement))).toEqual({ form: 'newsletter', lang: 'pt-BR', email: '', website: '' });
  });

  it("the footer's sign-up is a form of its own (its id, and the action opening at it)", () => {
    renderPage(() => <NewsletterSignup placement="footer" data={routeData()} />, '/contact', '/contact');
    const form = emailBox().closest('form');
    expect(form).toHaveAttribute('action', '/contact#newsletter-footer');
    expect(new FormData(form as HTMLFormElement).get('form')).toBe('newsletter-footer');
  });

  it('a form the server answered: the email as typed and the error, the same on the server and after hydration; then sent through the API', async () => {
    const posted: PostedForm = {
      id: 'newsletter',
      values: { email: 'ana@empresa' },
      error: { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', errors: [{ property: 'email', message: { isEmail: 'Invalid email address' } }] },
    };
    const mock = mockHttp(() => ({ status: 202, data: { message: 'Check your inbox to confirm your subscription' } }));
    restore = mock.restore;
    const page = await serveAndHydrate(() => tree('/', { data: routeData(posted) }));
    try {
      expect(page.recoverable).toEqual([]);
      expect(page.container.innerHTML).toBe(page.served);
      const input = page.container.querySelector<HTMLInputElement>('input[name="email"]');
      expect(input).toHaveValue('ana@empresa');
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription('E-mail inválido');

      const user = userEvent.setup();
      await user.type(input as HTMLInputElement, '.com.br');
      await user.click(page.container.querySelector('button[type="submit"]') as HTMLButtonElement);
      expect(await screen.findByText('Quase lá! Enviamos um link de confirmação para seu e-mail.')).toBeInTheDocument();
      expect(posts(mock.calls)).toEqual([expect.objectContaining({ url: '/public/newsletter', body: expect.objectContaining({ email: 'ana@empresa.com.br' }) })]);
    } finally {
      page.done();
    }
  });

  it("a refusal the server answered is said in the block's live region, the email kept", async () => {
    const posted: PostedForm = { id: 'newsletter-footer', values: { email: 'ana@empresa.com.br' }, error: { statusCode: 409, code: 'EMAIL_ALREADY_REGISTERED', message: 'Email already registered' } };
    renderPage(() => <NewsletterSignup placement="footer" data={routeData(posted)} />, '/', '/');
    expect(liveRegion()).toHaveTextContent('E-mail já cadastrado.');
    expect(emailBox()).toHaveValue('ana@empresa.com.br');
    // Another form's answer is not this one's.
    renderPage(() => <NewsletterSignup data={routeData(posted)} />, '/', '/');
    expect(screen.getAllByRole('textbox', { name: 'Seu e-mail' })[1]).toHaveValue('');
  });

  it('its result page (?sent=newsletter) shows the success; "use another email" is a link to the form, shown in place once the code runs', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(() => <NewsletterSignup data={routeData()} />, '/', '/?sent=newsletter');
    expect(screen.getByText('Quase lá! Enviamos um link de confirmação para seu e-mail.')).toBeInTheDocument();
    // The result page opened: the focus stays where the browser put it.
    expect(document.body).toHaveFocus();
    const another = screen.getByRole('link', { name: 'Usar outro e-mail' });
    expect(another).toHaveAttribute('href', '/#newsletter');
    await user.click(another);
    expect(emailBox()).toHaveFocus();
    expect(router.state.location.search).toBe('?sent=newsletter');
  });

  it('an address typed before the page\'s code ran is the form\'s once it has: kept on screen, and sent at once', async () => {
    const mock = mockHttp(() => ({ status: 202, data: { message: 'ok' } }));
    restore = mock.restore;
    const page = await serveAndHydrate(
      () => tree('/', { data: routeData() }),
      (container) => {
        const input = container.querySelector<HTMLInputElement>('input[name="email"]') as HTMLInputElement;
        input.value = 'autofill@empresa.com.br';
      },
    );
    try {
      expect(page.recoverable).toEqual([]);
      const input = page.container.querySelector<HTMLInputElement>('input[name="email"]');
      expect(input).toHaveValue('autofill@empresa.com.br');
      // Sent before anything else happened: what the visitor sees is what goes.
      await userEvent.setup().click(page.container.querySelector('button[type="submit"]') as HTMLButtonElement);
      await screen.findByText('Quase lá! Enviamos um link de confirmação para seu e-mail.');
      expect(posts(mock.calls)).toEqual([expect.objectContaining({ body: expect.objectContaining({ email: 'autofill@empresa.com.br' }) })]);
    } finally {
      page.done();
    }
  });

  it('times a form the server rendered from the page\'s start, not from its hydration (a form filled in before the code ran is no robot)', async () => {
    const mock = mockHttp(() => ({ status: 202, data: { message: 'ok' } }));
    restore = mock.restore;
    const page = await serveAndHydrate(() => tree('/', { data: routeData() }));
    try {
      const user = userEvent.setup();
      await user.type(page.container.querySelector('input[name="email"]') as HTMLInputElement, 'ana@empresa.com.br');
      // The document (the page) started before this test did: the form has been shown at least this long.
      const sincePageStart = Math.floor(Date.now() - performance.timeOrigin);
      await user.click(page.container.querySelector('button[type="submit"]') as HTMLButtonElement);
      await screen.findByText('Quase lá! Enviamos um link de confirmação para seu e-mail.');
      const body = posts(mock.calls)[0]?.body as { elapsed_ms: number };
      expect(body.elapsed_ms).toBeGreaterThanOrEqual(sincePageStart);
    } finally {
      page.done();
    }
  });

  it('catches an empty or invalid email before sending, on the field (aria-invalid, described), and posts nothing', async () => {
    const mock = mockHttp(() => ({ status: 202 }));
    restore = mock.restore;
    const user = userEvent.setup();
    renderSignup();

    await user.click(submitButton());
    expect(emailBox()).toHaveAttribute('aria-invalid', 'true');
    expect(emailBox()).toHaveAccessibleDescription('Informe seu e-mail');
    expect(emailBox()).toHaveFocus();

    await user.type(emailBox(), 'ana@empresa');
    expect(emailBox()).toHaveAccessibleDescription('E-mail inválido');
    await user.click(submitButton());
    expect(emailBox()).toHaveAccessibleDescription('E-mail inválido');
    await user.type(emailBox(), '.com.br');
    expect(emailBox()).not.toHaveAttribute('aria-invalid');
    expect(posts(mock.calls)).toEqual([]);
  });

  it('posts the email, an empty trap and the time the form was open; then asks to confirm by mail', async () => {
    const NOW = new Date(2026, 4, 12, 10, 0);
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'queueMicrotask', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'] });
    let answer: (reply: HttpReply) => void = () => undefined;
    const mock = mockHttp(() => new Promise<HttpReply>((resolve) => (answer = resolve)));
    restore = mock.restore;
    const user = userEvent.setup();
    renderSignup();

    await user.type(emailBox(), '  ana@empresa.com.br ');
    jest.setSystemTime(NOW.getTime() + 5300);
    await user.click(submitButton());
    expect(await screen.findByRole('button', { name: 'Enviando…' })).toBeDisabled();
    expect(posts(mock.calls)).toEqual([
      // ?lang=: the page's language, kept with the subscription for its mails.
      expect.objectContaining({ url: '/public/newsletter', params: { lang: 'pt-BR' }, body: { email: 'ana@empresa.com.br', website: '', elapsed_ms: 5300 } }),
    ]);

    await act(async () => answer({ status: 202, data: { message: 'Check your inbox to confirm your subscription' } }));
    const done = await screen.findByText('Quase lá! Enviamos um link de confirmação para seu e-mail.');
    expect(liveRegion()).toContainElement(done);
    expect(done.closest('.vt-notice')).toHaveFocus();
    expect(screen.getByText('Abra a mensagem e confirme a inscrição para começar a receber a newsletter.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Seu e-mail' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Usar outro e-mail' }));
    expect(emailBox()).toHaveValue('');
    expect(emailBox()).toHaveFocus();
  });

  it('on 409 says the email is already registered, and keeps it', async () => {
    restore = mockHttp(() => refused(409, 'EMAIL_ALREADY_REGISTERED')).restore;
    const user = userEvent.setup();
    renderSignup();
    await user.type(emailBox(), 'ana@empresa.com.br');
    await user.click(submitButton());

    const said = await screen.findByText(/E-mail já cadastrado/);
    expect(liveRegion()).toContainElement(said);
    expect(emailBox()).toHaveValue('ana@empresa.com.br');
    expect(submitButton()).toBeEnabled();
  });

  it('on 429 says in how many minutes to try again (Retry-After)', async () => {
    restore = mockHttp(() => refused(429, 'RATE_LIMITED', { 'retry-after': '120' })).restore;
    const user = userEvent.setup();
    renderSignup();
    await user.type(emailBox(), 'ana@empresa.com.br');
    await user.click(submitButton());
    expect(await screen.findByText('Muitas tentativas em pouco tempo. Tente novamente em 2 minutos.')).toBeInTheDocument();
  });

  it.each([
    [403, 'SUBMISSION_REFUSED', 'Não foi possível aceitar este envio. Fale conosco por outro canal.'],
    [503, 'DATABASE_UNAVAILABLE', 'O banco de dados não está respondendo agora. Tente novamente em alguns segundos.'],
  ])('on %i %s shows the translated text', async (status, code, text) => {
    restore = mockHttp(() => refused(status, code)).restore;
    const user = userEvent.setup();
    renderSignup();
    await user.type(emailBox(), 'ana@empresa.com.br');
    await user.click(submitButton());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent(text);
  });

  it("puts the API's email error on the field", async () => {
    restore = mockHttp(() => ({
      status: 400,
      data: { error: true, statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', errors: [{ property: 'email', message: { isEmail: 'Invalid email address' } }] },
    })).restore;
    const user = userEvent.setup();
    renderSignup();
    await user.type(emailBox(), 'ana@empresa.com.br');
    await user.click(submitButton());
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    expect(emailBox()).toHaveAttribute('aria-invalid', 'true');
    expect(emailBox()).toHaveFocus();
  });

  it('in en-US', async () => {
    await setLanguage('en-US');
    restore = mockHttp(() => refused(409, 'EMAIL_ALREADY_REGISTERED')).restore;
    const user = userEvent.setup();
    renderSignup();
    expect(screen.getByRole('heading', { name: 'Get the weekly newsletter' })).toBeInTheDocument();
    await user.type(emailBox('Your email'), 'ana@company.com');
    await user.click(submitButton('Subscribe'));
    expect(await screen.findByText(/Email already registered/)).toBeInTheDocument();
  });
});

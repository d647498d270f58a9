import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, i18n, setLanguage } from '@vitrine/core';
import { mockHttp, renderPage, type HttpCall, type HttpReply } from '../testing/render';
import { NewsletterSignup } from './newsletter-signup';

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
    const tree = (
      <I18nextProvider i18n={i18n}>
        <NewsletterSignup />
      </I18nextProvider>
    );
    const html = renderToString(tree);
    expect(html).toContain('Receba a newsletter semanal');
    const container = document.createElement('div');
    container.innerHTML = html;
    const served = container.innerHTML;
    document.body.append(container);
    const recoverable: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, tree, { onRecoverableError: (error) => recoverable.push(error) }));
    try {
      expect(recoverable).toEqual([]);
      expect(container.innerHTML).toBe(served);
    } finally {
      act(() => root.unmount());
      container.remove();
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

    await user.click(screen.getByRole('button', { name: 'Usar outro e-mail' }));
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

import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PostedForm, RouteData } from '@vitrine/contracts';
import { I18nextProvider, i18n, setLanguage } from '@vitrine/core';
import type { PublicHttp } from '../../api/public-content';
import { serverRoute } from '../../lib/route';
import { site } from '../../testing/fixtures';
import { mockHttp, ok, renderPage, type HttpCall, type HttpReply } from '../../testing/render';
import { ContactPage } from './contact-page';
import { contactRoute } from './route';

const route = serverRoute(contactRoute, ContactPage);

/** The route's data as the server (or the router, on a navigation) loads it; with a form the server answered. */
async function loaded(form?: PostedForm): Promise<RouteData> {
  const http: PublicHttp = { get: async <T,>() => ({ data: { data: site } as T }) };
  return route.load({ params: {}, search: new URLSearchParams(), http, ...(form ? { form } : {}) });
}

/** The contact form as the server answered it: every field as typed, the API's field errors. */
const ANSWERED: PostedForm = {
  id: 'contact',
  values: { name: 'Ana Souza', email: 'ana@empresa', company: '', telephone: '', subject: 'Um site novo', message: 'Queremos\num site.' },
  error: {
    statusCode: 400,
    code: 'VALIDATION_ERROR',
    message: 'Validation failed',
    errors: [
      { property: 'email', message: { isEmail: 'Invalid email address' } },
      { property: 'company', message: { isNotEmpty: 'Company is required' } },
      { property: 'telephone', message: { isNotEmpty: 'Contact phone is required' } },
    ],
  },
};

function renderContact(data: RouteData, url = '/contact') {
  const Page = () => <route.Component data={data} />;
  return renderPage(Page, '/contact', url);
}

/** The visitor's clock: 21:40 local time (only Date is faked; timers stay real for the user events). */
const NOW = new Date(2026, 4, 12, 21, 40);
const REAL_TIMERS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

const box = (name: string) => screen.getByRole('textbox', { name });
const submitButton = () => screen.getByRole('button', { name: 'Enviar mensagem' });
const posts = (calls: HttpCall[]) => calls.filter((call) => call.method === 'POST');

const VALID = { Nome: 'Ana Souza', 'E-mail': 'ana@empresa.com.br', Empresa: 'Empresa X', Telefone: '(11) 98765-4321', Assunto: 'Um site novo', Mensagem: 'Queremos um site.' };

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(box(label), value);
}

/** A field's error: shown, announced with the field (aria-describedby), the field marked invalid. */
function expectFieldError(label: string, text: string) {
  const input = box(label);
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(text);
}

const refused = (status: number, code: string, headers?: Record<string, string>): HttpReply => ({
  status,
  headers,
  data: { error: true, statusCode: status, code, message: 'refused' },
});

describe('ContactPage', () => {
  let restore: () => void = () => undefined;
  beforeEach(async () => {
    await setLanguage('pt-BR');
    jest.useFakeTimers({ now: NOW, doNotFake: [...REAL_TIMERS] });
  });
  afterEach(() => {
    restore();
    jest.useRealTimers();
  });

  it("shows the company's contact details from the route data, with no request, and the neutral reply promise (the page's code starting changes no line)", async () => {
    const data = await loaded();
    const mock = mockHttp(() => ({ status: 204 }));
    restore = mock.restore;
    const { container } = renderContact(data);

    expect(screen.getByRole('heading', { level: 1, name: 'Fale com a gente' })).toBeInTheDocument();
    // The trap field: out of reach of people and of assistive technology.
    const trap = container.querySelector('input[name="website"]');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Deixe este campo em branco' })).toBeNull();
    const aside = screen.getByRole('complementary', { name: 'Contato' });
    expect(within(aside).getByText('Vitrine Comunicação Ltda.')).toBeInTheDocument();
    expect(within(aside).getByRole('link', { name: 'contato@vitrine.example' })).toHaveAttribute('href', 'mailto:contato@vitrine.example');
    expect(within(aside).getByRole('link', { name: '+55 (11) 4000-1234' })).toHaveAttribute('href', 'tel:+551140001234');
    expect(within(aside).getByText('Av. Paulista, 1000 – São Paulo, SP')).toBeInTheDocument();
    expect(within(aside).getByText('Segunda a sexta, das 9h às 18h')).toBeInTheDocument();
    expect(screen.getByText('Respondemos até o dia seguinte ao envio da mensagem.')).toBeInTheDocument();
    expect(screen.queryByText(/para você/)).toBeNull();
    expect(mock.calls).toEqual([]);
  });

  it('renders on the server with the neutral reply line, the same the browser keeps', async () => {
    const data = await loaded();
    const router = createMemoryRouter([{ path: '/contact', element: <route.Component data={data} /> }], { initialEntries: ['/contact?subject=Or%C3%A7amento'] });
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(html).toContain('Respondemos até o dia seguinte ao envio da mensagem.');
    expect(html).not.toContain('para você');
    expect(html).toContain('mailto:contato@vitrine.example');
    // ?subject= is not part of the server's cache key: the server's HTML and the first render leave it empty.
    expect(html).not.toContain('value="Orçamento"');
  });

  it('checks every field on submit, in pt-BR, focuses the first invalid one and posts nothing', async () => {
    const mock = mockHttp(() => ({ status: 201, data: { message: 'Message sent successfully' } }));
    restore = mock.restore;
    const user = userEvent.setup();
    renderContact(await loaded());

    await user.click(submitButton());
    expectFieldError('Nome', 'Nome é obrigatório');
    expectFieldError('E-mail', 'E-mail é obrigatório');
    expectFieldError('Empresa', 'Empresa é obrigatória');
    expectFieldError('Telefone', 'Telefone de contato é obrigatório');
    expectFieldError('Assunto', 'Assunto é obrigatório');
    expectFieldError('Mensagem', 'Mensagem é obrigatória');
    expect(box('Nome')).toHaveFocus();
    expect(screen.getByText('Confira os campos destacados.')).toHaveAttribute('role', 'alert');

    // Fixed while typing.
    await user.type(box('Nome'), 'Ana');
    expect(box('Nome')).not.toHaveAttribute('aria-invalid');
    expect(posts(mock.calls)).toEqual([]);
  });

  it('says an email is invalid and keeps it from being sent; a changed field is checked when left', async () => {
    const mock = mockHttp(() => ({ status: 201, data: { message: 'Message sent successfully' } }));
    restore = mock.restore;
    const user = userEvent.setup();
    renderContact(await loaded());

    await user.type(box('Empresa'), 'X');
    await user.clear(box('Empresa'));
    await user.tab();
    expectFieldError('Empresa', 'Empresa é obrigatória');

    await fill(user, { ...VALID, 'E-mail': 'ana@empresa' });
    await user.click(submitButton());
    expectFieldError('E-mail', 'E-mail inválido');
    expect(box('E-mail')).toHaveFocus();
    expect(box('Empresa')).not.toHaveAttribute('aria-invalid');
    expect(posts(mock.calls)).toEqual([]);
  });

  it('in en-US, with the English texts', async () => {
    await setLanguage('en-US');
    restore = mockHttp(() => ({ status: 204 })).restore;
    const user = userEvent.setup();
    renderContact(await loaded());
    await user.type(box('Email'), 'nobody@x');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expectFieldError('Telephone', 'Contact phone is required');
    expectFieldError('Message', 'Message is required');
    expectFieldError('Email', 'Invalid email address');
    expect(screen.getByText('We reply by the day after your message arrives.')).toBeInTheDocument();
  });

  it("shows the API's field errors on their fields and keeps what was typed", async () => {
    const mock = mockHttp(() => ({
      status: 400,
      data: {
        error: true,
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Validation failed',
        errors: [
          { property: 'telephone', message: { isNotEmpty: 'Contact phone is required' } },
          { property: 'email', message: { isEmail: 'Invalid email address' } },
          { property: 'subject', message: { maxLength: 'subject must be shorter than or equal to 160 characters' } },
        ],
      },
    }));
    restore = mock.restore;
    const user = userEvent.setup();
    renderContact(await loaded());
    await fill(user, VALID);
    await user.click(submitButton());

    expect(await screen.findByText('Confira os campos destacados.')).toBeInTheDocument();
    expectFieldError('Telefone', 'Telefone de contato é obrigatório');
    expectFieldError('E-mail', 'E-mail inválido');
    expectFieldError('Assunto', 'Use no máximo 160 caracteres');
    expect(box('E-mail')).toHaveFocus();
    expect(box('Mensagem')).toHaveValue('Queremos um site.');
    expect(posts(mock.calls)).toHaveLength(1);
  });

  it('sends the message (trap empty, elapsed time), shows progress, then the success with the reply promise, and clears the form', async () => {
    let answer: (reply: HttpReply) => void = () => undefined;
    const mock = mockHttp((call) => (call.method === 'POST' ? new Promise<HttpReply>((resolve) => (answer = resolve)) : ok(site)));
    restore = mock.restore;
    const user = userEvent.setup();
    renderContact(await loaded());
    await fill(user, { ...VALID, Nome: '  Ana Souza ' });
    jest.setSystemTime(NOW.getTime() + 4200);
    await user.click(submitButton());

    const sending = await screen.findByRole('button', { name: 'Enviando…' });
    expect(sending).toBeDisabled();
    expect(posts(mock.calls)).toEqual([
      expect.objectContaining({
        url: '/public/contact',
        // The page's language, kept with the message: the replies are written in it.
        params: { lang: 'pt-BR' },
        body: {
          name: 'Ana Souza',
          email: 'ana@empresa.com.br',
          company: 'Empresa X',
          telephone: '(11) 98765-4321',
          subject: 'Um site novo',
          message: 'Queremos um site.',
          website: '',
          elapsed_ms: 4200,
        },
      }),
    ]);

    answer({ status: 201, data: { message: 'Message sent successfully' } });
    const done = await screen.findByRole('heading', { name: 'Mensagem enviada com sucesso!' });
    expect(done).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('São 21:40 para você: mesmo com a mensagem enviada agora à noite, respondemos até amanhã.');

    await user.click(screen.getByRole('link', { name: 'Enviar outra mensagem' }));
    for (const label of Object.keys(VALID)) expect(box(label)).toHaveValue('');
    expect(box('Nome')).toHaveFocus();
  });

  it('on 429 says when to try again (Retry-After) and keeps every value', async () => {
    restore = mockHttp(() => refused(429, 'RATE_LIMITED', { 'retry-after': '120' })).restore;
    const user = userEvent.setup();
    renderContact(await loaded());
    await fill(user, VALID);
    await user.click(submitButton());

    expect(await screen.findByText('Você enviou várias mensagens em pouco tempo. Tente novamente em 2 minutos.')).toHaveAttribute('role', 'alert');
    for (const [label, value] of Object.entries(VALID)) expect(box(label)).toHaveValue(value);
    expect(submitButton()).toBeEnabled();
  });

  it.each([
    [403, 'SUBMISSION_REFUSED', 'Não foi possível aceitar este envio. Fale conosco por outro canal.'],
    [503, 'DATABASE_UNAVAILABLE', 'O banco de dados não está respondendo agora. Tente novamente em alguns segundos.'],
  ])('on %i %s shows the translated text and keeps every value', async (status, code, text) => {
    restore = mockHttp(() => refused(status, code)).restore;
    const user = userEvent.setup();
    renderContact(await loaded());
    await fill(user, VALID);
    await user.click(submitButton());

    expect(await screen.findByText(text)).toHaveAttribute('role', 'alert');
    for (const [label, value] of Object.entries(VALID)) expect(box(label)).toHaveValue(value);
  });

  it('is a real form posted to /contact (opening at the form), every field named as the API names it, with the form and the language', async () => {
    restore = mockHttp(() => ({ status: 204 })).restore;
    renderContact(await loaded(), '/contact?subject=Or%C3%A7amento&utm_source=x');
    const form = box('Nome').closest('form') as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/contact#contact');
    expect(form).toHaveAttribute('id', 'contact');
    expect([...new FormData(form).keys()]).toEqual(['form', 'lang', 'name', 'email', 'company', 'telephone', 'subject', 'message', 'website']);
    expect(new FormData(form).get('form')).toBe('contact');
    expect(new FormData(form).get('lang')).toBe('pt-BR');
  });

  it('a form the server answered: every value as typed and each error, the same on the server and after hydration; once fixed, sent through the API', async () => {
    const data = await loaded(ANSWERED);
    const mock = mockHttp(() => ({ status: 201, data: { message: 'Message sent successfully' } }));
    restore = mock.restore;
    const make = () => {
      const router = createMemoryRouter([{ path: '/contact', element: <route.Component data={data} /> }], { initialEntries: ['/contact'] });
      return (
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      );
    };
    const html = renderToString(make());
    const container = document.createElement('div');
    container.innerHTML = html;
    const served = container.querySelector('form')?.outerHTML;
    document.body.append(container);
    const recoverable: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, make(), { onRecoverableError: (error) => recoverable.push(error) }));
    try {
      expect(recoverable).toEqual([]);
      // The form as the server wrote it (only the reply promise turns to the visitor's time after hydration).
      expect(container.querySelector('form')?.outerHTML).toBe(served);
      expect(box('Nome')).toHaveValue('Ana Souza');
      expect(box('Mensagem')).toHaveValue('Queremos\num site.');
      expectFieldError('E-mail', 'E-mail inválido');
      expectFieldError('Empresa', 'Empresa é obrigatória');
      expectFieldError('Telefone', 'Telefone de contato é obrigatório');
      expect(box('Assunto')).not.toHaveAttribute('aria-invalid');
      expect(screen.getByText('Confira os campos destacados.')).toHaveAttribute('role', 'alert');
      // Nothing moved: the focus stays where the visitor left it.
      expect(document.body).toHaveFocus();

      const user = userEvent.setup();
      await user.type(box('E-mail'), '.com.br');
      await user.type(box('Empresa'), 'Empresa X');
      await user.type(box('Telefone'), '(11) 98765-4321');
      await user.click(submitButton());
      expect(await screen.findByRole('heading', { name: 'Mensagem enviada com sucesso!' })).toHaveFocus();
      expect(posts(mock.calls)).toEqual([
        expect.objectContaining({ url: '/public/contact', body: expect.objectContaining({ name: 'Ana Souza', email: 'ana@empresa.com.br', company: 'Empresa X', message: 'Queremos\num site.' }) }),
      ]);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it("what was typed before the page's code ran is the form's once it has: nothing lost, and sent as it shows", async () => {
    const data = await loaded();
    const mock = mockHttp(() => ({ status: 201, data: { message: 'Message sent successfully' } }));
    restore = mock.restore;
    const make = () => {
      const router = createMemoryRouter([{ path: '/contact', element: <route.Component data={data} /> }], { initialEntries: ['/contact'] });
      return (
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      );
    };
    const container = document.createElement('div');
    container.innerHTML = renderToString(make());
    document.body.append(container);
    const typed = { name: 'Ana Souza', email: 'ana@empresa.com.br', company: 'Empresa X', telephone: '(11) 98765-4321', subject: 'Um site novo', message: 'Queremos um site.' };
    for (const [name, value] of Object.entries(typed)) (container.querySelector(`[name="${name}"]`) as HTMLInputElement).value = value;
    const root = await act(async () => hydrateRoot(container, make()));
    try {
      const user = userEvent.setup();
      await user.click(submitButton());
      expect(await screen.findByRole('heading', { name: 'Mensagem enviada com sucesso!' })).toBeInTheDocument();
      expect(posts(mock.calls)).toEqual([expect.objectContaining({ body: expect.objectContaining(typed) })]);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('a refusal or a rate limit the server answered is said above the button, every value kept', async () => {
    restore = mockHttp(() => ({ status: 204 })).restore;
    const values = { name: 'Ana Souza', email: 'ana@empresa.com.br', company: 'Empresa X', telephone: '(11) 98765-4321', subject: 'Um site novo', message: 'Olá' };
    renderContact(await loaded({ id: 'contact', values, error: { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many', retryAfter: 300 } }));
    expect(screen.getByText('Você enviou várias mensagens em pouco tempo. Tente novamente em 5 minutos.')).toHaveAttribute('role', 'alert');
    expect(box('Telefone')).toHaveValue('(11) 98765-4321');
  });

  it('its result page (?sent=contact) shows the success; "send another" is a link to the empty form, shown in place once the code runs', async () => {
    restore = mockHttp(() => ({ status: 204 })).restore;
    const user = userEvent.setup();
    renderContact(await loaded(), '/contact?sent=contact');
    const status = screen.getByRole('status');
    expect(within(status).getByRole('heading', { name: 'Mensagem enviada com sucesso!' })).not.toHaveFocus();
    expect(status).toHaveAttribute('id', 'contact');
    const another = screen.getByRole('link', { name: 'Enviar outra mensagem' });
    expect(another).toHaveAttribute('href', '/contact#contact');
    await user.click(another);
    expect(box('Nome')).toHaveValue('');
    expect(box('Nome')).toHaveFocus();
  });

  it('fills the subject in from ?subject=', async () => {
    restore = mockHttp(() => ({ status: 204 })).restore;
    renderContact(await loaded(), '/contact?subject=Quero%20conhecer%20o%20RC%20Sistem%20I');
    expect(await screen.findByDisplayValue('Quero conhecer o RC Sistem I')).toBe(box('Assunto'));
    expect(box('Nome')).toHaveValue('');
  });

  it("still offers the form when the company's details cannot be loaded", async () => {
    const mock = mockHttp(() => refused(503, 'DATABASE_UNAVAILABLE'));
    restore = mock.restore;
    renderPage(ContactPage, '/contact', '/contact');
    const aside = screen.getByRole('complementary', { name: 'Contato' });
    expect(await within(aside).findByText(/Não foi possível carregar nossos dados de contato/)).toBeInTheDocument();
    expect(mock.calls[0]?.url).toBe('/public/site');
    expect(submitButton()).toBeEnabled();
    expect(box('Nome')).toBeInTheDocument();
  });
});

import '../../../testing/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WELCOME_SUCCESS_MESSAGE, type Locale, type WelcomePreviewInput, type WelcomeSettings } from '@vitrine/contracts';
import { choose } from '../../../testing/antd';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { SettingsPage } from './settings-page';
import { PREVIEW_DELAY_MS } from './welcome-mail-tab';

const saved: WelcomeSettings = {
  enabled: false,
  texts: {
    'pt-BR': { subject: 'Boas-vindas a {site}', body: 'Obrigado por confirmar.\n\nAté breve.' },
    'en-US': { subject: 'Welcome to {site}', body: 'Thanks for confirming.' },
  },
};

/** What the API renders: the language's own text, else pt-BR's, {site} filled; the body in a paragraph. */
function rendered(input: WelcomePreviewInput) {
  const own = input.texts[input.locale];
  const locale: Locale = own ? input.locale : 'pt-BR';
  const text = own ?? input.texts['pt-BR'] ?? { subject: '', body: '' };
  const subject = text.subject.replace('{site}', 'Vitrine');
  return { locale, fallback: locale !== input.locale, subject, html_body: `<html lang="${locale}"><p>${text.body}</p></html>`, text_body: text.body };
}

const error = (status: number, body: object) => ({ status, data: { error: true, statusCode: status, ...body } });

/** The API as built: GET answers the settings, PUT what it keeps, the preview a rendered mail. */
function server(options: { save?: (body: WelcomeSettings) => HttpReply | undefined; preview?: (body: WelcomePreviewInput) => HttpReply | undefined } = {}) {
  return mockHttp((call: HttpCall) => {
    if (call.url === '/newsletter/welcome' && call.method === 'GET') return ok(saved);
    if (call.url === '/newsletter/welcome' && call.method === 'PUT') {
      const body = call.body as WelcomeSettings;
      return options.save?.(body) ?? { status: 200, data: { data: body, message: WELCOME_SUCCESS_MESSAGE } };
    }
    if (call.url === '/newsletter/welcome-preview' && call.method === 'POST') {
      const body = call.body as WelcomePreviewInput;
      return options.preview?.(body) ?? ok(rendered(body));
    }
    return error(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
}

const PATH = '/admin/settings';
const open = () => renderPage(PATH, <SettingsPage />, `${PATH}?tab=welcome`);
const puts = (calls: HttpCall[]) => calls.filter((c) => c.method === 'PUT');
const previews = (calls: HttpCall[]) => calls.filter((c) => c.url === '/newsletter/welcome-preview').map((c) => c.body as WelcomePreviewInput);
const form = () => screen.findByTestId('welcome-mail-form');
/** The subject and body fields of the language shown (the others are hidden). */
const subject = () => screen.getByRole('textbox', { name: 'Assunto' });
const body = () => screen.getByRole('textbox', { name: 'Texto' });
const errorOf = (input: HTMLElement) => input.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error');
const frame = () => within(screen.getByTestId('welcome-preview')).getByTitle('Pré-visualização do e-mail de boas-vindas');

describe('settings: the welcome mail', () => {
  let http: ReturnType<typeof server>;
  beforeEach(() => {
    // The preview waits for typing to pause on jest's clock: the test moves it instead of waiting.
    jest.useFakeTimers();
  });
  afterEach(() => {
    http.restore();
    jest.useRealTimers();
  });
  const typing = () => userEvent.setup({ delay: null, advanceTimers: jest.advanceTimersByTime });
  const pause = () => act(() => jest.advanceTimersByTimeAsync(PREVIEW_DELAY_MS));

  it('opens with what was saved: off, pt-BR first, the preview rendered by the API, each language saying whether it has its own text', async () => {
    http = server();
    const user = typing();
    open();
    await form();
    expect(screen.getByRole('tab', { name: 'E-mail de boas-vindas', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enviar o e-mail de boas-vindas' })).not.toBeChecked();
    expect(subject()).toHaveValue('Boas-vindas a {site}');
    expect(body()).toHaveValue('Obrigado por confirmar.\n\nAté breve.');
    expect(screen.getByText('O texto em português é obrigatório: é o que recebe quem lê um idioma sem texto próprio.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('welcome-preview-subject')).toHaveTextContent('Boas-vindas a Vitrine'));
    expect(frame()).toHaveAttribute('sandbox', '');
    expect(frame().getAttribute('srcdoc')).toContain('<html lang="pt-BR"><p>Obrigado por confirmar.');
    expect(previews(http.calls)).toEqual([{ locale: 'pt-BR', texts: saved.texts }]);

    // Another language: its own fields, and the preview in it.
    await choose(user, screen.getByRole('combobox', { name: 'Idioma do e-mail' }), 'English (US) — texto próprio');
    expect(subject()).toHaveValue('Welcome to {site}');
    await pause();
    await waitFor(() => expect(screen.getByTestId('welcome-preview-subject')).toHaveTextContent('Welcome to Vitrine'));

    // A language without a text of its own says so, and its preview is the pt-BR mail.
    await choose(user, screen.getByRole('combobox', { name: 'Idioma do e-mail' }), 'Français — usa o texto em português');
    expect(subject()).toHaveValue('');
    expect(screen.getByText('Sem texto próprio: quem lê em Français recebe o e-mail em português. Escreva o assunto e o texto para enviá-lo neste idioma.')).toBeInTheDocument();
    await pause();
    expect(await screen.findByText('Este idioma não tem texto próprio: quem lê em Français recebe este e-mail, em português.')).toBeInTheDocument();
    expect(screen.getByTestId('welcome-preview-subject')).toHaveTextContent('Boas-vindas a Vitrine');
  });

  it('the preview follows what is typed once typing pauses', async () => {
    http = server();
    const user = typing();
    open();
    await form();
    await waitFor(() => expect(previews(http.calls)).toHaveLength(1));
    await user.clear(subject());
    await user.type(subject(), 'Oi, {{site}!'); // ({{ types a brace)
    // Nothing asked while typing: one ask once it pauses, with the texts as typed.
    expect(previews(http.calls)).toHaveLength(1);
    await pause();
    await waitFor(() => expect(screen.getByTestId('welcome-preview-subject')).toHaveTextContent('Oi, Vitrine!'));
    expect(previews(http.calls)).toHaveLength(2);
    expect(previews(http.calls)[1]).toEqual({ locale: 'pt-BR', texts: { ...saved.texts, 'pt-BR': { subject: 'Oi, {site}!', body: saved.texts['pt-BR']!.body } } });
    expect(screen.getByTestId('welcome-mail-unsaved')).toBeInTheDocument();
  });

  it('saves it on, with a new language and the blank ones left out, and says so', async () => {
    http = server();
    const user = typing();
    open();
    await form();
    await user.click(screen.getByRole('switch', { name: 'Enviar o e-mail de boas-vindas' }));
    await choose(user, screen.getByRole('combobox', { name: 'Idioma do e-mail' }), 'Kreyòl ayisyen — usa o texto em português');
    await user.type(subject(), ' Byenveni nan {{site} ');
    await user.type(body(), 'Mèsi paske ou konfime.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(http.calls)).toHaveLength(1));
    expect(puts(http.calls)[0]!.body).toEqual({ enabled: true, texts: { ...saved.texts, 'ht-HT': { subject: 'Byenveni nan {site}', body: 'Mèsi paske ou konfime.' } } });
    expect(await screen.findByText('E-mail de boas-vindas salvo. A próxima inscrição confirmada já recebe esta versão.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('welcome-mail-unsaved')).not.toBeInTheDocument());
  });

  it('checks what the API checks before sending: pt-BR required, a language whole or blank, {site} the one placeholder', async () => {
    http = server();
    const user = typing();
    open();
    await form();
    await user.clear(subject());
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(errorOf(subject())).toHaveTextContent('Escreva o assunto em português'));
    await user.type(subject(), 'Olá de {{empresa}');
    await waitFor(() => expect(errorOf(subject())).toHaveTextContent('Só {site} é preenchido no e-mail; confira: {empresa}'));
    await user.clear(subject());
    await user.type(subject(), 'Olá de {{site}');

    // A subject without its body, in a language not shown: saving brings that language up with the error on the field.
    await choose(user, screen.getByRole('combobox', { name: 'Idioma do e-mail' }), 'Español — usa o texto em português');
    await user.type(subject(), 'Hola');
    await choose(user, screen.getByRole('combobox', { name: 'Idioma do e-mail' }), 'Português (Brasil) — texto base');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(errorOf(body())).toHaveTextContent('Escreva também o texto, ou deixe os dois em branco para usar o texto em português'));
    expect(screen.getByRole('combobox', { name: 'Idioma do e-mail' }).closest('.ant-select')).toHaveTextContent('Español — texto próprio');
    expect(puts(http.calls)).toEqual([]);
  });

  it("puts the server's field errors on their fields, in the user's language, and shows any other failure", async () => {
    let answer: HttpReply = error(400, {
      code: 'VALIDATION_ERROR',
      message: 'Some fields are invalid',
      errors: [{ property: 'texts.en-US.body', message: { maxLength: 'texts.en-US.body must be shorter than or equal to 5000 characters' } }],
    });
    http = server({ save: () => answer });
    const user = typing();
    open();
    await form();
    await user.type(subject(), '!');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(errorOf(body())).toHaveTextContent('Use no máximo 5000 caracteres.'));
    expect(screen.getByRole('combobox', { name: 'Idioma do e-mail' }).closest('.ant-select')).toHaveTextContent('English (US) — texto próprio');
    // What was typed stays.
    await choose(user, screen.getByRole('combobox', { name: 'Idioma do e-mail' }), 'Português (Brasil) — texto base');
    expect(subject()).toHaveValue('Boas-vindas a {site}!');

    answer = error(503, { code: 'DATABASE_UNAVAILABLE', message: 'down' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O banco de dados não está respondendo agora. Tente novamente em alguns segundos.')).toBeInTheDocument();
    expect(screen.getByTestId('welcome-mail-unsaved')).toBeInTheDocument();
  });

  it('a preview that fails says so, with Retry', async () => {
    let failing = true;
    http = server({ preview: (input) => (failing ? error(503, { code: 'SERVICE_UNAVAILABLE', message: 'down' }) : ok(rendered(input))) });
    const user = typing();
    open();
    await form();
    const preview = screen.getByTestId('welcome-preview');
    expect(await within(preview).findByText('Não foi possível mostrar a pré-visualização.')).toBeInTheDocument();
    failing = false;
    await user.click(within(preview).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByTestId('welcome-preview-subject')).toHaveTextContent('Boas-vindas a Vitrine'));
  });
});

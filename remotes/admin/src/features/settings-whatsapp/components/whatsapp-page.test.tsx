import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WHATSAPP_SUCCESS_MESSAGE, type WhatsappSettings } from '@vitrine/contracts';
import { makeWhatsappSettings } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { WhatsappPage } from './whatsapp-page';

const settings = makeWhatsappSettings();

/** The API as built: GET answers the settings; PUT answers what the server keeps (the phone cleaned). */
function server(options: { get?: () => HttpReply; save?: (body: WhatsappSettings) => HttpReply | undefined } = {}) {
  return mockHttp((call: HttpCall) => {
    if (call.url === '/settings/whatsapp' && call.method === 'GET') return options.get?.() ?? ok(settings);
    if (call.url === '/settings/whatsapp' && call.method === 'PUT') {
      const body = call.body as WhatsappSettings;
      return options.save?.(body) ?? { status: 200, data: { data: { ...body, phone: body.phone.replace(/[\s().-]/g, '') }, message: WHATSAPP_SUCCESS_MESSAGE } };
    }
    return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
  });
}

const validation = (errors: { property: string; message: Record<string, string> }[]): HttpReply => ({
  status: 400,
  data: { error: true, statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', errors },
});

const PATH = '/admin/settings-whatsapp';
const open = () => renderPage(PATH, <WhatsappPage />, PATH);
const puts = (calls: HttpCall[]) => calls.filter((c) => c.method === 'PUT');
const form = () => screen.findByTestId('whatsapp-form');
/** A field's error as antd shows it (in the item's explain list). */
const errorOf = (input: HTMLElement) => input.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error');

describe('settings-whatsapp', () => {
  let http: ReturnType<typeof server>;
  afterEach(() => http.restore());

  it('loads the settings into the form and the preview', async () => {
    http = server();
    open();
    const f = await form();
    expect(within(f).getByRole('switch', { name: 'Mostrar o botão no site' })).toBeChecked();
    expect(within(f).getByLabelText('Descrição da mensagem')).toHaveValue('Fale com a gente');
    expect(within(f).getByLabelText('Telefone de contato')).toHaveValue('+5511912345678');
    expect(within(f).getByLabelText('Telefone de contato')).toHaveAccessibleDescription('No formato internacional, com o código do país: +55 11 91234-5678');
    expect(within(f).getByLabelText('Mensagem')).toHaveValue('Olá! Vim pelo site e quero saber mais.');
    expect(within(f).getByLabelText('Cor do botão')).toHaveValue('#1e3a8a');
    expect(within(f).getByTestId('whatsapp-contrast')).toHaveTextContent('Texto do botão: branco, contraste de 10,4:1 — fácil de ler');
    expect(screen.queryByTestId('whatsapp-unsaved')).not.toBeInTheDocument();

    const preview = screen.getByTestId('whatsapp-preview');
    const button = within(preview).getByTestId('whatsapp-preview-button');
    expect(button).toHaveTextContent('Fale com a gente');
    expect(button).toHaveStyle({ background: '#1e3a8a', color: '#ffffff' });
    expect(within(preview).getByTestId('whatsapp-preview-message')).toHaveTextContent('Olá! Vim pelo site e quero saber mais.');
    const link = 'https://wa.me/5511912345678?text=Ol%C3%A1!%20Vim%20pelo%20site%20e%20quero%20saber%20mais.';
    expect(within(preview).getByTestId('whatsapp-preview-link')).toHaveTextContent(link);
    const test = within(preview).getByRole('link', { name: /Testar link/ });
    expect(test).toHaveAttribute('href', link);
    expect(test).toHaveAttribute('target', '_blank');
    expect(test).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('checks phone and message before sending anything', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const f = await form();
    const phone = within(f).getByLabelText('Telefone de contato');
    const message = within(f).getByLabelText('Mensagem');
    await user.clear(phone);
    await user.clear(message);
    await user.click(within(f).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(errorOf(phone)).toHaveTextContent('Telefone de contato é obrigatório'));
    await waitFor(() => expect(errorOf(message)).toHaveTextContent('Mensagem é obrigatória'));
    // with the phone and message empty, there is nothing to test yet
    expect(screen.getByText('Informe um telefone válido para testar o link.')).toBeInTheDocument();

    await user.type(phone, '11 91234-5678');
    await user.click(within(f).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(errorOf(phone)).toHaveTextContent('Use o formato internacional: +55 11 91234-5678'));
    expect(puts(http.calls)).toEqual([]);

    // off, an empty message is fine (a phone, if any, must still be valid, as the API says)
    await user.click(within(f).getByRole('switch', { name: 'Mostrar o botão no site' }));
    // (antd checks a dependent field again a frame later)
    await waitFor(() => expect(errorOf(message)).toBeNull(), { timeout: 5000 });
    // …and the phone's error is drawn again by the same re-check: waited for too, not read mid-way.
    await waitFor(() => expect(errorOf(phone)).toHaveTextContent('Use o formato internacional: +55 11 91234-5678'), { timeout: 5000 });
    expect(screen.getByText('O botão está desligado: o site não o mostra.')).toBeInTheDocument();
    expect(puts(http.calls)).toEqual([]);
  });

  it('saves the cleaned settings, shows success and the phone as the server keeps it', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const f = await form();
    const phone = within(f).getByLabelText('Telefone de contato');
    await user.clear(phone);
    await user.type(phone, ' +55 (21) 98765-4321');
    const description = within(f).getByLabelText('Descrição da mensagem');
    await user.clear(description);
    await user.type(description, '  Chame no WhatsApp ');
    expect(await screen.findByTestId('whatsapp-unsaved')).toHaveTextContent('Alterações não salvas');
    await user.click(within(f).getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(puts(http.calls).map((c) => [c.url, c.body])).toEqual([
        [
          '/settings/whatsapp',
          { enabled: true, description: 'Chame no WhatsApp', phone: '+5521987654321', message: 'Olá! Vim pelo site e quero saber mais.', color: '#1e3a8a' },
        ],
      ]),
    );
    expect(await screen.findByText('Configurações do WhatsApp salvas.')).toBeInTheDocument();
    await waitFor(() => expect(phone).toHaveValue('+5521987654321'));
    expect(description).toHaveValue('Chame no WhatsApp');
    expect(screen.queryByTestId('whatsapp-unsaved')).not.toBeInTheDocument();
  });

  it("shows the server's field error on its field and keeps what was typed", async () => {
    http = server({ save: () => validation([{ property: 'phone', message: { isPhoneNumber: 'Use the international format: +55 11 91234-5678' } }]) });
    const user = userEvent.setup({ delay: null });
    open();
    const f = await form();
    const message = within(f).getByLabelText('Mensagem');
    await user.clear(message);
    await user.type(message, 'Quero um orçamento');
    await user.click(within(f).getByRole('button', { name: 'Salvar' }));

    const phone = within(f).getByLabelText('Telefone de contato');
    await waitFor(() => expect(errorOf(phone)).toHaveTextContent('Use o formato internacional: +55 11 91234-5678'));
    expect(puts(http.calls)).toHaveLength(1);
    expect(message).toHaveValue('Quero um orçamento');
    expect(screen.getByTestId('whatsapp-unsaved')).toBeInTheDocument();
    expect(screen.queryByText('Configurações do WhatsApp salvas.')).not.toBeInTheDocument();
  });

  it('updates the preview as the staff type: label, colour (and its text colour), message and link', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const f = await form();
    const preview = screen.getByTestId('whatsapp-preview');
    const button = within(preview).getByTestId('whatsapp-preview-button');

    const description = within(f).getByLabelText('Descrição da mensagem');
    await user.clear(description);
    await waitFor(() => expect(button).toHaveTextContent('Fale conosco pelo WhatsApp'));
    await user.type(description, 'Orçamento rápido');
    await waitFor(() => expect(button).toHaveTextContent('Orçamento rápido'));

    const color = within(f).getByLabelText('Cor do botão');
    await user.clear(color);
    await user.type(color, '#fde68a');
    await waitFor(() => expect(button).toHaveStyle({ background: '#fde68a', color: '#111827' }));
    expect(within(f).getByTestId('whatsapp-contrast')).toHaveTextContent('Texto do botão: escuro');

    // WhatsApp's own green takes dark text (8.9:1; white would be 2.0:1), as the public button does.
    await user.clear(color);
    await user.type(color, '#25d366');
    await waitFor(() => expect(button).toHaveStyle({ background: '#25d366', color: '#111827' }));
    expect(within(f).getByTestId('whatsapp-contrast')).toHaveTextContent('fácil de ler');

    // A mid-tone red reads poorly with either (4.2:1 at best): the note says so.
    await user.clear(color);
    await user.type(color, '#e53935');
    await waitFor(() => expect(button).toHaveStyle({ background: '#e53935', color: '#ffffff' }));
    expect(within(f).getByTestId('whatsapp-contrast')).toHaveTextContent('razoável');

    const message = within(f).getByLabelText('Mensagem');
    await user.clear(message);
    await user.type(message, 'Oi & tchau');
    await waitFor(() => expect(within(preview).getByTestId('whatsapp-preview-message')).toHaveTextContent('Oi & tchau'));
    expect(within(preview).getByRole('link', { name: /Testar link/ })).toHaveAttribute('href', 'https://wa.me/5511912345678?text=Oi%20%26%20tchau');
  });

  it('shows a failed load with Retry', async () => {
    let fail = true;
    http = server({ get: () => (fail ? { status: 500, data: { error: true, statusCode: 500, code: 'INTERNAL_ERROR', message: 'Boom' } } : ok(settings)) });
    const user = userEvent.setup({ delay: null });
    open();
    const error = await screen.findByTestId('whatsapp-error');
    expect(error).toHaveTextContent('Não foi possível carregar as configurações do WhatsApp.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect(await form()).toBeInTheDocument();
  });
});

import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SITE_SUCCESS_MESSAGE, type SiteSettings } from '@vitrine/contracts';
import { makeWhatsappSettings } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { currentUrl, renderPage } from '../../../testing/render';
import { SettingsPage } from './settings-page';

const saved: SiteSettings = {
  contact: { name: 'Vitrine', email: 'contato@vitrine.com.br', phone: '+55 11 4000-1234', address: 'Av. Paulista, 1000', hours: 'Segunda a sexta, 9h às 18h' },
  social: [{ network: 'instagram', url: 'https://www.instagram.com/vitrine' }],
};

/** The API as built: GET answers the details; PUT answers what the server keeps. */
function server(options: { get?: () => HttpReply; save?: (body: SiteSettings) => HttpReply | undefined } = {}) {
  return mockHttp((call: HttpCall) => {
    if (call.url === '/settings/site' && call.method === 'GET') return options.get?.() ?? ok(saved);
    if (call.url === '/settings/site' && call.method === 'PUT') return options.save?.(call.body as SiteSettings) ?? { status: 200, data: { data: call.body, message: SITE_SUCCESS_MESSAGE } };
    if (call.url === '/settings/whatsapp') return ok(makeWhatsappSettings());
    return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
  });
}

const PATH = '/admin/settings';
const open = (url = PATH) => renderPage(PATH, <SettingsPage />, url);
const puts = (calls: HttpCall[]) => calls.filter((c) => c.method === 'PUT');
const form = () => screen.findByTestId('site-settings-form');
const errorOf = (input: HTMLElement) => input.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error');

describe('settings', () => {
  let http: ReturnType<typeof server>;
  afterEach(() => http.restore());

  it("opens on the company's details, filled with what was saved, one field per network", async () => {
    http = server();
    open();
    const f = await form();
    expect(screen.getByRole('tab', { name: 'Empresa', selected: true })).toBeInTheDocument();
    expect(within(f).getByLabelText('Nome da empresa')).toHaveValue('Vitrine');
    expect(within(f).getByLabelText('E-mail')).toHaveValue('contato@vitrine.com.br');
    expect(within(f).getByLabelText('Horário de atendimento')).toHaveValue('Segunda a sexta, 9h às 18h');
    expect(within(f).getByLabelText('Instagram')).toHaveValue('https://www.instagram.com/vitrine');
    expect(within(f).getByLabelText('LinkedIn')).toHaveValue('');
    expect(screen.queryByTestId('site-settings-unsaved')).not.toBeInTheDocument();
  });

  it('checks the email and the profile addresses before sending anything', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const f = await form();
    await user.clear(within(f).getByLabelText('E-mail'));
    await user.type(within(f).getByLabelText('E-mail'), 'contato@');
    await user.type(within(f).getByLabelText('LinkedIn'), 'linkedin.com/company/vitrine');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(errorOf(within(f).getByLabelText('E-mail'))).toHaveTextContent('Endereço de e-mail inválido'));
    expect(errorOf(within(f).getByLabelText('LinkedIn'))).toHaveTextContent('Use o endereço do perfil começando com https://');
    expect(puts(http.calls)).toEqual([]);
  });

  it('saves the details trimmed, only the networks filled in, and says the site shows them', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const f = await form();
    await user.type(within(f).getByLabelText('YouTube'), ' https://www.youtube.com/@vitrine ');
    await user.clear(within(f).getByLabelText('Instagram'));
    expect(screen.getByTestId('site-settings-unsaved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(http.calls)).toHaveLength(1));
    expect(puts(http.calls)[0]!.body).toEqual({ contact: saved.contact, social: [{ network: 'youtube', url: 'https://www.youtube.com/@vitrine' }] });
    expect(await screen.findByText('Dados da empresa salvos. O site já mostra as mudanças.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('site-settings-unsaved')).not.toBeInTheDocument());
  });

  it("puts the server's field errors on their fields, in the user's language", async () => {
    http = server({
      save: () => ({
        status: 400,
        data: { error: true, statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', errors: [{ property: 'social.instagram', message: { isUrl: 'Use the profile address starting with https://' } }] },
      }),
    });
    const user = userEvent.setup({ delay: null });
    open();
    const f = await form();
    await user.type(within(f).getByLabelText('Nome da empresa'), ' Ltda.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(errorOf(within(f).getByLabelText('Instagram'))).toHaveTextContent('Use o endereço do perfil começando com https://'));
    expect(within(f).getByLabelText('Nome da empresa')).toHaveValue('Vitrine Ltda.');
  });

  it('shows a failure to load with Retry', async () => {
    let fail = true;
    http = server({ get: () => (fail ? { status: 503, data: { error: true, statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' } } : ok(saved)) });
    const user = userEvent.setup({ delay: null });
    open();
    const alert = await screen.findByTestId('site-settings-error');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await form()).toBeInTheDocument();
  });

  it('keeps the open tab in the URL (the WhatsApp button is its own screen, inside)', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await form();
    await user.click(screen.getByRole('tab', { name: 'WhatsApp' }));
    expect(await screen.findByTestId('whatsapp-form')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/admin/settings?tab=whatsapp');
  });
});

import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SITE_SUCCESS_MESSAGE, type Image, type SiteSettings, type SiteSettingsInput } from '@vitrine/contracts';
import { makeWhatsappSettings } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { currentUrl, renderPage } from '../../../testing/render';
import { SettingsPage } from './settings-page';

const saved: SiteSettings = {
  identity: { name: 'Vitrine', logo: null },
  contact: {
    name: 'Vitrine',
    email: 'contato@vitrine.com.br',
    phone: '+55 11 4000-1234',
    address: 'Av. Paulista, 1000',
    hours: 'Segunda a sexta, 9h às 18h',
    hours_translations: { 'en-US': 'Monday to Friday, 9 a.m. to 6 p.m.', 'ht-HT': 'Lendi rive vandredi, soti 9:00 rive 18:00' },
  },
  social: [{ network: 'instagram', url: 'https://www.instagram.com/vitrine' }],
};

const logo: Image = { id: 'logo1', url: '/uploads/images/logo1/640.webp', srcset: '/uploads/images/logo1/320.webp 320w, /uploads/images/logo1/640.webp 640w', width: 640, height: 160 };

/** What the server keeps of a body: the logo by its image (the one uploaded here). */
const kept = (body: SiteSettingsInput): SiteSettings => ({
  identity: { name: body.identity?.name ?? saved.identity.name, logo: body.identity?.logo_id === logo.id ? logo : null },
  contact: body.contact,
  social: body.social,
});

/** The API as built: GET answers the details; PUT answers what the server keeps; an upload answers the logo. */
function server(options: { get?: () => HttpReply; save?: (body: SiteSettingsInput) => HttpReply | undefined } = {}) {
  return mockHttp((call: HttpCall) => {
    if (call.url === '/settings/site' && call.method === 'GET') return options.get?.() ?? ok(saved);
    if (call.url === '/settings/site' && call.method === 'PUT') {
      const body = call.body as SiteSettingsInput;
      return options.save?.(body) ?? { status: 200, data: { data: kept(body), message: SITE_SUCCESS_MESSAGE } };
    }
    if (call.url === '/upload/image' && call.method === 'POST') return { status: 201, data: { data: logo } };
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
    expect(puts(http.calls)[0]!.body).toEqual({ identity: { name: 'Vitrine', logo_id: null }, contact: saved.contact, social: [{ network: 'youtube', url: 'https://www.youtube.com/@vitrine' }] });
    expect(await screen.findByText('Dados da empresa salvos. O site já mostra as mudanças.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('site-settings-unsaved')).not.toBeInTheDocument());
  });

  it('edits the opening hours in each language: a field per language, named in it, the Portuguese hours where blank; saved trimmed, blank ones left out', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const f = await form();
    const group = within(within(f).getByTestId('site-hours-translations'));
    expect(within(f).getByRole('group', { name: 'Horário de atendimento em outros idiomas' })).toBeInTheDocument();
    const field = (language: string) => group.getByRole('textbox', { name: `Horário de atendimento em ${language}` });
    expect(field('English (US)')).toHaveValue('Monday to Friday, 9 a.m. to 6 p.m.');
    expect(field('Kreyòl ayisyen')).toHaveValue('Lendi rive vandredi, soti 9:00 rive 18:00');
    expect(field('Español')).toHaveValue('');
    expect(field('Español')).toHaveAttribute('placeholder', 'Segunda a sexta, 9h às 18h');
    expect(field('Français')).toHaveAttribute('lang', 'fr-FR');

    await user.type(field('Español'), '  De lunes a viernes, de 9:00 a 18:00 ');
    await user.clear(field('Kreyòl ayisyen'));
    await user.type(field('Kreyòl ayisyen'), '   ');
    expect(screen.getByTestId('site-settings-unsaved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(http.calls)).toHaveLength(1));
    expect((puts(http.calls)[0]!.body as SiteSettingsInput).contact).toEqual({
      ...saved.contact,
      hours_translations: { 'en-US': 'Monday to Friday, 9 a.m. to 6 p.m.', 'es-ES': 'De lunes a viernes, de 9:00 a 18:00' },
    });
    await waitFor(() => expect(screen.queryByTestId('site-settings-unsaved')).not.toBeInTheDocument());
    expect(field('Kreyòl ayisyen')).toHaveValue('');

    // The placeholder follows the Portuguese hours as they are typed.
    await user.clear(within(f).getByLabelText('Horário de atendimento'));
    await user.type(within(f).getByLabelText('Horário de atendimento'), 'Todos os dias');
    await waitFor(() => expect(field('Français')).toHaveAttribute('placeholder', 'Todos os dias'));
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

  it("the site's name is required, and saved trimmed with the logo uploaded", async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const f = await form();
    const name = within(f).getByLabelText('Nome do site');
    expect(name).toHaveValue('Vitrine');
    // The field's label names the picker; it says what it does.
    expect(within(f).getByRole('button', { name: 'Logo' })).toHaveTextContent('Enviar logo');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(errorOf(name)).toHaveTextContent('Informe o nome do site'));
    expect(puts(http.calls)).toEqual([]);

    await user.clear(name);
    await user.type(name, ' Acme Studio ');
    await user.upload(f.querySelector<HTMLInputElement>('input[type=file]')!, new File(['png'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(f.querySelector('img')).toHaveAttribute('src', logo.url));
    expect(http.calls.filter((c) => c.url === '/upload/image')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(http.calls)).toHaveLength(1));
    expect(puts(http.calls)[0]!.body).toMatchObject({ identity: { name: 'Acme Studio', logo_id: 'logo1' } });
    await waitFor(() => expect(screen.queryByTestId('site-settings-unsaved')).not.toBeInTheDocument());
    expect(name).toHaveValue('Acme Studio');
  });

  it('refuses a logo of another type or over 2 MB before sending it, on the field, in the language of the screen', async () => {
    http = server();
    const user = userEvent.setup({ delay: null, applyAccept: false });
    open();
    const f = await form();
    // The picker's input is made anew after each file (antd Upload): looked up each time.
    const input = () => f.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif,image/avif');
    const field = () => within(f).getByRole('button', { name: 'Logo' }).closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error');
    await user.upload(input(), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(field()).toHaveTextContent('Envie uma imagem JPEG, PNG, WebP, GIF ou AVIF'));
    const big = new File(['x'], 'logo.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 + 1 });
    await user.upload(input(), big);
    await waitFor(() => expect(field()).toHaveTextContent('O logo deve ter no máximo 2 MB'));
    expect(http.calls.filter((c) => c.url === '/upload/image')).toEqual([]);
  });

  it("puts the server's identity errors on the name and the logo", async () => {
    http = server({
      get: () => ok({ ...saved, identity: { name: 'Vitrine', logo } }),
      save: () => ({
        status: 400,
        data: {
          error: true,
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'Validation failed',
          errors: [
            { property: 'identity.name', message: { isNotEmpty: 'Site name is required' } },
            { property: 'identity.logo_id', message: { maxSize: 'The logo must be 2 MiB or smaller' } },
          ],
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    open();
    const f = await form();
    await user.type(within(f).getByLabelText('Nome do site'), '!');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(errorOf(within(f).getByLabelText('Nome do site'))).toHaveTextContent('Informe o nome do site'));
    expect(f.querySelector('input[type=file]')!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')).toHaveTextContent('O logo deve ter no máximo 2 MB');
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

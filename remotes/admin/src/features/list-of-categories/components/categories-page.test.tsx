import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadTexts, setLanguage } from '@vitrine/core';
import { makeCategory, listPage } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { CategoriesPage } from './categories-page';

const tech = makeCategory({ names: { 'en-US': 'Technology', 'es-ES': 'Tecnología' } });
const design = makeCategory({ id: 2, unique_key: 'design', name: 'Design', text_color: '#ffffff', background_color: '#fde68a', active: false });

function server() {
  return mockHttp((call: HttpCall) => {
    if (call.url === '/category/categories-list') return ok(listPage([tech, design]));
    return ok(tech);
  });
}

const chipIn = (element: HTMLElement) => within(element).getByTestId('category-chip');
const open = () => renderPage('/admin/list-of-categories', <CategoriesPage />, '/admin/list-of-categories');

describe('list-of-categories', () => {
  let http: ReturnType<typeof server>;
  afterEach(() => http.restore());

  it('shows each category as a chip in its own colours', async () => {
    http = server();
    open();
    const chip = await screen.findByText('Tecnologia');
    expect(chip).toHaveStyle({ color: '#ffffff', background: '#1e3a8a' });
    expect(screen.getByRole('switch', { name: 'Status: Design' })).not.toBeChecked();
  });

  it('warns about light text on a light background and fixes it with the suggested colour, live in the preview', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const row = (await screen.findByText('Design')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Editar' }));

    const dialog = await screen.findByRole('dialog');
    const preview = within(dialog).getByTestId('category-preview');
    await waitFor(() => expect(chipIn(preview)).toHaveStyle({ color: '#ffffff', background: '#fde68a' }));
    expect(within(dialog).getByTestId('color-warning')).toHaveTextContent('O fundo é claro: use uma cor de texto escura');

    await user.click(within(dialog).getByRole('button', { name: /Sugerir cor de texto legível/ }));
    await waitFor(() => expect(chipIn(preview)).toHaveStyle({ color: '#000000' }));
    expect(within(dialog).queryByTestId('color-warning')).not.toBeInTheDocument();

    const name = within(dialog).getByLabelText('Nome');
    await user.clear(name);
    await user.type(name, 'UX');
    await waitFor(() => expect(chipIn(preview)).toHaveTextContent('UX'));

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(http.calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/category/category/2/design',
        body: { name: 'UX', text_color: '#000000', background_color: '#fde68a', active: false },
      }),
    );
  });

  it('requires a description before sending anything', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Tecnologia');
    await user.click(screen.getByRole('button', { name: /Nova categoria/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nome'), 'Vendas');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('A descrição é obrigatória.')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.method !== 'POST' || c.url !== '/category/categories-list')).toEqual([]);
  });

  it('asks before deactivating and sends the change after OK', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(await screen.findByRole('switch', { name: 'Status: Tecnologia' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deseja desativar a categoria “Tecnologia”?')).toBeInTheDocument();
    expect(http.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(http.calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/category/category-change-status/1/technology', body: { active: false } }),
    );
  });

  it('edits the name in the four other languages, labelled in their own language, and sends them trimmed (blank ones left out)', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const row = (await screen.findByText('Tecnologia')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog');
    const translations = within(dialog).getByTestId('category-translations');
    expect(translations).toHaveTextContent('Nome em outros idiomas');
    await waitFor(() => expect(within(translations).getByLabelText('English (US)')).toHaveValue('Technology'));
    expect(within(translations).getByLabelText('Español')).toHaveValue('Tecnología');
    expect(within(translations).getByLabelText('Français')).toHaveValue('');
    expect(within(translations).getByLabelText('Kreyòl ayisyen')).toHaveValue('');
    expect(within(translations).getByLabelText('Français')).toHaveAttribute('placeholder', 'Tecnologia');

    await user.type(within(translations).getByLabelText('Français'), '  Technologie ');
    await user.type(within(translations).getByLabelText('Kreyòl ayisyen'), '   ');
    await user.clear(within(translations).getByLabelText('Español'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(http.calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/category/category/1/technology',
        body: { name: 'Tecnologia', names: { 'en-US': 'Technology', 'fr-FR': 'Technologie' } },
      }),
    );
    expect((http.calls.find((c) => c.method === 'PUT')?.body as { names: object }).names).toEqual({ 'en-US': 'Technology', 'fr-FR': 'Technologie' });
  });

  it('creates a category with translations', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Tecnologia');
    await user.click(screen.getByRole('button', { name: /Nova categoria/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nome'), 'Vendas');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Tudo sobre vendas');
    await user.type(within(within(dialog).getByTestId('category-translations')).getByLabelText('English (US)'), 'Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(http.calls.find((c) => c.method === 'POST' && c.url === '/category/category')).toMatchObject({ body: { name: 'Vendas', names: { 'en-US': 'Sales' } } }),
    );
  });

  it('lists each category by its name in the interface language, with the Portuguese name beside it', async () => {
    http = server();
    await setLanguage('en-US');
    await loadTexts(['admin']);
    try {
      const { unmount } = open();
      const chip = await screen.findByText('Technology');
      const row = chip.closest('tr')!;
      expect(within(row).getByTestId('category-pt-name')).toHaveTextContent('In Portuguese: Tecnologia');
      // Design has no English name: its Portuguese one, shown once.
      const design = screen.getByText('Design').closest('tr')!;
      expect(within(design).queryByTestId('category-pt-name')).not.toBeInTheDocument();
      expect(screen.getByRole('switch', { name: 'Status: Technology' })).toBeChecked();
      unmount();
    } finally {
      await setLanguage('pt-BR');
    }
  });

  describe('descriptions in the other languages', () => {
    const described = makeCategory({ descriptions: { 'en-US': 'All about technology', 'ht-HT': 'Tout sa ki gen pou wè ak teknoloji' } });
    /** The API: the list, and a save answered by `reply` (the category itself by default). */
    const api = (reply: (call: HttpCall) => ReturnType<typeof ok> | { status: number; data: unknown } = () => ok(described)) =>
      mockHttp((call: HttpCall) => (call.url === '/category/categories-list' ? ok(listPage([described])) : reply(call)));
    const editDialog = async (user: ReturnType<typeof userEvent.setup>) => {
      const row = (await screen.findByText('Tecnologia')).closest('tr')!;
      await user.click(within(row).getByRole('button', { name: 'Editar' }));
      return screen.findByRole('dialog');
    };

    it('edits them labelled in their own language, the Portuguese one as placeholder, and sends them trimmed (blank ones left out)', async () => {
      http = api();
      const user = userEvent.setup({ delay: null });
      open();
      const dialog = await editDialog(user);
      const fieldset = within(dialog).getByTestId('category-description-translations');
      expect(fieldset).toHaveTextContent('Descrição em outros idiomas');
      const english = within(fieldset).getByLabelText('Descrição em English (US)');
      await waitFor(() => expect(english).toHaveValue('All about technology'));
      expect(within(fieldset).getByLabelText('Descrição em Kreyòl ayisyen')).toHaveValue('Tout sa ki gen pou wè ak teknoloji');
      const french = within(fieldset).getByLabelText('Descrição em Français');
      expect(french).toHaveValue('');
      expect(french).toHaveAttribute('placeholder', 'Tudo sobre tecnologia');
      expect(within(fieldset).getByText('Français')).toHaveAttribute('lang', 'fr-FR');

      await user.type(french, '  Tout sur la technologie ');
      await user.clear(within(fieldset).getByLabelText('Descrição em Kreyòl ayisyen'));
      await user.type(within(fieldset).getByLabelText('Descrição em Español'), '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(http.calls.find((c) => c.method === 'PUT')).toBeDefined());
      const body = http.calls.find((c) => c.method === 'PUT')?.body as { description: string; descriptions: object };
      expect(body.description).toBe('Tudo sobre tecnologia');
      expect(body.descriptions).toEqual({ 'en-US': 'All about technology', 'fr-FR': 'Tout sur la technologie' });
    });

    it("shows the server's refusal of a translation on its field, in the interface language (400 maxLength, 409 name taken)", async () => {
      let refusal: { status: number; data: unknown } = {
        status: 400,
        data: { error: true, statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', errors: [{ property: 'descriptions.fr-FR', message: { maxLength: 'must NOT have more than 500 characters' } }] },
      };
      http = api((call) => (call.method === 'PUT' ? refusal : ok(described)));
      const user = userEvent.setup({ delay: null });
      open();
      let dialog = await editDialog(user);
      await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      const french = within(dialog).getByLabelText('Descrição em Français');
      await waitFor(() => expect(french.closest('.ant-form-item')).toHaveTextContent('Use no máximo 500 caracteres.'));

      refusal = {
        status: 409,
        data: { error: true, statusCode: 409, code: 'CONFLICT', message: 'Another category already has that name in this language', errors: [{ property: 'names.en-US', message: { isUnique: 'x' } }] },
      };
      await setLanguage('en-US');
      await loadTexts(['admin']);
      try {
        await user.click(within(dialog).getByRole('button', { name: 'Save' }));
        dialog = screen.getByRole('dialog');
        const englishName = within(within(dialog).getByTestId('category-translations')).getByLabelText('English (US)');
        await waitFor(() => expect(englishName.closest('.ant-form-item')).toHaveTextContent('Another category already has this name in this language.'));
      } finally {
        await setLanguage('pt-BR');
      }
    });
  });
});

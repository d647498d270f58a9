import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCategory, listPage } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { CategoriesPage } from './categories-page';

const tech = makeCategory();
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
});

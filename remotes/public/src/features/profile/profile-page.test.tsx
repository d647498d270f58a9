import { screen, within } from '@testing-library/react';
import { i18n, setLanguage } from '@vitrine/core';
import type { AuthorCard } from '@vitrine/contracts';
import { author, card } from '../../testing/fixtures';
import { mockHttp, ok, renderPage } from '../../testing/render';
import { ProfilePage } from './profile-page';

const ROUTE = '/profile/:uniqueKey?/:id?';
const other: AuthorCard = { ...author, id: 8, unique_key: 'aa11', name: 'Bruno', last_name: 'Lima', position: 'Designer', biography: null };

describe('ProfilePage', () => {
  let restore: () => void;
  afterEach(() => restore());
  beforeEach(() => i18n.changeLanguage('pt-BR'));

  it('shows the author, initials, articles and You Can Know', async () => {
    const mock = mockHttp(() => ok({ author, articles: [card({ title: 'Texto da Ana' })], others: [other] }));
    restore = mock.restore;
    const { container } = renderPage(ProfilePage, ROUTE, `/profile/${author.unique_key}/7`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Souza' })).toBeInTheDocument();
    expect(mock.calls[0]?.url).toBe(`/public/author/7/${author.unique_key}`);
    expect(screen.getByText('Editora')).toBeInTheDocument();
    expect(container.querySelector('.vt-profile__head .vt-avatar--initials')).toHaveTextContent('AS');
    expect(screen.getByRole('region', { name: 'Sobre' })).toHaveTextContent('Escreve sobre tecnologia.');
    expect(screen.getByRole('heading', { name: 'Texto da Ana' })).toBeInTheDocument();
    const others = screen.getByRole('region', { name: 'Você pode conhecer' });
    expect(within(others).getByRole('link', { name: /Bruno Lima/ })).toHaveAttribute('href', '/profile/aa11/8');
  });

  it("says 'No biography registered' when the biography is empty", async () => {
    await setLanguage('en-US');
    restore = mockHttp(() => ok({ author: { ...author, biography: '' }, articles: [], others: [] })).restore;
    renderPage(ProfilePage, ROUTE, `/profile/${author.unique_key}/7`);
    expect(await screen.findByText('No biography registered')).toBeInTheDocument();
    expect(screen.getByText('No articles published yet.')).toBeInTheDocument();
  });

  it('says so in Portuguese too, for a null biography', async () => {
    restore = mockHttp(() => ok({ author: { ...author, biography: null }, articles: [], others: [] })).restore;
    renderPage(ProfilePage, ROUTE, `/profile/${author.unique_key}/7`);
    expect(await screen.findByText('Nenhuma biografia cadastrada')).toBeInTheDocument();
  });

  it('shows not-found on 404', async () => {
    restore = mockHttp(() => ({ status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'x' } })).restore;
    renderPage(ProfilePage, ROUTE, '/profile/zz/99');
    expect(await screen.findByText('Autor não encontrado')).toBeInTheDocument();
  });
});

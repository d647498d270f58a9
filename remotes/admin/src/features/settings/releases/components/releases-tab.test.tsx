import '../../../../testing/setup';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Release, RemoteReleases, User, UserType } from '@vitrine/contracts';
import { authStore, setLanguage } from '@vitrine/core';
import { formatDateTime } from '@vitrine/utils';
import { setViewport } from '../../../../testing/antd';
import { makeWhatsappSettings } from '../../../../testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../../testing/mock-http';
import { currentUrl, renderPage } from '../../../../testing/render';
import { SettingsPage } from '../../components/settings-page';

/** The build time is the id's (UTC); published four minutes later. */
const builtAt = (id: string) => new Date(Date.UTC(+id.slice(0, 4), +id.slice(4, 6) - 1, +id.slice(6, 8), +id.slice(8, 10), +id.slice(10, 12), +id.slice(12, 14)));
const release = (id: string, overrides: Partial<Release> = {}): Release => ({
  id,
  built_at: builtAt(id).toISOString(),
  published_at: new Date(builtAt(id).getTime() + 4 * 60_000).toISOString(),
  requires: { '@vitrine/core': '^2.0.0', '@vitrine/i18n': '^2.0.0', '@vitrine/ui': '^1.1.0' },
  files: 234,
  bytes: 5_557_453,
  active: false,
  previous: false,
  compatible: true,
  ...overrides,
});

const NEWER = '20261128070000-0a0b0c0d';
const ACTIVE = '20261128063135-94b24bd7';
const PREVIOUS = '20261128050015-f65b2083';
const OLDER = '20261127120000-ffee0011';
const ADMIN_ACTIVE = '20261128063153-58260c2b';

/** What GET /system/releases answers, newest first per remote: the public site with four releases, the back office with one. */
const both: RemoteReleases[] = [
  {
    remote: 'public',
    active: ACTIVE,
    previous: PREVIOUS,
    keep: 5,
    releases: [
      release(NEWER, {
        requires: { '@vitrine/core': '^3.0.0', '@vitrine/ui': '^1.1.0' },
        compatible: false,
        incompatibility: `public release ${NEWER} needs @vitrine/core ^3.0.0, which the shell does not provide (it has 2.0.0, read from /srv/vitrine/hosts/shell/dist/mf-manifest.json): deploy a shell that provides it first`,
      }),
      release(ACTIVE, { active: true }),
      release(PREVIOUS, { previous: true, files: 230, bytes: 812_000 }),
      release(OLDER, { requires: {} }),
    ],
  },
  { remote: 'admin', active: ADMIN_ACTIVE, previous: null, keep: 5, releases: [release(ADMIN_ACTIVE, { active: true, files: 96, bytes: 2_400_000 })] },
];
const none: RemoteReleases[] = [
  { remote: 'public', active: null, previous: null, keep: 5, releases: [] },
  { remote: 'admin', active: null, previous: null, keep: 5, releases: [] },
];

const unavailable: HttpReply = { status: 503, data: { error: true, statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' } };

/** The API: the releases (or what `releases` answers), the settings the other tabs read. */
function server(releases: () => HttpReply = () => ok(both)) {
  return mockHttp((call: HttpCall) => {
    if (call.url === '/system/releases' && call.method === 'GET') return releases();
    if (call.url === '/settings/site') return ok({ identity: { name: 'Vitrine', logo: null }, contact: { name: 'Vitrine', email: '', phone: '', address: '', hours: '' }, social: [] });
    if (call.url === '/settings/whatsapp') return ok(makeWhatsappSettings());
    return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
  });
}

/** The signed-in staff member (the auth store the shell shares), of the given type, with the settings access. */
function signInAs(type: UserType) {
  const user: User = {
    id: 7,
    unique_key: 'k7',
    name: 'Ana',
    last_name: 'Admin',
    email: 'ana@vitrine.test',
    position: 'Operações',
    type,
    status: 'active',
    accesses: ['settings'],
    gender: 'female',
    phone: null,
    tax_id: null,
    biography: null,
    photo: null,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
  };
  authStore.setState({ authUser: user, authToken: 'token', roles: [{ name: 'settings', active_routes: ['settings', 'seo', 'settings-whatsapp'] }] });
}

const PATH = '/admin/settings';
const open = (url = `${PATH}?tab=releases`) => renderPage(PATH, <SettingsPage />, url);
const releaseCalls = (calls: HttpCall[]) => calls.filter((c) => c.url === '/system/releases');
const remote = (name: 'public' | 'admin') => screen.findByTestId(`releases-${name}`);
const commandsIn = (element: HTMLElement) => within(element).queryAllByTestId('release-command').map((c) => c.querySelector('code')!.textContent);

describe('settings, releases', () => {
  let http: ReturnType<typeof server>;
  const media = window.matchMedia;
  beforeEach(() => signInAs('admin'));
  afterEach(() => {
    // Unmounted first: signing out under a mounted page would re-render it outside the test.
    cleanup();
    http.restore();
    window.matchMedia = media;
    authStore.setState({ authUser: null, authToken: null, roles: [] });
  });

  it("shows an administrator each remote's releases in a table: the active one, where a rollback goes, an incompatible one and why, and the commands", async () => {
    setViewport(1366);
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const site = await remote('public');
    expect(screen.getByRole('tab', { name: 'Versões', selected: true })).toBeInTheDocument();
    expect(within(site).getByRole('table', { name: 'Site público: versões guardadas, da mais nova para a mais antiga' })).toBeInTheDocument();
    expect(within(site).getByText('4 versões guardadas')).toBeInTheDocument();
    expect(within(site).getAllByRole('row').slice(1).map((row) => row.querySelector('.vt-releases__id')?.textContent)).toEqual([NEWER, ACTIVE, PREVIOUS, OLDER]);

    // The active one: highlighted, marked, built and published in the user's language; nothing to run for it.
    const active = within(site).getByTestId(`release-${ACTIVE}`);
    expect(active).toHaveClass('vt-releases__row--active');
    expect(within(active).getByText('Ativa')).toBeInTheDocument();
    expect(within(active).getByText(formatDateTime('2026-11-28T06:31:35.000Z'))).toBeInTheDocument();
    expect(within(active).getByText(formatDateTime('2026-11-28T06:35:35.000Z'))).toBeInTheDocument();
    expect(within(active).getByText('5,3 MB')).toBeInTheDocument();
    expect(within(active).getByText('234 arquivos')).toBeInTheDocument();
    expect(within(active).getByText('@vitrine/core ^2.0.0')).toBeInTheDocument();
    expect(within(active).getByText('É a versão servida agora.')).toBeInTheDocument();
    expect(commandsIn(active)).toEqual([]);
    expect(within(site).getByTestId('releases-public-active')).toHaveTextContent(ACTIVE);

    // The previous one: where a rollback goes, and the rollback command above the table.
    const previous = within(site).getByTestId(`release-${PREVIOUS}`);
    expect(within(previous).getByText('Anterior')).toBeInTheDocument();
    expect(within(previous).getByText('O rollback volta para esta versão.')).toBeInTheDocument();
    expect(within(previous).getByText('793 KB')).toBeInTheDocument();
    expect(commandsIn(previous)).toEqual([`npm run release -- activate public ${PREVIOUS}`]);
    const rollback = within(site).getByTestId('releases-public-rollback');
    expect(rollback).toHaveTextContent(`Volta para ${PREVIOUS}`);
    expect(commandsIn(rollback)).toEqual(['npm run release -- rollback public']);

    // The incompatible one: marked, the package it needs named in the user's language, no command to activate it.
    const newer = within(site).getByTestId(`release-${NEWER}`);
    expect(within(newer).getByText('Incompatível')).toBeInTheDocument();
    const warning = within(newer).getByTestId('release-incompatibility');
    expect(warning).toHaveTextContent('Incompatível com o shell em uso');
    expect(warning).toHaveTextContent('Ela requer @vitrine/core ^3.0.0, e o shell em uso oferece 2.0.0.');
    expect(warning).toHaveTextContent('é recusado até ser publicado um shell que ofereça o que ela requer');
    expect(within(newer).getByText('@vitrine/core ^3.0.0')).toHaveAttribute('data-unmet', 'true');
    expect(commandsIn(newer)).toEqual([]);

    // An older one without requirements says so, and can be activated.
    const older = within(site).getByTestId(`release-${OLDER}`);
    expect(within(older).getByText('Nenhum pacote compartilhado')).toBeInTheDocument();
    expect(commandsIn(older)).toEqual([`npm run release -- activate public ${OLDER}`]);
    expect(within(site).getByText('O servidor guarda as 5 versões mais recentes, além da ativa e da anterior; as outras são apagadas a cada publicação ou troca de versão.')).toBeInTheDocument();

    // The back office: its one release, active; nothing to roll back to.
    const office = await remote('admin');
    expect(within(office).getByRole('heading', { name: 'Painel administrativo' })).toBeInTheDocument();
    expect(within(site).getByRole('heading', { name: 'Site público' })).toBeInTheDocument();
    expect(within(within(office).getByTestId(`release-${ADMIN_ACTIVE}`)).getByText('Ativa')).toBeInTheDocument();
    expect(within(office).getByTestId('releases-admin-rollback')).toHaveTextContent('Não há versão anterior para voltar.');
    expect(commandsIn(office)).toEqual([]);

    // A command is copied as shown.
    await user.click(within(rollback).getByRole('button', { name: 'Copiar o comando npm run release -- rollback public' }));
    expect(await screen.findByText('Comando copiado.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('npm run release -- rollback public');

    // Read only: one read, nothing else asked of the API, and no write action on the screen.
    expect(http.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(releaseCalls(http.calls)).toHaveLength(1);
    expect(within(screen.getByTestId('releases-tab')).getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Atualizar',
      'Copiar o comando npm run release -- rollback public',
      `Copiar o comando npm run release -- activate public ${PREVIOUS}`,
      `Copiar o comando npm run release -- activate public ${OLDER}`,
    ]);
  });

  it('shows the releases as a list of cards on a phone, with the same marks', async () => {
    setViewport(390);
    http = server();
    open();
    const site = await remote('public');
    expect(within(site).queryByRole('table')).not.toBeInTheDocument();
    const list = within(site).getByRole('list', { name: 'Site público: versões guardadas, da mais nova para a mais antiga' });
    expect(within(list).getAllByRole('listitem').filter((item) => item.parentElement === list)).toHaveLength(4);
    const active = within(list).getByTestId(`release-${ACTIVE}`);
    expect(active).toHaveClass('vt-releases__row--active');
    expect(within(active).getByText('Ativa')).toBeInTheDocument();
    expect(within(active).getByText('Build')).toBeInTheDocument();
    expect(within(active).getByText('Publicada em')).toBeInTheDocument();
    expect(within(within(list).getByTestId(`release-${PREVIOUS}`)).getByText('Anterior')).toBeInTheDocument();
    expect(within(within(list).getByTestId(`release-${NEWER}`)).getByTestId('release-incompatibility')).toHaveTextContent('Ela requer @vitrine/core ^3.0.0');
    expect(commandsIn(site)).toEqual(['npm run release -- rollback public', `npm run release -- activate public ${PREVIOUS}`, `npm run release -- activate public ${OLDER}`]);
  });

  it("says in the user's language when the server cannot tell whether a release fits the shell, and offers no command for it", async () => {
    setViewport(1366);
    const unknown = both.map((r) => ({ ...r, releases: r.releases.map(({ incompatibility: _, ...x }) => ({ ...x, compatible: x.active ? x.compatible : null })) }));
    http = server(() => ok(unknown));
    await act(() => setLanguage('en-US'));
    try {
      open();
      const site = await remote('public');
      const previous = within(site).getByTestId(`release-${PREVIOUS}`);
      expect(within(previous).getByText('Compatibility unknown')).toBeInTheDocument();
      expect(previous).toHaveTextContent('activating a release is refused until the shell is built or deployed');
      expect(within(site).getByTestId('releases-public-rollback')).toHaveTextContent('It would be refused');
      expect(commandsIn(site)).toEqual([]);
      expect(within(within(site).getByTestId(`release-${ACTIVE}`)).getByText('5.3 MB')).toBeInTheDocument();
    } finally {
      cleanup();
      await act(() => setLanguage('pt-BR'));
    }
  });

  it('says when a remote has no release yet, with the command that publishes one', async () => {
    http = server(() => ok(none));
    open();
    for (const name of ['public', 'admin'] as const) {
      const empty = await screen.findByTestId(`releases-${name}-empty`);
      expect(empty).toHaveTextContent('Nenhuma versão publicada ainda');
      expect(commandsIn(empty)).toEqual([`npm run release -- publish ${name}`]);
    }
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the releases could not be loaded, and Retry asks again', async () => {
    let fail = true;
    http = server(() => (fail ? unavailable : ok(both)));
    const user = userEvent.setup({ delay: null });
    open();
    const alert = await screen.findByTestId('releases-error');
    expect(alert).toHaveTextContent('Não foi possível carregar as versões.');
    expect(screen.queryByTestId('releases-public')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await remote('public')).toBeInTheDocument();
    expect(screen.queryByTestId('releases-error')).not.toBeInTheDocument();
    expect(releaseCalls(http.calls)).toHaveLength(2);
  });

  it('Refresh reads the releases again (after a command ran on the server)', async () => {
    let answer = both;
    http = server(() => ok(answer));
    const user = userEvent.setup({ delay: null });
    open();
    expect(await screen.findByTestId('releases-public-active')).toHaveTextContent(ACTIVE);
    answer = [{ ...both[0]!, active: PREVIOUS, previous: null, releases: both[0]!.releases.map((r) => ({ ...r, active: r.id === PREVIOUS, previous: false })) }, both[1]!];
    await user.click(screen.getByRole('button', { name: /Atualizar/ }));
    await waitFor(() => expect(screen.getByTestId('releases-public-active')).toHaveTextContent(PREVIOUS));
    expect(screen.getByTestId('releases-public-rollback')).toHaveTextContent('Não há versão anterior para voltar.');
  });

  it.each([['operational'], ['marketing_director']] as const)('is not there for a user of type %s: no tab, its address opens the first one, nothing asked', async (type) => {
    signInAs(type);
    http = server();
    const { router } = open();
    expect(await screen.findByTestId('site-settings-form')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Empresa', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Webhooks' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Versões' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('releases-tab')).not.toBeInTheDocument();
    expect(releaseCalls(http.calls)).toEqual([]);
    expect(currentUrl(router)).toBe(`${PATH}?tab=releases`);
  });

  it('is a tab of its own for an administrator, kept in the URL', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = open(PATH);
    await screen.findByTestId('site-settings-form');
    await user.click(screen.getByRole('tab', { name: 'Versões' }));
    expect(await remote('public')).toBeInTheDocument();
    expect(currentUrl(router)).toBe(`${PATH}?tab=releases`);
  });
});

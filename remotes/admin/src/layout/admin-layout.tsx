import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { App as AntApp, Avatar, Button, ConfigProvider, Drawer, Dropdown, Layout, Menu, theme as antdTheme } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import ptBR from 'antd/locale/pt_BR';
import { ADMIN_ROUTE_NAMES, ADMIN_ROUTES, canOpenRoute, buildPath, REMOTES, type AdminRouteName, type RemotePagesModule } from '@vitrine/contracts';
import { Link, type Locale, Outlet, setLanguage, useAuth, useLocation, useMatches, useNavigate, useTranslation } from '@vitrine/core';
import { LanguageSwitcher, Logo, themeTokens } from '@vitrine/ui';

/**
 * antd component tokens of the back office: a switch that is off is a grey its words read against at 4.8:1,
 * not antd's translucent black (2.6:1).
 */
const componentTokens = { Switch: { colorTextQuaternary: '#6b7280', colorTextTertiary: '#4b5563' } };
import { initials } from '@vitrine/utils';
import type { RouteHandle } from '../app/router';
import { loadedRemotePages, loadRemotePages } from '../federation/remotes';
import { RemoteSlot } from '../federation/remote-slot';
import './admin-layout.css';

/** Routes that are pages of their own in the menu (compose opens from the articles list; seo is also a tab of settings). */
const MENU: AdminRouteName[] = ADMIN_ROUTE_NAMES.filter((name) => name !== 'compose');

/** Below antd's `lg` breakpoint the menu is a drawer opened from the header, not a column beside the page. */
const PHONE_QUERY = '(max-width: 991.98px)';

function subscribeToPhone(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

/** Whether the screen is a phone's (or a narrow tablet's), read at once so the first render has the right chrome. */
function usePhone(): boolean {
  return useSyncExternalStore(subscribeToPhone, () => window.matchMedia(PHONE_QUERY).matches, () => false);
}

/**
 * antd's own texts (pagination, date pickers, empty tables) in the interface language: pt-BR and en-US ship
 * with the chrome; Spanish and French are fetched when chosen, and Haitian Creole, which antd lacks, reads the
 * French ones (the language its speakers also read).
 */
const ANTD_LOCALES: Partial<Record<Locale, () => Promise<AntdLocale>>> = {
  'es-ES': () => import('antd/locale/es_ES').then((m) => m.default),
  'fr-FR': () => import('antd/locale/fr_FR').then((m) => m.default),
  'ht-HT': () => import('antd/locale/fr_FR').then((m) => m.default),
};

function useAntdLocale(language: string): AntdLocale {
  const [fetched, setFetched] = useState<{ language: string; locale: AntdLocale } | undefined>();
  useEffect(() => {
    const load = ANTD_LOCALES[language as Locale];
    if (!load) return undefined;
    let live = true;
    load().then(
      (locale) => live && setFetched({ language, locale }),
      () => undefined, // English texts stay
    );
    return () => {
      live = false;
    };
  }, [language]);
  if (language === 'pt-BR') return ptBR;
  return fetched?.language === language ? fetched.locale : enUS;
}

/**
 * The admin chrome (antd is loaded here, never on public pages). The menu lists only routes the user may
 * open: a column on wide screens (collapsible), a drawer from the header's menu button on phones, closed
 * again on every navigation, so no page loses width to it.
 */
export function AdminLayout() {
  const { t, i18n } = useTranslation('chrome');
  const antdLocale = useAntdLocale(i18n.language);
  const user = useAuth((s) => s.authUser);
  const roles = useAuth((s) => s.roles);
  const navigate = useNavigate();
  const matches = useMatches();
  const [collapsed, setCollapsed] = useState(false);
  const phone = usePhone();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const current = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.name).find(Boolean);
  const { pathname } = useLocation();
  useEffect(() => setDrawerOpen(false), [pathname, phone]);

  // Only the screens the deployed admin remote provides (a newer remote adds its entries by itself), with its badges.
  const [remote, setRemote] = useState<RemotePagesModule | undefined>(() => loadedRemotePages(REMOTES.admin));
  useEffect(() => {
    if (remote) return;
    let live = true;
    loadRemotePages(REMOTES.admin).then(
      (mod) => live && setRemote(mod),
      () => undefined, // the page itself shows the fallback with Retry
    );
    return () => {
      live = false;
    };
  }, [remote]);

  const items = useMemo(
    () =>
      MENU.filter((name) => canOpenRoute(roles, name) && (!remote || name in remote.pages)).map((name) => {
        const Badge = remote?.badges?.[name];
        return {
          key: name,
          label: (
            <>
              <Link to={buildPath(ADMIN_ROUTES[name])}>{t(`menu.${name}`)}</Link>
              {Badge && (
                <span className="vt-admin__menu-badge">
                  <RemoteSlot name="menu badge"><Badge /></RemoteSlot>
                </span>
              )}
            </>
          ),
        };
      }),
    [roles, t, remote],
  );

  const fullName = user ? `${user.name} ${user.last_name}` : '';
  return (
    <ConfigProvider locale={antdLocale} theme={{ token: themeTokens, components: componentTokens, algorithm: antdTheme.defaultAlgorithm }}>
      <AntApp>
        <Layout className="vt-admin" hasSider>
          {phone ? (
            <Drawer
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              placement="left"
              size={280}
              title={t('layout.menu')}
              className="vt-admin__drawer"
              styles={{ body: { padding: 0 } }}
            >
              <Menu mode="inline" selectedKeys={current ? [current] : []} items={items} data-testid="admin-menu" />
            </Drawer>
          ) : (
            <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} width={232} className="vt-admin__sider" theme="dark">
              <Link to={ADMIN_ROUTES.dashboard} className="vt-admin__brand" aria-label="Vitrine">
                <Logo variant="light" compact={collapsed} />
              </Link>
              <Menu theme="dark" mode="inline" selectedKeys={current ? [current] : []} items={items} data-testid="admin-menu" />
            </Layout.Sider>
          )}
          <Layout>
            <Layout.Header className="vt-admin__header">
              {phone && (
                <>
                  <Button
                    type="text"
                    icon={<MenuOutlined />}
                    aria-label={t('layout.menu')}
                    aria-expanded={drawerOpen}
                    onClick={() => setDrawerOpen(true)}
                    className="vt-admin__menu-button"
                    data-testid="admin-menu-button"
                  />
                  <Link to={ADMIN_ROUTES.dashboard} className="vt-admin__phone-brand" aria-label="Vitrine">
                    <Logo compact />
                  </Link>
                </>
              )}
              <span className="vt-admin__title">{current ? t(`menu.${current}`, { defaultValue: '' }) : ''}</span>
              <div className="vt-admin__actions">
                <LanguageSwitcher value={i18n.language as Locale} onChange={(locale) => void setLanguage(locale)} />
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'profile', label: t('menu.settings-profile'), onClick: () => navigate(ADMIN_ROUTES['settings-profile']) },
                      { key: 'site', label: t('layout.viewSite'), onClick: () => navigate('/') },
                      { type: 'divider' },
                      { key: 'logout', danger: true, label: t('common:nav.logout'), onClick: () => navigate('/logout') },
                    ],
                  }}
                >
                  <Button type="text" className="vt-admin__user" data-testid="admin-user">
                    <Avatar src={user?.photo ?? undefined} style={{ background: '#7c3aed' }}>
                      {initials(fullName)}
                    </Avatar>
                    <span>{fullName}</span>
                  </Button>
                </Dropdown>
              </div>
            </Layout.Header>
            <Layout.Content className="vt-admin__content">
              <Outlet />
            </Layout.Content>
          </Layout>
        </Layout>
      </AntApp>
    </ConfigProvider>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { App as AntApp, Avatar, Button, ConfigProvider, Dropdown, Layout, Menu, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import ptBR from 'antd/locale/pt_BR';
import { ADMIN_ROUTE_NAMES, ADMIN_ROUTES, canOpenRoute, buildPath, REMOTES, type AdminRouteName, type RemotePagesModule } from '@vitrine/contracts';
import { Link, type Locale, Outlet, setLanguage, useAuth, useMatches, useNavigate, useTranslation } from '@vitrine/core';
import { LanguageSwitcher, Logo, themeTokens } from '@vitrine/ui';
import { initials } from '@vitrine/utils';
import type { RouteHandle } from '../app/router';
import { loadedRemotePages, loadRemotePages } from '../federation/remotes';
import { RemoteSlot } from '../federation/remote-slot';
import './admin-layout.css';

/** Routes that are pages of their own in the menu (compose opens from the articles list, seo sits in settings). */
const MENU: AdminRouteName[] = ADMIN_ROUTE_NAMES.filter((name) => name !== 'compose');

/** The admin chrome (antd is loaded here, never on public pages). The menu lists only routes the user may open. */
export function AdminLayout() {
  const { t, i18n } = useTranslation('chrome');
  const user = useAuth((s) => s.authUser);
  const roles = useAuth((s) => s.roles);
  const navigate = useNavigate();
  const matches = useMatches();
  const [collapsed, setCollapsed] = useState(false);
  const current = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.name).find(Boolean);

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
    <ConfigProvider locale={i18n.language === 'pt-BR' ? ptBR : enUS} theme={{ token: themeTokens, algorithm: antdTheme.defaultAlgorithm }}>
      <AntApp>
        <Layout className="vt-admin" hasSider>
          <Layout.Sider
            collapsible
            collapsed={collapsed}
            onCollapse={setCollapsed}
            breakpoint="lg"
            width={232}
            className="vt-admin__sider"
            theme="dark"
          >
            <Link to={ADMIN_ROUTES.dashboard} className="vt-admin__brand" aria-label="Vitrine">
              <Logo variant="light" compact={collapsed} />
            </Link>
            <Menu theme="dark" mode="inline" selectedKeys={current ? [current] : []} items={items} data-testid="admin-menu" />
          </Layout.Sider>
          <Layout>
            <Layout.Header className="vt-admin__header">
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

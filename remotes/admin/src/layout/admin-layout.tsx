import { Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { ADMIN_ROUTE_NAMES, ADMIN_ROUTES, canOpenRoute, buildPath, MAIN_CONTENT_ID, type AdminRouteName, type RouteHandle } from '@vitrine/contracts';
import { Link, type Locale, Outlet, setLanguage, useAuth, useLocation, useMatches, useTranslation } from '@vitrine/core';
import { LanguageSwitcher, Logo } from '@vitrine/ui';
import { initials } from '@vitrine/utils';
import { ADMIN_NS } from '../texts';
import { badges } from './badges';
import { useMenuCollapsed } from './menu-collapsed';
import { MenuIcon, type MenuRouteName } from './menu-icons';
import { useMenuTip } from './menu-tip';
import { SilentBoundary } from './silent-boundary';
import './admin-layout.css';

/** Routes that are pages of their own in the menu (compose opens from the articles list; seo is also a tab of settings). */
const MENU = ADMIN_ROUTE_NAMES.filter((name): name is MenuRouteName => name !== 'compose');

/** Whether a route name is an admin screen's (each has its menu label); the shell's not-found page inside /admin is not. */
const isAdminRoute = (name: string | undefined): name is AdminRouteName => (ADMIN_ROUTE_NAMES as readonly string[]).includes(name ?? '');

/** Below 992 px the menu is a drawer opened from the header, not a column beside the page. */
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

/** Closes a popup on Escape and on a click outside `box` (its own button toggles it). */
function useDismiss(open: boolean, close: () => void, box: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    const onPointer = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, box]);
}

/**
 * The routes the user may open, the open one marked, each with its badge (the inbox's unread count). The column's
 * entries have icons (all that shows of them when it is collapsed: their label stays their accessible name and
 * their tip); the phone's drawer lists the labels alone.
 */
function MenuList({ current, icons = false }: { current: string | undefined; icons?: boolean }) {
  const { t } = useTranslation(ADMIN_NS);
  const roles = useAuth((s) => s.roles);
  return (
    <ul className="vt-admin__menu" data-testid="admin-menu">
      {MENU.filter((name) => canOpenRoute(roles, name)).map((name) => {
        const Badge = badges[name];
        const label = t(`menu.${name}`);
        return (
          <li key={name}>
            <Link
              to={buildPath(ADMIN_ROUTES[name])}
              aria-current={current === name ? 'page' : undefined}
              className="vt-admin__menu-link"
              data-tip={icons ? label : undefined}
            >
              {icons && <MenuIcon name={name} />}
              <span className="vt-admin__menu-label">{label}</span>
              {Badge && (
                <span className="vt-admin__menu-badge">
                  <SilentBoundary name="menu badge">
                    <Suspense fallback={null}>
                      <Badge />
                    </Suspense>
                  </SilentBoundary>
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The phone's menu: a panel over the page from the left, with its own close button; Escape or the backdrop closes it. */
function MenuDrawer({ current, onClose }: { current: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="vt-admin__drawer">
      <div className="vt-admin__backdrop" onClick={onClose} aria-hidden="true" />
      <div className="vt-admin__drawer-panel" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panel}>
        <div className="vt-admin__drawer-head">
          <span id={titleId} className="vt-admin__drawer-title">
            {t('layout.menu')}
          </span>
          <button type="button" className="vt-admin__icon-button" onClick={onClose} aria-label={t('layout.closeMenu')}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <nav aria-label={t('layout.navigation')}>
          <MenuList current={current} />
        </nav>
      </div>
    </div>
  );
}

/**
 * The wide screens' menu column, with a toggle at its foot that collapses it to its icons (72 px instead of 232,
 * the page reflowing into the width) and expands it again; the choice is remembered across reloads. Collapsed,
 * each entry's label is out of sight but still its accessible name, and shows beside it on hover and focus.
 */
function MenuColumn({ current }: { current: string | undefined }) {
  const { t } = useTranslation(ADMIN_NS);
  const [collapsed, setCollapsed] = useMenuCollapsed();
  const tip = useMenuTip(collapsed);
  const columnId = useId();
  const toggleLabel = t(collapsed ? 'layout.expandMenu' : 'layout.collapseMenu');
  return (
    <aside id={columnId} className={`vt-admin__sider${collapsed ? ' vt-admin__sider--collapsed' : ''}`} data-testid="admin-sider" {...tip.handlers}>
      <Link to={ADMIN_ROUTES.dashboard} className="vt-admin__brand" aria-label="Vitrine">
        <Logo variant="light" compact={collapsed} />
      </Link>
      <nav aria-label={t('layout.navigation')} className="vt-admin__nav">
        <MenuList current={current} icons />
      </nav>
      <div className="vt-admin__sider-foot">
        <button
          type="button"
          className="vt-admin__collapse"
          aria-expanded={!collapsed}
          aria-controls={columnId}
          data-tip={collapsed ? toggleLabel : undefined}
          onClick={() => setCollapsed(!collapsed)}
          data-testid="admin-menu-toggle"
        >
          <svg className="vt-admin__collapse-icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="m11 17-5-5 5-5M18 17l-5-5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="vt-admin__collapse-label">{toggleLabel}</span>
        </button>
      </div>
      {tip.element}
    </aside>
  );
}

/** The signed-in user's button and its menu (profile, the site, sign out). */
function UserMenu() {
  const { t } = useTranslation(ADMIN_NS);
  const user = useAuth((s) => s.authUser);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();
  const close = useRef(() => setOpen(false)).current;
  useDismiss(open, close, box);
  const fullName = user ? `${user.name} ${user.last_name}` : '';
  return (
    <div className="vt-admin__user-box" ref={box}>
      <button type="button" className="vt-admin__user" data-testid="admin-user" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        <span className="vt-admin__avatar" aria-hidden="true">
          {user?.photo ? <img src={user.photo} alt="" width={32} height={32} /> : initials(fullName)}
        </span>
        <span className="vt-admin__user-name">{fullName}</span>
      </button>
      {open && (
        <ul className="vt-admin__user-menu" id={listId} onClick={close}>
          <li>
            <Link to={ADMIN_ROUTES['settings-profile']}>{t('menu.settings-profile')}</Link>
          </li>
          <li>
            <Link to="/">{t('layout.viewSite')}</Link>
          </li>
          <li className="vt-admin__user-menu-end">
            <Link to="/logout" className="vt-admin__logout">
              {t('common:nav.logout')}
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}

/**
 * The admin chrome (RemotePagesModule.layout: the shell draws it around the admin pages). Plain React and CSS,
 * no antd: the dashboard, the first screen after signing in, loads no antd at all, and each other screen brings
 * the antd parts it uses (docs/decisions/admin-weight.md). The menu lists only routes the user may open: a
 * column on wide screens (collapsible to its icons), a drawer from the header's menu button on phones, closed
 * again on every navigation, so no page loses width to it.
 */
export function AdminLayout() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const matches = useMatches();
  const phone = usePhone();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const current = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.name).find(Boolean);
  const { pathname } = useLocation();
  useEffect(() => setDrawerOpen(false), [pathname, phone]);
  const closeDrawer = useRef(() => {
    setDrawerOpen(false);
    menuButton.current?.focus();
  }).current;

  return (
    <div className="vt-admin">
      {/* Keyboard users reach the page without tabbing through the whole menu first. */}
      <a className="vt-skip" href={`#${MAIN_CONTENT_ID}`}>
        {t('common:nav.skipToContent')}
      </a>
      {!phone && <MenuColumn current={current} />}
      <div className="vt-admin__body">
        <header className="vt-admin__header">
          {phone && (
            <>
              <button
                type="button"
                ref={menuButton}
                className="vt-admin__icon-button vt-admin__menu-button"
                aria-label={t('layout.menu')}
                aria-expanded={drawerOpen}
                onClick={() => setDrawerOpen(true)}
                data-testid="admin-menu-button"
              >
                <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
              <Link to={ADMIN_ROUTES.dashboard} className="vt-admin__phone-brand" aria-label="Vitrine">
                <Logo compact />
              </Link>
            </>
          )}
          <span className="vt-admin__title">{isAdminRoute(current) ? t(`menu.${current}`) : ''}</span>
          <div className="vt-admin__actions">
            <LanguageSwitcher value={i18n.language as Locale} onChange={(locale) => void setLanguage(locale)} />
            <UserMenu />
          </div>
        </header>
        <main id={MAIN_CONTENT_ID} className="vt-admin__content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {phone && drawerOpen && <MenuDrawer current={current} onClose={closeDrawer} />}
    </div>
  );
}

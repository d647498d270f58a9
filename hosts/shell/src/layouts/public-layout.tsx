import { useEffect, useRef } from 'react';
import { ADMIN_ROUTES, buildPath, MAIN_CONTENT_ID, PUBLIC_ROUTES, REMOTES, type RouteData } from '@vitrine/contracts';
import { Link, type Locale, NavLink, Outlet, setLanguage, useAuth, useLocation, useMatches, useTranslation } from '@vitrine/core';
import { LanguageSwitcher, Logo } from '@vitrine/ui';
import { useHydrated } from '../app/use-hydrated';
import { isLoadedPage } from '../federation/public-route';
import { loadedRemotePages } from '../federation/remotes';
import { RemoteSlot } from '../federation/remote-slot';
import './layouts.css';

const NAV = [
  { to: PUBLIC_ROUTES.home, key: 'nav.home', end: true },
  { to: PUBLIC_ROUTES.blog, key: 'nav.blog', end: false },
  { to: PUBLIC_ROUTES['rc-sistemI'], key: 'nav.product', end: false },
  { to: buildPath(PUBLIC_ROUTES.faq), key: 'nav.faq', end: false },
  { to: PUBLIC_ROUTES.contact, key: 'nav.contact', end: false },
] as const;

function NavLinks() {
  const { t } = useTranslation('chrome');
  return (
    <>
      {NAV.map((item) => (
        <NavLink key={item.key} to={item.to} end={item.end}>
          {t(item.key)}
        </NavLink>
      ))}
    </>
  );
}

/**
 * The phone's menu: a <details> disclosure, so it opens before the page's code has loaded (and without it);
 * closed again on every navigation.
 */
function PhoneMenu({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('chrome');
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname, search]);
  return (
    <details className="vt-public__menu" ref={menu}>
      <summary className="vt-public__menu-button">
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{t('nav.menu')}</span>
      </summary>
      <div className="vt-public__menu-panel">
        <nav aria-label={t('nav.label')}>
          <NavLinks />
        </nav>
        <div className="vt-public__menu-actions">{children}</div>
      </div>
    </details>
  );
}

/**
 * The public remote's part of the footer (RemotePagesModule.footer: newsletter, contact details, social links),
 * on the remote's pages only: it reads their route data, and the remote is loaded there (before hydration
 * too), so the server and the browser draw the same. The shell's own pages (sign-in, not-found) have none.
 */
function RemoteFooter() {
  const matches = useMatches();
  let data: RouteData | undefined;
  for (const match of matches) if (isLoadedPage(match.data)) data = match.data.routeData;
  const Footer = data ? loadedRemotePages(REMOTES.public)?.footer : undefined;
  if (!Footer || !data) return null;
  return (
    <RemoteSlot name="public footer">
      <Footer data={data} />
    </RemoteSlot>
  );
}

/** The public chrome: plain React and CSS, no antd (the public pages stay light). */
export function PublicLayout() {
  const { t, i18n } = useTranslation('chrome');
  // The server renders for a visitor; a signed-in member's button appears once the page is hydrated.
  const hydrated = useHydrated();
  const signedIn = useAuth((s) => Boolean(s.authToken)) && hydrated;
  const year = new Date().getFullYear();
  // The language and the sign-in (or dashboard) link: in the header on wide screens, in the menu on phones.
  const actions = (
    <>
      <LanguageSwitcher value={i18n.language as Locale} onChange={(locale) => void setLanguage(locale)} />
      {signedIn ? (
        <Link className="vt-btn vt-btn--primary" to={ADMIN_ROUTES.dashboard}>
          {t('nav.dashboard')}
        </Link>
      ) : (
        <Link className="vt-btn vt-btn--ghost" to={PUBLIC_ROUTES.login}>
          {t('nav.signIn')}
        </Link>
      )}
    </>
  );
  return (
    <div className="vt-public">
      <a className="vt-skip" href={`#${MAIN_CONTENT_ID}`}>
        {t('nav.skipToContent')}
      </a>
      <header className="vt-public__header">
        <Link to="/" className="vt-public__brand" aria-label="Vitrine">
          <Logo />
        </Link>
        <nav className="vt-public__nav" aria-label={t('nav.label')}>
          <NavLinks />
        </nav>
        <div className="vt-public__actions">{actions}</div>
        <PhoneMenu>{actions}</PhoneMenu>
      </header>
      <main id={MAIN_CONTENT_ID} className="vt-public__main">
        <Outlet />
      </main>
      <footer className="vt-public__footer">
        <RemoteFooter />
        <div className="vt-public__footer-brand">
          <Logo variant="light" />
          <p>{t('footer.tagline')}</p>
        </div>
        <nav className="vt-public__footer-nav" aria-label={t('footer.navigation')}>
          <NavLinks />
          <a href="/rss.xml">{t('nav.feed')}</a>
        </nav>
        <p className="vt-public__copy">{t('footer.rights', { year })}</p>
      </footer>
    </div>
  );
}

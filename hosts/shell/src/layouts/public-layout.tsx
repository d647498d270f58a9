import { useEffect, useRef } from 'react';
import { ADMIN_ROUTES, buildPath, DEFAULT_SITE_NAME, identityOf, LANGUAGE_QUERY_PARAM, logoSize, MAIN_CONTENT_ID, PUBLIC_ROUTES, REMOTES, type RouteData, type SiteIdentity } from '@vitrine/contracts';
import { Link, type Locale, LOCALES, NavLink, Outlet, useAuth, useLocation, useMatches, useTranslation } from '@vitrine/core';
import { Logo } from '@vitrine/ui';
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
 * closed again on every navigation — never when the page's code starts (a menu the visitor opened stays open).
 */
function PhoneMenu({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('chrome');
  const menu = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    if (menu.current) menu.current.open = false;
  }, [key]);
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

/** The current page's address in another language: its path and parameters, `lang` set. */
function inLanguage(pathname: string, search: string, locale: Locale): string {
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_QUERY_PARAM, locale);
  return `${pathname}?${params.toString()}`;
}

/**
 * The language choice as links: this page in each language (`?lang=`), which the server renders in that language
 * and remembers (the `vt_lang` cookie) for the next pages. A <details> disclosure, so it opens and works before
 * the page's code has run, and without it; a choice is a plain navigation, never undone by the code starting.
 */
function LanguageLinks() {
  const { t, i18n } = useTranslation('common');
  const { pathname, search } = useLocation();
  const current = LOCALES.find((locale) => locale.code === i18n.language) ?? LOCALES[0];
  return (
    <details className="vt-lang-menu">
      <summary className="vt-lang-menu__button">
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        <span className="vt-visually-hidden">{t('language.label')}: </span>
        <span lang={current?.code}>{current?.nativeName}</span>
      </summary>
      <ul className="vt-lang-menu__list">
        {LOCALES.map((locale) => (
          <li key={locale.code}>
            <a
              href={inLanguage(pathname, search, locale.code)}
              hrefLang={locale.code}
              lang={locale.code}
              aria-current={locale.code === current?.code ? 'true' : undefined}
            >
              {locale.nativeName}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The current page's route data: the public remote's pages have it, the shell's own pages (sign-in, not-found) do not. */
function useRouteData(): RouteData | undefined {
  let data: RouteData | undefined;
  for (const match of useMatches()) if (isLoadedPage(match.data)) data = match.data.routeData;
  return data;
}

/**
 * The site's mark in the header: its logo when one is set (drawn at its box size with width and height, so
 * nothing shifts while it loads; the variant the screen needs from its srcset), else the default mark with the
 * site's name. Pages without the identity (the shell's own) show the default mark and name.
 */
function Brand({ name, logo }: { name: string; logo: SiteIdentity['logo'] | undefined }) {
  if (!logo) return <Logo name={name} />;
  const size = logoSize(logo);
  return <img className="vt-public__logo" src={logo.url} srcSet={logo.srcset} sizes={`${size.width}px`} width={size.width} height={size.height} alt={name} />;
}

/**
 * The public remote's part of the footer (RemotePagesModule.footer: newsletter, contact details, social links),
 * on the remote's pages only: it reads their route data, and the remote is loaded there (before hydration
 * too), so the server and the browser draw the same. The shell's own pages (sign-in, not-found) have none.
 */
function RemoteFooter({ data }: { data: RouteData | undefined }) {
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
  const { t } = useTranslation('chrome');
  // The server renders for a visitor; a signed-in member's button appears once the page is hydrated.
  const hydrated = useHydrated();
  const signedIn = useAuth((s) => Boolean(s.authToken)) && hydrated;
  const year = new Date().getFullYear();
  // The site's name and logo come with the remote's pages (their route data), like the footer's contact details.
  const data = useRouteData();
  const identity = identityOf(data);
  const name = identity?.name ?? DEFAULT_SITE_NAME;
  // The language and the sign-in (or dashboard) link: in the header on wide screens, in the menu on phones.
  const actions = (
    <>
      <LanguageLinks />
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
        <Link to="/" className="vt-public__brand" aria-label={name}>
          <Brand name={name} logo={identity?.logo} />
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
        <RemoteFooter data={data} />
        <div className="vt-public__footer-brand">
          {/* An uploaded logo is drawn for a light header; on the dark footer the site's name stands alone. */}
          {identity?.logo ? <span className="vt-logo vt-logo--light vt-public__footer-name">{name}</span> : <Logo variant="light" name={name} />}
          <p>{t('footer.tagline')}</p>
        </div>
        <nav className="vt-public__footer-nav" aria-label={t('footer.navigation')}>
          <NavLinks />
          <a href="/rss.xml">{t('nav.feed')}</a>
        </nav>
        <p className="vt-public__copy">{t('footer.rights', { year, name })}</p>
      </footer>
    </div>
  );
}

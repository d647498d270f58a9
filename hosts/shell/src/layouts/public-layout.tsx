import { ADMIN_ROUTES, buildPath, PUBLIC_ROUTES } from '@vitrine/contracts';
import { Link, type Locale, NavLink, Outlet, setLanguage, useAuth, useTranslation } from '@vitrine/core';
import { LanguageSwitcher, Logo } from '@vitrine/ui';
import { useHydrated } from '../app/use-hydrated';
import './layouts.css';

const NAV = [
  { to: PUBLIC_ROUTES.home, key: 'nav.home', end: true },
  { to: PUBLIC_ROUTES.blog, key: 'nav.blog', end: false },
  { to: buildPath(PUBLIC_ROUTES.faq), key: 'nav.faq', end: false },
  { to: PUBLIC_ROUTES.contact, key: 'nav.contact', end: false },
] as const;

/** The public chrome: plain React and CSS, no antd (the public pages stay light). */
export function PublicLayout() {
  const { t, i18n } = useTranslation('chrome');
  // The server renders for a visitor; a signed-in member's button appears once the page is hydrated.
  const hydrated = useHydrated();
  const signedIn = useAuth((s) => Boolean(s.authToken)) && hydrated;
  const year = new Date().getFullYear();
  return (
    <div className="vt-public">
      <a className="vt-skip" href="#main">
        {t('nav.skipToContent')}
      </a>
      <header className="vt-public__header">
        <Link to="/" className="vt-public__brand" aria-label="Vitrine">
          <Logo />
        </Link>
        <nav className="vt-public__nav" aria-label={t('nav.label')}>
          {NAV.map((item) => (
            <NavLink key={item.key} to={item.to} end={item.end}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className="vt-public__actions">
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
        </div>
      </header>
      <main id="main" className="vt-public__main">
        <Outlet />
      </main>
      <footer className="vt-public__footer">
        <Logo variant="light" />
        <p>{t('footer.tagline')}</p>
        <p className="vt-public__copy">{t('footer.rights', { year })}</p>
      </footer>
    </div>
  );
}

import { ADMIN_ROUTES } from '@vitrine/contracts';
import { Link, useAuth, useTranslation } from '@vitrine/core';

export function ForbiddenPage() {
  const { t } = useTranslation('common');
  const signedIn = useAuth((s) => Boolean(s.authToken));
  return (
    <section className="vt-status-page" data-testid="forbidden">
      <p className="vt-status-page__code" aria-hidden="true">403</p>
      <h1>{t('forbidden.title')}</h1>
      <p>{t('forbidden.text')}</p>
      <Link className="vt-btn vt-btn--primary" to={signedIn ? ADMIN_ROUTES.dashboard : '/'}>
        {t(signedIn ? 'forbidden.goToDashboard' : 'forbidden.backHome')}
      </Link>
    </section>
  );
}

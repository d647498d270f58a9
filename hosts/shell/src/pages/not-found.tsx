import { Link, useTranslation } from '@vitrine/core';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <section className="vt-status-page" data-testid="not-found">
      <p className="vt-status-page__code" aria-hidden="true">404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="vt-btn vt-btn--primary" to="/">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}

import { Link, useTranslation } from '@vitrine/core';
import { demoHref, FEATURES, PRODUCT_FAQ } from './content';
import { DashboardScreen, PhoneScreen, SalesScreen } from './screens';
import './rc-sistem.css';

/** The feature cards' icons (24 × 24 strokes): a bag, a box, bars, a chat, a phone, a cloud. */
const ICONS: Record<(typeof FEATURES)[number], string> = {
  sales: 'M5 8h14l-1.2 12H6.2zM9 8V7a3 3 0 0 1 6 0v1',
  stock: 'M3 7.5 12 3l9 4.5-9 4.5zM3 7.5v9L12 21l9-4.5v-9M12 12v9',
  finance: 'M3 21h18M6 17v-5M11 17V8M16 17v-7M20 4l-5 4-4-3-6 4',
  service: 'M4 5h16v11H10l-4 4v-4H4zM8 9h8M8 12h5',
  mobile: 'M8 2.5h8a1.5 1.5 0 0 1 1.5 1.5v16a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 20V4A1.5 1.5 0 0 1 8 2.5zM11 18h2',
  cloud: 'M7 18.5h10a4 4 0 0 0 .5-8 6 6 0 0 0-11.4 1.6A3.3 3.3 0 0 0 7 18.5zM9.5 14l2 2 3.5-3.5',
};

const STEPS = ['talk', 'import', 'use'] as const;
const FACTS = ['backup', 'brazil', 'plans'] as const;

function Icon({ path }: { path: string }) {
  return (
    <svg className="vt-rc__icon" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The landing page of RC Sistem I, the company's management system: the hero with a drawing of the
 * dashboard, the features, the screens, how to start, what customers say, and the call to action, which
 * opens the contact form with its subject filled in. Its content is its texts; it asks the API for nothing.
 */
export function RcSistemPage() {
  const { t } = useTranslation('landing');
  const demo = demoHref(t('subject'));
  return (
    <div className="vt-rc" data-testid="rc-sistem-page">
      <section className="vt-rc__hero" aria-labelledby="rc-title">
        <div className="vt-rc__hero-text">
          <p className="vt-rc__eyebrow">{t('eyebrow')}</p>
          <h1 id="rc-title">{t('title')}</h1>
          <p className="vt-rc__lead">{t('lead')}</p>
          <div className="vt-rc__actions">
            <Link className="vt-btn vt-btn--accent vt-btn--lg" to={demo}>
              {t('demo')}
            </Link>
            <Link className="vt-btn vt-btn--ghost vt-btn--lg" to={PRODUCT_FAQ}>
              {t('questions')}
            </Link>
          </div>
        </div>
        <div className="vt-rc__hero-art">
          <DashboardScreen />
        </div>
      </section>

      <section className="vt-rc__band" aria-labelledby="rc-features">
        <h2 id="rc-features">{t('features.title')}</h2>
        <p className="vt-rc__intro">{t('features.text')}</p>
        <ul className="vt-rc__features">
          {FEATURES.map((key) => (
            <li key={key}>
              <Icon path={ICONS[key]} />
              <h3>{t(`features.${key}.title`)}</h3>
              <p>{t(`features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="vt-rc__band" aria-labelledby="rc-screens">
        <h2 id="rc-screens">{t('screens.title')}</h2>
        <p className="vt-rc__intro">{t('screens.text')}</p>
        <div className="vt-rc__screens">
          <figure>
            <SalesScreen />
            <figcaption>{t('screens.sales')}</figcaption>
          </figure>
          <figure className="vt-rc__phone">
            <PhoneScreen />
            <figcaption>{t('screens.phone')}</figcaption>
          </figure>
        </div>
      </section>

      <section className="vt-rc__band" aria-labelledby="rc-steps">
        <h2 id="rc-steps">{t('steps.title')}</h2>
        <ol className="vt-rc__steps">
          {STEPS.map((key) => (
            <li key={key}>
              <h3>{t(`steps.${key}.title`)}</h3>
              <p>{t(`steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="vt-rc__band vt-rc__proof" aria-labelledby="rc-proof">
        <h2 id="rc-proof">{t('proof.title')}</h2>
        <figure className="vt-rc__quote">
          <blockquote>
            <p>{t('proof.quote')}</p>
          </blockquote>
          <figcaption>
            <strong>{t('proof.author')}</strong> {t('proof.role')}
          </figcaption>
        </figure>
        <dl className="vt-rc__facts">
          {FACTS.map((key) => (
            <div key={key}>
              <dt>{t(`proof.${key}.label`)}</dt>
              <dd>{t(`proof.${key}.value`)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="vt-rc__closing" aria-labelledby="rc-closing">
        <h2 id="rc-closing">{t('closing.title')}</h2>
        <p>{t('closing.text')}</p>
        <div className="vt-rc__actions">
          <Link className="vt-btn vt-btn--accent vt-btn--lg" to={demo}>
            {t('demo')}
          </Link>
        </div>
        <p className="vt-rc__faq">
          {t('closing.faq')} <Link to={PRODUCT_FAQ}>{t('closing.faqLink')}</Link>
        </p>
      </section>
    </div>
  );
}

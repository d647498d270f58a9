import { buildPath, PUBLIC_ROUTES } from '@vitrine/contracts';
import { Link, useTranslation } from '@vitrine/core';
import { Skeleton } from '@vitrine/ui';
import { initials } from '@vitrine/utils';
import { NewsletterSignup } from '../../components/newsletter-signup';
import { SearchBox } from '../../components/search-box';
import { useLoader } from '../../lib/loader';
import { ArticleSections } from './article-sections';
import { teamLoader } from './loader';
import './home.css';

const SERVICES = ['technology', 'design', 'marketing'] as const;

function TeamSection() {
  const { t } = useTranslation('public');
  const team = useLoader(teamLoader);
  const people = team.status === 'success' ? team.data : team.status === 'error' ? [] : null;

  if (people && people.length === 0) return null;
  return (
    <section className="vt-home__team" aria-labelledby="home-team">
      <h2 id="home-team">{t('home.team.title')}</h2>
      <p className="vt-home__lead">{t('home.team.subtitle')}</p>
      <ul className="vt-home__people">
        {(people ?? Array.from({ length: 4 }, () => null)).map((person, i) =>
          person ? (
            <li key={person.id} className="vt-home__person">
              <Link to={buildPath(PUBLIC_ROUTES.profile, { uniqueKey: person.unique_key, id: person.id })}>
                {person.photo ? (
                  <img src={person.photo} alt="" width={72} height={72} loading="lazy" />
                ) : (
                  <span className="vt-home__avatar" aria-hidden="true">
                    {initials(`${person.name} ${person.last_name}`)}
                  </span>
                )}
                <strong>
                  {person.name} {person.last_name}
                </strong>
                <span>{person.position}</span>
              </Link>
            </li>
          ) : (
            <li key={i} className="vt-home__person">
              <Skeleton height={150} />
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

/** Home: hero with search, the article sections (emphasis, recent, popular, tendencies, tags), the weekly newsletter the hero promises, services and team. */
export function HomePage() {
  const { t } = useTranslation('public');
  return (
    <div className="vt-home" data-testid="home-page">
      <section className="vt-home__hero">
        <p className="vt-home__eyebrow">{t('hero.eyebrow')}</p>
        <h1>{t('hero.title')}</h1>
        <p className="vt-home__lead">{t('hero.text')}</p>
        <SearchBox tone="hero" />
        <div className="vt-home__cta">
          <Link className="vt-btn vt-btn--accent" to={PUBLIC_ROUTES.blog}>
            {t('hero.primary')}
          </Link>
          <Link className="vt-btn vt-btn--ghost" to={PUBLIC_ROUTES.contact}>
            {t('hero.secondary')}
          </Link>
        </div>
      </section>
      <ArticleSections />
      <NewsletterSignup className="vt-home__newsletter" />
      <section className="vt-home__services" aria-labelledby="home-services">
        <h2 id="home-services">{t('home.services.title')}</h2>
        <ul>
          {SERVICES.map((key) => (
            <li key={key}>
              <h3>{t(`home.services.${key}.title`)}</h3>
              <p>{t(`home.services.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <TeamSection />
    </div>
  );
}

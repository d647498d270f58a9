import { PUBLIC_ROUTES, type AuthorCard, type AuthorProfile } from '@vitrine/contracts';
import { Link, useParams, useTranslation } from '@vitrine/core';
import { Skeleton } from '@vitrine/ui';
import { initials } from '@vitrine/utils';
import { ArticleCard } from '../../components/article-card';
import { EmptyState, ErrorState } from '../../components/error-state';
import { SectionSkeleton } from '../../components/section-skeleton';
import { fullName, profilePath } from '../../lib/paths';
import { useLoader } from '../../lib/loader';
import { statusOf } from '../../lib/use-request';
import { profileLoader, profileRef } from './loader';
import '../../components/page.css';
import './profile.css';

function Avatar({ person, size }: { person: AuthorCard; size: number }) {
  return person.photo ? (
    <img className="vt-avatar" src={person.photo} alt="" width={size} height={size} loading={size > 100 ? 'eager' : 'lazy'} decoding="async" />
  ) : (
    <span className="vt-avatar vt-avatar--initials" style={{ width: size, height: size, fontSize: size / 2.6 }} aria-hidden="true">
      {initials(fullName(person))}
    </span>
  );
}

function Profile({ data }: { data: AuthorProfile }) {
  const { t } = useTranslation('public');
  const { author, articles, others } = data;
  const name = fullName(author);
  return (
    <div className="vt-page vt-profile">
      <header className="vt-profile__head">
        <Avatar person={author} size={128} />
        <div>
          <h1>{name}</h1>
          {author.position ? <p className="vt-profile__position">{author.position}</p> : null}
        </div>
      </header>
      <section className="vt-profile__about" aria-labelledby="profile-about">
        <h2 id="profile-about">{t('profile.about')}</h2>
        {author.biography?.trim() ? <p>{author.biography}</p> : <p className="vt-profile__muted">{t('profile.noBiography')}</p>}
      </section>
      <section aria-labelledby="profile-articles">
        <h2 id="profile-articles">{t('profile.articles', { name: author.name })}</h2>
        {articles.length > 0 ? (
          <ul className="vt-grid">
            {articles.map((article, i) => (
              <li key={article.id}>
                {/* The first card's image is the largest thing on a phone's first screen: not lazy. */}
                <ArticleCard article={article} eager={i === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="vt-profile__muted">{t('profile.noArticles')}</p>
        )}
      </section>
      {others.length > 0 ? (
        <section aria-labelledby="profile-others">
          <h2 id="profile-others">{t('profile.youCanKnow')}</h2>
          <ul className="vt-profile__people">
            {others.map((person) => (
              <li key={person.id}>
                <Link to={profilePath(person)}>
                  <Avatar person={person} size={64} />
                  <strong>{fullName(person)}</strong>
                  <span>{person.position}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div className="vt-page vt-profile" aria-busy="true" data-testid="profile-skeleton">
      <div className="vt-profile__head">
        <Skeleton circle height={128} />
        <div className="vt-profile__grow">
          <Skeleton height={36} width="60%" />
          <Skeleton height={16} width="30%" />
        </div>
      </div>
      <Skeleton lines={3} />
      <SectionSkeleton count={3} />
    </div>
  );
}

/** An author's public profile: About, their articles and 'You Can Know'. */
export function ProfilePage() {
  const { t } = useTranslation('public');
  const { id, uniqueKey } = profileRef(useParams());
  const profile = useLoader(profileLoader);

  if (!id || !uniqueKey || (profile.status === 'error' && statusOf(profile.error) === 404)) {
    return (
      <div className="vt-page">
        <EmptyState title={t('profile.notFoundTitle')}>
          <p>{t('profile.notFound')}</p>
          <Link className="vt-btn vt-btn--primary" to={PUBLIC_ROUTES.blog}>
            {t('post.backToBlog')}
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (profile.status === 'loading') return <ProfileSkeleton />;
  if (profile.status === 'error') {
    return (
      <div className="vt-page">
        <ErrorState onRetry={profile.retry} />
      </div>
    );
  }
  return <Profile data={profile.data} />;
}

import type { ReactNode } from 'react';
import { PUBLIC_ROUTES, type ArticleCard as Card, type HomeSections } from '@vitrine/contracts';
import { Link, useTranslation } from '@vitrine/core';
import { ArticleCard } from '../../components/article-card';
import { CategoryChip } from '../../components/category-chip';
import { ErrorState } from '../../components/error-state';
import { SectionSkeleton } from '../../components/section-skeleton';
import { useLoader } from '../../lib/loader';
import { homeLoader } from './loader';

/** Section ids, so a saved target section (saveTargetSection) can be scrolled to. */
export const HOME_SECTIONS = {
  emphasis: 'emphasis',
  recent: 'recent',
  popular: 'popular',
  tendencies: 'tendencies',
  tags: 'tags',
} as const;

function Section({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section id={id} className="vt-home__section" aria-labelledby={`${id}-title`}>
      <div className="vt-home__section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function CompactList({ articles, ranked = false }: { articles: Card[]; ranked?: boolean }) {
  const List = ranked ? 'ol' : 'ul';
  return (
    <List className={ranked ? 'vt-stack vt-home__ranked' : 'vt-stack'}>
      {articles.map((article) => (
        <li key={article.id}>
          <ArticleCard article={article} variant="compact" />
        </li>
      ))}
    </List>
  );
}

function Emphasis({ articles }: { articles: Card[] }) {
  const [first, ...rest] = articles;
  if (!first) return null;
  return (
    <div className="vt-home__emphasis">
      <ArticleCard article={first} variant="featured" eager />
      {rest.length > 0 ? <CompactList articles={rest.slice(0, 3)} /> : null}
    </div>
  );
}

function Loaded({ data }: { data: HomeSections }) {
  const { t } = useTranslation('public');
  return (
    <>
      {data.emphasis.length > 0 ? (
        <Section id={HOME_SECTIONS.emphasis} title={t('home.emphasis')}>
          <Emphasis articles={data.emphasis} />
        </Section>
      ) : null}
      {data.recent.length > 0 ? (
        <Section
          id={HOME_SECTIONS.recent}
          title={t('home.recent')}
          aside={<Link to={PUBLIC_ROUTES.blog}>{t('home.seeAll')} →</Link>}
        >
          <ul className="vt-grid">
            {data.recent.slice(0, 6).map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <div className="vt-home__columns">
        {data.popular.length > 0 ? (
          <Section id={HOME_SECTIONS.popular} title={t('home.popular')}>
            <CompactList articles={data.popular.slice(0, 5)} ranked />
          </Section>
        ) : null}
        {data.tendencies.length > 0 ? (
          <Section id={HOME_SECTIONS.tendencies} title={t('home.trends')}>
            <CompactList articles={data.tendencies.slice(0, 5)} />
          </Section>
        ) : null}
      </div>
      {data.tags.length > 0 ? (
        <Section id={HOME_SECTIONS.tags} title={t('home.tags')}>
          <ul className="vt-chips vt-home__tags">
            {data.tags.map(({ category, count }) => (
              <li key={category.id}>
                <CategoryChip category={category}>
                  <small aria-hidden="true">{count}</small>
                  <span className="vt-visually-hidden">{t('home.tagCount', { count })}</span>
                </CategoryChip>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

function Loading() {
  const { t } = useTranslation('public');
  return (
    <>
      <Section id={HOME_SECTIONS.emphasis} title={t('home.emphasis')}>
        <div className="vt-home__emphasis">
          <SectionSkeleton count={1} variant="featured" />
          <SectionSkeleton count={3} variant="compact" />
        </div>
      </Section>
      <Section id={HOME_SECTIONS.recent} title={t('home.recent')}>
        <SectionSkeleton count={3} />
      </Section>
    </>
  );
}

/** The home's article sections from GET /public/home: skeletons while loading, Retry on failure. */
export function ArticleSections() {
  const home = useLoader(homeLoader);
  return (
    <div className="vt-home__articles" aria-busy={home.status === 'loading'}>
      {home.status === 'loading' ? <Loading /> : null}
      {home.status === 'error' ? <ErrorState onRetry={home.retry} /> : null}
      {home.status === 'success' ? <Loaded data={home.data} /> : null}
    </div>
  );
}

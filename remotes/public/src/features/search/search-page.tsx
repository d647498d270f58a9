import { PUBLIC_ROUTES, type ArticleCard as Card } from '@vitrine/contracts';
import { Link, useParams, useSearchParams, useTranslation } from '@vitrine/core';
import { ArticleCard } from '../../components/article-card';
import { CategoryChip } from '../../components/category-chip';
import { EmptyState, ErrorState } from '../../components/error-state';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { SectionSkeleton } from '../../components/section-skeleton';
import { sanitizeHighlight } from '../../lib/highlight';
import { useLoader } from '../../lib/loader';
import { categoriesLoader } from '../categories/loader';
import { SEARCH_PAGE_SIZE, searchLoader, searchQuery } from './loader';
import '../../components/page.css';
import './search.css';

export { SEARCH_PAGE_SIZE };

function Result({ article }: { article: Card }) {
  return (
    <li className="vt-result">
      <ArticleCard article={article} level={2} />
      {article.highlight ? (
        <p className="vt-result__highlight" dangerouslySetInnerHTML={{ __html: sanitizeHighlight(article.highlight) }} />
      ) : null}
    </li>
  );
}

function NoResults() {
  const { t } = useTranslation('public');
  const categories = useLoader(categoriesLoader);
  return (
    <EmptyState title={t('search.emptyTitle')}>
      <p>{t('search.emptyText')}</p>
      {categories.status === 'success' && categories.data.length > 0 ? (
        <nav aria-label={t('search.suggestions')}>
          <ul className="vt-chips vt-search-page__suggestions">
            {categories.data.map((category) => (
              <li key={category.id}>
                <CategoryChip category={category} />
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <Link to={PUBLIC_ROUTES.blog}>{t('search.browseBlog')} →</Link>
    </EmptyState>
  );
}

/** The results of the route's term and page (searchLoader reads both from the route). */
function Results() {
  const { t } = useTranslation('public');
  const { t: te } = useTranslation('errors');
  const results = useLoader(searchLoader);

  if (results.status === 'loading') return <SectionSkeleton count={4} />;
  if (results.status === 'error') return <ErrorState title={te('searchFailed')} onRetry={results.retry} />;
  const { items, total, limit } = results.data;
  if (total === 0 || items.length === 0) return <NoResults />;
  return (
    <>
      <p className="vt-search-page__count" role="status">
        {results.data.partial ? t('search.countPartial', { count: total }) : t('search.count', { count: total })}
      </p>
      <ol className="vt-search-page__list">
        {items.map((article) => (
          <Result key={article.id} article={article} />
        ))}
      </ol>
      <Pagination page={results.data.page} total={total} limit={limit} />
    </>
  );
}

/** Search results: the term is the path's last segment, ?page=N pages through. */
export function SearchPage() {
  const { t } = useTranslation('public');
  const [query] = useSearchParams();
  const { term } = searchQuery(useParams(), query);

  return (
    <div className="vt-page vt-search-page">
      <header className="vt-page__head">
        <h1>{term ? t('search.title', { term }) : t('home.searchLabel')}</h1>
        <SearchBox key={term} initial={term} />
      </header>
      {term ? <Results /> : <p>{t('search.prompt')}</p>}
    </div>
  );
}

import { PUBLIC_ROUTES, type PublicCategory } from '@vitrine/contracts';
import { Link, useSearchParams, useTranslation } from '@vitrine/core';
import { ArticleCard } from '../../components/article-card';
import { CategoryChip } from '../../components/category-chip';
import { EmptyState, ErrorState } from '../../components/error-state';
import { NewsletterSignup } from '../../components/newsletter-signup';
import { Pagination } from '../../components/pagination';
import { SectionSkeleton } from '../../components/section-skeleton';
import { useLoader } from '../../lib/loader';
import type { RequestState } from '../../lib/use-request';
import { categoriesLoader } from '../categories/loader';
import { BLOG_PAGE_SIZE, blogLoader, blogQuery } from './loader';
import '../../components/page.css';
import './blog.css';

export { BLOG_PAGE_SIZE };

function CategoryFilter({ active, categories }: { active: string | undefined; categories: RequestState<PublicCategory[]> }) {
  const { t } = useTranslation('public');
  if (categories.status !== 'success' || categories.data.length === 0) return <div className="vt-blog__filter" />;
  return (
    <nav className="vt-blog__filter" aria-label={t('blog.filterLabel')}>
      <ul className="vt-chips">
        <li>
          <Link className={active ? 'vt-chip' : 'vt-chip vt-chip--active'} to={PUBLIC_ROUTES.blog} aria-current={active ? undefined : 'true'}>
            {t('blog.allCategories')}
          </Link>
        </li>
        {categories.data.map((category) => (
          <li key={category.id}>
            <CategoryChip category={category} active={category.unique_key === active} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The blog: every published article, newest first, ?page=N and ?category=<slug>; the newsletter's sign-up at the end. */
export function BlogPage() {
  const { t } = useTranslation('public');
  const [query] = useSearchParams();
  const { page, category } = blogQuery(query);
  const list = useLoader(blogLoader);
  const categories = useLoader(categoriesLoader);
  // A category's page is introduced by its description (in the page's language, pt-BR where not translated).
  const current = category && categories.status === 'success' ? categories.data.find((c) => c.unique_key === category) : undefined;

  return (
    <div className="vt-page vt-blog">
      <header className="vt-page__head">
        <h1>{t('blog.title')}</h1>
        <p data-testid="blog-lead">{current?.description || t('blog.subtitle')}</p>
      </header>
      <CategoryFilter active={category} categories={categories} />
      <div aria-busy={list.status === 'loading'}>
        {list.status === 'loading' ? <SectionSkeleton count={6} /> : null}
        {list.status === 'error' ? <ErrorState onRetry={list.retry} /> : null}
        {list.status === 'success' && list.data.items.length === 0 ? (
          <EmptyState title={category ? t('blog.emptyCategory') : t('blog.empty')} />
        ) : null}
        {list.status === 'success' && list.data.items.length > 0 ? (
          <>
            <ul className="vt-grid">
              {list.data.items.map((article, i) => (
                <li key={article.id}>
                  <ArticleCard article={article} level={2} eager={i < 3 && page === 1} />
                </li>
              ))}
            </ul>
            <Pagination page={list.data.page} total={list.data.total} limit={list.data.limit} />
          </>
        ) : null}
      </div>
      <NewsletterSignup className="vt-blog__newsletter" />
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { PUBLIC_ROUTES, type PublicArticle } from '@vitrine/contracts';
import { Link, useNavigate, useParams, useTranslation } from '@vitrine/core';
import { countRead } from '../../api/browser-effects';
import { initials } from '@vitrine/utils';
import { ArticleCard } from '../../components/article-card';
import { CategoryChip } from '../../components/category-chip';
import { EmptyState, ErrorState } from '../../components/error-state';
import { NewsletterSignup } from '../../components/newsletter-signup';
import { ResponsiveImage } from '../../components/responsive-image';
import { foreignLang, useFormat } from '../../lib/format';
import { fullName, postPath, profilePath } from '../../lib/paths';
import { useLoader } from '../../lib/loader';
import { statusOf } from '../../lib/use-request';
import { postLoader, postRef } from './loader';
import { PostSkeleton } from './post-skeleton';
import { ShareLinks } from './share-links';
import '../../components/page.css';
import './post.css';

function NotFound() {
  const { t } = useTranslation('public');
  return (
    <div className="vt-page vt-post">
      <EmptyState title={t('post.notFoundTitle')}>
        <p>{t('post.notFound')}</p>
        <Link className="vt-btn vt-btn--primary" to={PUBLIC_ROUTES.blog}>
          {t('post.backToBlog')}
        </Link>
      </EmptyState>
    </div>
  );
}

function Post({ data }: { data: PublicArticle }) {
  const { t, i18n } = useTranslation('public');
  const format = useFormat();
  const { article, related } = data;
  // The article's own language where it is not the page's (no translation in it yet): said (the language by its own
  // name, as the language menu writes it), and marked on its text.
  const lang = foreignLang(article.lang, i18n.language);
  const name = fullName(article.author);
  const url = typeof window === 'undefined' ? '' : window.location.origin + postPath(article);

  return (
    <article className="vt-page vt-post">
      {lang ? (
        <p className="vt-post__language" role="note">
          {t('post.notTranslated', { language: t(`common:language.names.${lang}`) })}
        </p>
      ) : null}
      <header className="vt-post__head" lang={lang}>
        {article.categories.length > 0 ? (
          <ul className="vt-chips" aria-label={t('post.categories')}>
            {article.categories.map((category) => (
              <li key={category.id}>
                <CategoryChip category={category} />
              </li>
            ))}
          </ul>
        ) : null}
        <h1>{article.title}</h1>
        {article.excerpt ? <p className="vt-post__excerpt">{article.excerpt}</p> : null}
        <p className="vt-post__meta">
          <Link to={profilePath(article.author)}>{t('post.by', { name })}</Link>
          {article.published_at ? (
            <time dateTime={article.published_at}>{t('post.publishedOn', { date: format.date(article.published_on) })}</time>
          ) : null}
          <span>{t('post.readingTime', { time: format.readingTime(article.content) })}</span>
        </p>
      </header>
      {article.image ? (
        <figure className="vt-post__cover" lang={lang}>
          <ResponsiveImage image={article.image} sizes="(min-width: 52rem) 48rem, 100vw" eager alt={article.image_alt ?? ''} />
        </figure>
      ) : null}
      <div className="vt-prose" lang={lang} dangerouslySetInnerHTML={{ __html: article.content }} />
      <ShareLinks url={url} title={article.title} />
      <aside className="vt-post__author" aria-labelledby="post-author">
        {article.author.photo ? (
          <img src={article.author.photo} alt="" width={72} height={72} loading="lazy" decoding="async" />
        ) : (
          <span className="vt-post__avatar" aria-hidden="true">
            {initials(name)}
          </span>
        )}
        <div>
          <p className="vt-post__author-eyebrow">{t('post.author')}</p>
          <h2 id="post-author">
            <Link to={profilePath(article.author)}>{name}</Link>
          </h2>
          {article.author.position ? <p className="vt-post__author-position">{article.author.position}</p> : null}
          {article.author.biography ? <p>{article.author.biography}</p> : null}
          <Link to={profilePath(article.author)}>{t('post.viewProfile')} →</Link>
        </div>
      </aside>
      <NewsletterSignup />
      {related.length > 0 ? (
        <section className="vt-post__related" aria-labelledby="post-related">
          <h2 id="post-related">{t('post.related')}</h2>
          <ul className="vt-grid">
            {related.slice(0, 3).map((item) => (
              <li key={item.id}>
                <ArticleCard article={item} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

/** The article page: post/<slug>/<id>. Counts one read per view; a renamed article's old URL is replaced by the canonical one. */
export function PostPage() {
  const { id, uniqueKey } = postRef(useParams());
  const navigate = useNavigate();
  const post = useLoader(postLoader);
  const counted = useRef<number | null>(null);
  const loaded = post.status === 'success' ? post.data.article : null;

  useEffect(() => {
    if (!loaded) return;
    if (counted.current !== loaded.id) {
      counted.current = loaded.id;
      void countRead(loaded.id);
    }
    if (loaded.unique_key !== uniqueKey) void navigate(postPath(loaded), { replace: true });
  }, [loaded, uniqueKey, navigate]);

  if (!id) return <NotFound />;
  if (post.status === 'loading') return <PostSkeleton />;
  if (post.status === 'error') {
    if (statusOf(post.error) === 404) return <NotFound />;
    return (
      <div className="vt-page vt-post">
        <ErrorState onRetry={post.retry} />
      </div>
    );
  }
  return <Post data={post.data} />;
}

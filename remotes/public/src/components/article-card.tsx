import type { ArticleCard as Card } from '@vitrine/contracts';
import { initials } from '@vitrine/utils';
import { foreignLang, useFormat } from '../lib/format';
import { fullName, postPath } from '../lib/paths';
import { CategoryChip } from './category-chip';
import { ResponsiveImage } from './responsive-image';
import './article-card.css';
import { Link } from '@vitrine/core';

export type ArticleCardVariant = 'featured' | 'default' | 'compact';

const SIZES: Record<ArticleCardVariant, string> = {
  featured: '(min-width: 64rem) 42rem, 100vw',
  default: '(min-width: 64rem) 22rem, (min-width: 40rem) 50vw, 100vw',
  compact: '7rem',
};

export interface ArticleCardProps {
  article: Card;
  variant?: ArticleCardVariant;
  /** The heading level that fits the page outline. */
  level?: 2 | 3;
  /** A loading="eager" image (the first card above the fold). */
  eager?: boolean;
}

/** An article in a list: featured (large), default (grid) or compact (a row with a thumbnail). */
export function ArticleCard({ article, variant = 'default', level = 3, eager = false }: ArticleCardProps) {
  const format = useFormat();
  // A card of an article shown in its original (no translation in the page's language): its texts say their language.
  const lang = foreignLang(article.lang, format.lang);
  const Heading = level === 2 ? 'h2' : 'h3';
  const author = fullName(article.author);
  return (
    <article className={`vt-acard vt-acard--${variant}`}>
      {article.image ? (
        <Link to={postPath(article)} className="vt-acard__media" tabIndex={-1} aria-hidden="true">
          <ResponsiveImage image={article.image} sizes={SIZES[variant]} eager={eager} />
        </Link>
      ) : null}
      <div className="vt-acard__body">
        {variant !== 'compact' && article.categories.length > 0 ? (
          <ul className="vt-chips">
            {article.categories.slice(0, 3).map((category) => (
              <li key={category.id}>
                <CategoryChip category={category} />
              </li>
            ))}
          </ul>
        ) : null}
        <Heading className="vt-acard__title" lang={lang}>
          <Link to={postPath(article)}>{article.title}</Link>
        </Heading>
        {variant !== 'compact' && article.excerpt ? <p className="vt-acard__excerpt" lang={lang}>{article.excerpt}</p> : null}
        <p className="vt-acard__meta">
          {variant !== 'compact' ? (
            <span className="vt-acard__author">
              {article.author.photo ? (
                <img src={article.author.photo} alt="" width={24} height={24} loading="lazy" decoding="async" />
              ) : (
                <span aria-hidden="true">{initials(author)}</span>
              )}
              {author}
            </span>
          ) : null}
          {article.published_at ? <time dateTime={article.published_at}>{format.date(article.published_on)}</time> : null}
          <span>{format.minutes(article.reading_minutes)}</span>
        </p>
      </div>
    </article>
  );
}

import './pagination.css';
import { Link, useLocation, useTranslation } from '@vitrine/core';

export interface PaginationProps {
  page: number;
  total: number;
  limit: number;
}

/** Page numbers around the current one, with the first and last always shown ('gap' between runs). */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous > 1) out.push('gap');
    out.push(n);
  });
  return out;
}

/** Links to ?page=N on the current path, keeping the other query parameters. */
export function Pagination({ page, total, limit }: PaginationProps) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('public');
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;

  const href = (n: number) => {
    const query = new URLSearchParams(location.search);
    if (n === 1) query.delete('page');
    else query.set('page', String(n));
    const search = query.toString();
    return location.pathname + (search ? `?${search}` : '');
  };

  return (
    <nav className="vt-pagination" aria-label={tp('states.pagination')}>
      {page > 1 ? (
        <Link className="vt-pagination__step" to={href(page - 1)} rel="prev">
          ← {t('pagination.previous')}
        </Link>
      ) : null}
      <ol>
        {pageWindow(page, pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true">…</li>
          ) : (
            <li key={n}>
              <Link to={href(n)} aria-current={n === page ? 'page' : undefined} aria-label={t('pagination.page', { page: n, pages })}>
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <Link className="vt-pagination__step" to={href(page + 1)} rel="next">
          {t('pagination.next')} →
        </Link>
      ) : null}
    </nav>
  );
}

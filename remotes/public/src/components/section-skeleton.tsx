import { Skeleton } from '@vitrine/ui';
import type { ArticleCardVariant } from './article-card';
import './article-card.css';

export interface SectionSkeletonProps {
  count?: number;
  variant?: ArticleCardVariant;
}

/** Card-shaped placeholders the size of the cards they stand for, so nothing jumps when the data arrives. */
export function SectionSkeleton({ count = 3, variant = 'default' }: SectionSkeletonProps) {
  const card = (i: number) => (
    <div key={i} className={`vt-acard vt-acard--${variant}`} data-testid="card-skeleton">
      <div className="vt-acard__media" />
      <div className="vt-acard__body">
        <Skeleton height={variant === 'compact' ? 16 : 22} width="85%" />
        {variant === 'compact' ? null : <Skeleton lines={2} />}
        <Skeleton height={12} width="40%" />
      </div>
    </div>
  );
  if (count === 1) return card(0);
  return (
    <ul className={variant === 'compact' ? 'vt-stack' : 'vt-grid'} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>{card(i)}</li>
      ))}
    </ul>
  );
}

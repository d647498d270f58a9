import type { CSSProperties } from 'react';

export interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  /** A circle of `height` (avatars). */
  circle?: boolean;
  /** Several text lines (the last one shorter). */
  lines?: number;
  className?: string;
}

/** A placeholder block while content loads; hidden from assistive tech (the region says it is busy). */
export function Skeleton({ width = '100%', height = 16, circle = false, lines = 1, className }: SkeletonProps) {
  const classes = ['vt-skeleton', circle ? 'vt-skeleton--circle' : null, className].filter(Boolean).join(' ');
  const style = (i: number): CSSProperties => ({
    width: circle ? height : lines > 1 && i === lines - 1 ? '60%' : width,
    height,
  });
  if (lines <= 1) return <span className={classes} style={style(0)} aria-hidden="true" data-testid="skeleton" />;
  return (
    <span className="vt-skeleton-group" aria-hidden="true" data-testid="skeleton">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={classes} style={style(i)} />
      ))}
    </span>
  );
}

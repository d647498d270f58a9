import type { ReactNode } from 'react';
import type { CategoryChip as Chip } from '@vitrine/contracts';
import { categoryPath } from '../lib/paths';
import './category-chip.css';
import { Link } from '@vitrine/core';

export interface CategoryChipProps {
  category: Chip;
  /** Where the chip leads; the blog filtered by the category by default. */
  to?: string;
  active?: boolean;
  children?: ReactNode;
}

/** A category in its own colours (from the API), linking to the blog filtered by it. */
export function CategoryChip({ category, to, active = false, children }: CategoryChipProps) {
  return (
    <Link
      className={active ? 'vt-chip vt-chip--active' : 'vt-chip'}
      to={to ?? categoryPath(category.unique_key)}
      style={{ color: category.text_color, background: category.background_color }}
      aria-current={active ? 'true' : undefined}
    >
      {category.name}
      {children}
    </Link>
  );
}

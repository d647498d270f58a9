import type { CategoryChip as Chip } from '@vitrine/contracts';

type Props = Pick<Chip, 'name' | 'text_color' | 'background_color'> & { size?: 'small' | 'default' };

/** A category as the site shows it: its name on its own colours. */
export function CategoryChip({ name, text_color, background_color, size = 'default' }: Props) {
  return (
    <span
      className="vt-category-chip"
      data-testid="category-chip"
      style={{
        display: 'inline-block',
        padding: size === 'small' ? '0 8px' : '2px 10px',
        borderRadius: 999,
        fontSize: size === 'small' ? 12 : 13,
        lineHeight: size === 'small' ? '20px' : '22px',
        fontWeight: 600,
        color: text_color,
        background: background_color,
        whiteSpace: 'nowrap',
      }}
    >
      {name}
    </span>
  );
}

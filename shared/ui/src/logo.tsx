import { DEFAULT_SITE_NAME } from '@vitrine/contracts';

export interface LogoProps {
  /** Height of the mark in px (the wordmark scales with it). */
  size?: number;
  /** 'dark' text for light backgrounds (default), 'light' text for dark ones. */
  variant?: 'dark' | 'light';
  /** Mark only, no wordmark (collapsed menus, loaders). */
  compact?: boolean;
  /** The wordmark beside the mark: the site's name (ui 1.2.0; DEFAULT_SITE_NAME by default). */
  name?: string;
  /** Accessible name (the wordmark's text by default). */
  title?: string;
  className?: string;
}

/** The Vitrine mark: a shop window (a framed pane with a highlight) in the brand colours. */
export function LogoMark({ size = 32, variant = 'dark' }: Pick<LogoProps, 'size' | 'variant'>) {
  const frame = variant === 'light' ? '#ffffff' : 'var(--vt-primary, #1b2a4a)';
  return (
    <svg className="vt-logo__mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="28" height="28" rx="7" fill={frame} />
      <rect x="7" y="8" width="18" height="16" rx="2" fill="var(--vt-accent, #7c3aed)" />
      <path d="M10 21 L17 11 L19 11 L12 21 Z" fill="#ffffff" opacity="0.85" />
      <path d="M15 21 L20 14 L21.5 14 L16.5 21 Z" fill="#ffffff" opacity="0.55" />
    </svg>
  );
}

export function Logo({ size = 32, variant = 'dark', compact = false, name = DEFAULT_SITE_NAME, title = name, className }: LogoProps) {
  return (
    <span
      className={['vt-logo', `vt-logo--${variant}`, className].filter(Boolean).join(' ')}
      role="img"
      aria-label={title}
      style={{ fontSize: Math.round(size * 0.62) }}
    >
      <LogoMark size={size} variant={variant} />
      {compact ? null : <span className="vt-logo__word">{name}</span>}
    </span>
  );
}

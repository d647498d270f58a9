import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
  size?: 'sm' | 'md' | 'lg';
  /** Shows a spinner, sets aria-busy and blocks clicks. */
  loading?: boolean;
  block?: boolean;
}

export function Button({ variant = 'primary', size = 'md', loading = false, block = false, type = 'button', className, disabled, children, ...rest }: ButtonProps) {
  const classes = ['vt-btn', `vt-btn--${variant}`, size === 'md' ? null : `vt-btn--${size}`, block ? 'vt-btn--block' : null, className]
    .filter(Boolean)
    .join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading ? <span className="vt-spinner vt-spinner--sm vt-btn__spinner" aria-hidden="true"><span className="vt-spinner__ring" /></span> : null}
      {children}
    </button>
  );
}

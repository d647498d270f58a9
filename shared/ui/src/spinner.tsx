import { useText } from './use-text';

export interface SpinnerProps {
  /** Visible text beside the spinner; '' or absent shows none. */
  label?: string;
  /** Accessible name; defaults to the label, else the translated 'Loading…'. */
  ariaLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label, ariaLabel, size = 'md', className }: SpinnerProps) {
  const text = useText();
  const name = ariaLabel || label || text('common:loading.label', 'Loading…');
  return (
    <span className={['vt-spinner', `vt-spinner--${size}`, className].filter(Boolean).join(' ')} role="status" aria-label={name}>
      <span className="vt-spinner__ring" aria-hidden="true" />
      {label ? <span className="vt-spinner__label" aria-hidden="true">{label}</span> : null}
    </span>
  );
}

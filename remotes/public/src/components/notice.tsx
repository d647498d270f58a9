import type { HTMLAttributes, Ref } from 'react';
import './form.css';

export interface NoticeProps extends HTMLAttributes<HTMLDivElement> {
  tone: 'success' | 'info' | 'warning' | 'error';
  ref?: Ref<HTMLDivElement>;
}

/** A short message in a tinted box with a coloured edge: a form's result, a page's banner. */
export function Notice({ tone, className, ...rest }: NoticeProps) {
  return <div {...rest} className={['vt-notice', `vt-notice--${tone}`, className].filter(Boolean).join(' ')} />;
}

import type { ReactNode } from 'react';
import './states.css';
import { useTranslation } from '@vitrine/core';

export interface ErrorStateProps {
  title?: string;
  text?: ReactNode;
  onRetry?: () => void;
}

/** A failed load, said in words, with Retry. */
export function ErrorState({ title, text, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('public');
  return (
    <div className="vt-state vt-state--error" role="alert">
      <p className="vt-state__title">{title ?? tp('states.loadFailed')}</p>
      {text ? <p>{text}</p> : null}
      {onRetry ? (
        <button type="button" className="vt-btn vt-btn--primary" onClick={onRetry}>
          {t('actions.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** Nothing to show (no results, no articles, not found). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="vt-state">
      <p className="vt-state__title">{title}</p>
      {children}
    </div>
  );
}

import { useTranslation } from '@vitrine/core';
import { percentChange } from '../dashboard-view';
import { intlLocale } from '../../../lib/intl-locale';

export interface StatCardProps {
  title: string;
  value: number;
  /** The same figure over the period before: shown as a change in percent. */
  previous?: number;
  compare?: { days: number };
  /** A line under the figure instead of the change ('of 120 published'). */
  hint?: string;
  testId?: string;
}

/** One figure of the period, with its change against the period before (up in green, down in red, words for screen readers). */
export function StatCard({ title, value, previous, compare, hint, testId }: StatCardProps) {
  const { t, i18n } = useTranslation('admin');
  const numbers = new Intl.NumberFormat(intlLocale(i18n.language));
  let line: React.ReactNode = hint ?? null;
  if (previous !== undefined && compare) {
    const change = percentChange(value, previous);
    if (change === null) line = t('dashboard.change.none');
    else {
      const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
      line = (
        <>
          <span className={`vt-dashboard__change vt-dashboard__change--${direction}`}>
            <span aria-hidden="true">{direction === 'up' ? '▲ ' : direction === 'down' ? '▼ ' : ''}</span>
            {t(`dashboard.change.${direction}`, { percent: numbers.format(Math.abs(change)) })}
          </span>{' '}
          {t('dashboard.change.vsPrevious', { count: compare.days })}
        </>
      );
    }
  }
  return (
    <div className="vt-dashboard__card vt-dashboard__stat" data-testid={testId}>
      <p className="vt-dashboard__stat-title">{title}</p>
      <div className="vt-dashboard__figure">{numbers.format(value)}</div>
      {line && <div className="vt-dashboard__muted vt-dashboard__small">{line}</div>}
    </div>
  );
}

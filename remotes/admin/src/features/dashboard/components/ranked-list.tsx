import type { Key, ReactNode } from 'react';
import { useTranslation } from '@vitrine/core';
import { percentChange } from '../dashboard-view';
import { intlLocale } from '../../../lib/intl-locale';

export interface RankedItem {
  key: Key;
  label: ReactNode;
  value: number;
  /** The value against the largest in the list (0–1): the bar behind the row. */
  share: number;
  /** The value in the period before (a change in percent is shown). */
  previous?: number;
  valueLabel: string;
}

/**
 * A ranked list with a bar behind each row (the way analytics tools show top pages): long titles and names
 * wrap, which a bar chart's axis cannot do on a phone.
 */
export function RankedList({ items }: { items: RankedItem[] }) {
  const { t, i18n } = useTranslation('admin');
  const numbers = new Intl.NumberFormat(intlLocale(i18n.language));
  return (
    <ol className="vt-ranked">
      {items.map((item) => {
        const change = item.previous === undefined ? undefined : percentChange(item.value, item.previous);
        return (
          <li key={item.key} className="vt-ranked__row">
            <span className="vt-ranked__bar" style={{ width: `${Math.max(2, Math.round(item.share * 100))}%` }} aria-hidden="true" />
            <span className="vt-ranked__label">{item.label}</span>
            <span className="vt-ranked__value">
              {item.valueLabel}
              {change !== undefined && (
                <span className={`vt-dashboard__change vt-dashboard__change--${change === null ? 'new' : change > 0 ? 'up' : change < 0 ? 'down' : 'same'}`}>
                  {change === null ? t('dashboard.change.new') : t(`dashboard.change.${change > 0 ? 'up' : change < 0 ? 'down' : 'same'}`, { percent: numbers.format(Math.abs(change)) })}
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

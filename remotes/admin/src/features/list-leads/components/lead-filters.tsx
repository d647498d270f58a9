import { useEffect, useRef, useState } from 'react';
import { Button, DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
// The date picker's month and day names in Portuguese (antd's pt_BR locale names this dayjs locale).
import 'dayjs/locale/pt-br';
import {
  LEAD_CLASSIFICATIONS,
  LEAD_MODULES,
  LEAD_SORTS,
  LEAD_STATUSES,
  LIMITS,
  NEWSLETTER_STATUSES,
  type LeadClassification,
  type LeadModule,
  type LeadSort,
  type LeadStatus,
  type NewsletterStatus,
} from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { CLEARED_FILTERS, type LeadsView, type SortOrder } from '../leads-view';
import type { UpdateView } from './leads-tab';
import { useDates } from '../../../lib/use-dates';

/** The search waits this long after the last key before it is sent (and lands in the URL). */
const SEARCH_DELAY_MS = 400;
const DAY_FORMAT = 'YYYY-MM-DD';

/**
 * The search box's text: typed freely, committed `SEARCH_DELAY_MS` after the last key (or at once on
 * Enter); follows the URL when it changes elsewhere (Back, "Clear filters").
 */
function useSearchBox(committed: string | undefined, commit: (value: string | undefined) => void) {
  const [value, setValue] = useState(committed ?? '');
  const [seen, setSeen] = useState(committed);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  }, [commit]);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (seen !== committed) {
    setSeen(committed);
    if ((committed ?? '') !== value.trim()) setValue(committed ?? '');
  }

  const send = (text: string) => {
    clearTimeout(timer.current);
    const trimmed = text.trim() || undefined;
    if (trimmed !== committed) latestCommit.current(trimmed);
  };
  return {
    value,
    change: (text: string) => {
      setValue(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => send(text), SEARCH_DELAY_MS);
    },
    now: send,
    reset: () => {
      clearTimeout(timer.current);
      setValue('');
    },
  };
}

interface LeadFiltersProps {
  id: string;
  /** Shown on a phone (behind the "Filters" button); always shown on wider screens. */
  open: boolean;
  view: LeadsView;
  update: UpdateView;
  filterCount: number;
}

/** The leads tab's filters and sort, all kept in the URL. They wrap on a narrow window and fold away on a phone. */
export function LeadFilters({ id, open, view, update, filterCount }: LeadFiltersProps) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const search = useSearchBox(view.search, (value) => update({ search: value }, { replace: true }));
  const range: [Dayjs | null, Dayjs | null] = [view.from ? dayjs(view.from) : null, view.to ? dayjs(view.to) : null];

  return (
    <div id={id} className={`vt-leads__filters${open ? ' vt-leads__filters--open' : ''}`} data-testid="leads-filters">
      <Input.Search
        className="vt-leads__search"
        allowClear
        placeholder={t('leads.filters.search')}
        aria-label={t('leads.filters.search')}
        maxLength={LIMITS.search}
        value={search.value}
        onChange={(event) => search.change(event.target.value)}
        onSearch={(text) => search.now(text)}
      />
      <Select<LeadModule>
        allowClear
        placeholder={t('leads.filters.module')}
        aria-label={t('leads.filters.module')}
        value={view.module}
        onChange={(module) => update({ module })}
        options={LEAD_MODULES.map((value) => ({ value, label: t(`leads.modules.${value}`) }))}
      />
      <Select<LeadClassification>
        allowClear
        placeholder={t('leads.filters.classification')}
        aria-label={t('leads.filters.classification')}
        value={view.classification}
        onChange={(classification) => update({ classification })}
        options={LEAD_CLASSIFICATIONS.map((value) => ({ value, label: t(`leads.classifications.${value}`) }))}
      />
      <Select<LeadStatus>
        allowClear
        placeholder={t('leads.filters.status')}
        aria-label={t('leads.filters.status')}
        value={view.status}
        onChange={(status) => update({ status })}
        options={LEAD_STATUSES.map((value) => ({ value, label: t(`leads.statuses.${value}`) }))}
      />
      <Select<NewsletterStatus>
        allowClear
        placeholder={t('leads.filters.newsletter')}
        aria-label={t('leads.filters.newsletter')}
        value={view.newsletter_status}
        onChange={(newsletter_status) => update({ newsletter_status })}
        options={NEWSLETTER_STATUSES.map((value) => ({ value, label: t(`leads.newsletterStates.${value}`) }))}
      />
      <Select<'yes' | 'no'>
        allowClear
        placeholder={t('leads.filters.lead')}
        aria-label={t('leads.filters.lead')}
        value={view.is_lead === undefined ? undefined : view.is_lead ? 'yes' : 'no'}
        onChange={(value) => update({ is_lead: value === undefined ? undefined : value === 'yes' })}
        options={[
          { value: 'yes', label: t('leads.filters.leadYes') },
          { value: 'no', label: t('leads.filters.leadNo') },
        ]}
      />
      <DatePicker.RangePicker
        className="vt-leads__range"
        classNames={{ popup: { root: 'vt-range-popup' } }}
        aria-label={t('leads.filters.registered')}
        format={dates.pickerDate}
        allowEmpty={[true, true]}
        placeholder={[t('leads.filters.registeredFrom'), t('leads.filters.registeredTo')]}
        value={range[0] || range[1] ? range : null}
        onChange={(picked) =>
          update({ from: picked?.[0]?.format(DAY_FORMAT) ?? undefined, to: picked?.[1]?.format(DAY_FORMAT) ?? undefined })
        }
      />
      <Select<string>
        className="vt-leads__sort"
        aria-label={t('leads.filters.sort')}
        value={`${view.sort}:${view.order}`}
        onChange={(value) => {
          const [sort, order] = value.split(':') as [LeadSort, SortOrder];
          update({ sort, order });
        }}
        options={LEAD_SORTS.flatMap((sort) =>
          (sort === 'name' || sort === 'email' ? (['asc', 'desc'] as const) : (['desc', 'asc'] as const)).map((order) => ({
            value: `${sort}:${order}`,
            label: t(`leads.sorts.${sort}_${order}`),
          })),
        )}
      />
      {filterCount > 0 && (
        <Button
          type="link"
          className="vt-leads__clear"
          onClick={() => {
            search.reset();
            update(CLEARED_FILTERS);
          }}
        >
          {t('leads.filters.clear')}
        </Button>
      )}
    </div>
  );
}

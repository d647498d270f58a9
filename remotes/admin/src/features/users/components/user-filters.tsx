import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Input, Select } from 'antd';
import { LIMITS, USER_SORTS, USER_STATUSES, USER_TYPES, type UserSort, type UserStatus, type UserType } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { CLEARED_FILTERS, hasFilters, naturalOrder, type SortOrder, type UsersView } from '../users-view';
import type { UpdateView } from './users-table';

/** The search is sent (and lands in the URL) this long after the last key, or at once on Enter. */
export const SEARCH_DELAY_MS = 400;

/**
 * The search box's text: typed freely, committed once it has rested `SEARCH_DELAY_MS` (or at once on
 * Enter); it follows the URL when that changes elsewhere (Back, "Clear filters").
 */
function useSearchBox(committed: string | undefined, commit: (value: string | undefined) => void) {
  const [value, setValue] = useState(committed ?? '');
  const [seen, setSeen] = useState(committed);
  if (seen !== committed) {
    setSeen(committed);
    if ((committed ?? '') !== value.trim()) setValue(committed ?? '');
  }
  const latest = useRef({ committed, commit });
  useEffect(() => {
    latest.current = { committed, commit };
  });
  // Reads the URL as it is when it runs (the rested text lands later than the render that typed it).
  const send = useCallback((text: string) => {
    const trimmed = text.trim() || undefined;
    if (trimmed !== latest.current.committed) latest.current.commit(trimmed);
  }, []);
  const rested = useDebouncedValue(value, SEARCH_DELAY_MS);
  useEffect(() => send(rested), [rested, send]);
  return { value, change: setValue, now: send };
}

interface UserFiltersProps {
  view: UsersView;
  update: UpdateView;
}

/** Search, type, status and sort, all in the URL; they wrap on a narrow screen. */
export function UserFilters({ view, update }: UserFiltersProps) {
  const { t } = useTranslation('admin');
  const search = useSearchBox(view.search, (value) => update({ search: value }, { replace: true }));

  return (
    <div className="vt-users__filters" data-testid="users-filters">
      <Input.Search
        className="vt-users__search"
        allowClear
        placeholder={t('users.searchPlaceholder')}
        aria-label={t('users.searchPlaceholder')}
        maxLength={LIMITS.search}
        value={search.value}
        onChange={(event) => search.change(event.target.value)}
        onSearch={(text) => search.now(text)}
      />
      <Select<UserType>
        allowClear
        placeholder={t('users.filters.allTypes')}
        aria-label={t('users.filters.type')}
        value={view.type}
        onChange={(type) => update({ type })}
        options={USER_TYPES.map((value) => ({ value, label: t(`users.types.${value}`) }))}
      />
      <Select<UserStatus>
        allowClear
        placeholder={t('users.filters.allStatuses')}
        aria-label={t('users.filters.status')}
        value={view.status}
        onChange={(status) => update({ status })}
        options={USER_STATUSES.map((value) => ({ value, label: t(`users.statuses.${value}`) }))}
      />
      <Select<string>
        className="vt-users__sort"
        aria-label={t('users.filters.sort')}
        value={`${view.sort}:${view.order}`}
        onChange={(value) => {
          const [sort, order] = value.split(':') as [UserSort, SortOrder];
          update({ sort, order });
        }}
        options={USER_SORTS.flatMap((sort) =>
          (naturalOrder(sort) === 'asc' ? (['asc', 'desc'] as const) : (['desc', 'asc'] as const)).map((order) => ({
            value: `${sort}:${order}`,
            label: t(`users.sorts.${sort}_${order}`),
          })),
        )}
      />
      {hasFilters(view) && (
        <Button
          type="link"
          className="vt-users__clear"
          onClick={() => {
            search.change('');
            update(CLEARED_FILTERS);
          }}
        >
          {t('users.filters.clear')}
        </Button>
      )}
    </div>
  );
}

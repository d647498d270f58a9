import { useEffect, useState } from 'react';
import { Badge, Empty, Input, Segmented, Typography } from 'antd';
import { LIMITS, MESSAGE_FILTERS, type MessageCounts, type MessageFilter, type MessagesListInput } from '@vitrine/contracts';
import { useSearchParams, useTranslation } from '@vitrine/core';
import type { MessageRef } from '../../../api/messages';
import { SpamGuardLine } from '../../../components/spam-guard-line';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useMessageCounts } from '../api/get-message-counts';
import { useMessages } from '../api/get-messages';
import { MessageDetail } from './message-detail';
import { MessageList } from './message-list';
import './messages-page.css';

const PAGE_SIZE = 20;

/** The counter shown on each filter (none on 'read': the active count already covers it). */
const COUNT_OF: Partial<Record<MessageFilter, keyof MessageCounts>> = { active: 'active', unread: 'unread', archived: 'archived', suspected: 'suspected' };

/** The message named by the URL (`?id=12&key=abc`, as the notification email links it), if any. */
function selectedIn(params: URLSearchParams): MessageRef | null {
  const id = Number(params.get('id'));
  const key = params.get('key');
  return Number.isInteger(id) && id > 0 && key ? { id, unique_key: key } : null;
}

/**
 * message-received: the staff inbox. Filters with their counts ('Suspected': what the public form's spam
 * guard held for review, with a line of its figures above), a debounced search and
 * server-side pages on the left; the selected message (kept in the URL) on the right. Under 900 px
 * one pane at a time, with Back (messages-page.css).
 */
export function MessagesPage() {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const [params, setParams] = useSearchParams();
  const selected = selectedIn(params);

  const [filter, setFilter] = useState<MessageFilter>('active');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search.trim(), 400);
  const input: MessagesListInput = { filter, page, limit: PAGE_SIZE, ...(debouncedSearch && { search: debouncedSearch }) };
  const messages = useMessages(input);
  const counts = useMessageCounts();
  useReportError(messages.error, fail);

  // The last message of the last page went away (archived, deleted, read under 'unread'): show the page before.
  const { data } = messages;
  useEffect(() => {
    if (data && data.items.length === 0 && data.page > 1 && !messages.isPlaceholderData) setPage(data.page - 1);
  }, [data, messages.isPlaceholderData]);

  const select = (m: MessageRef) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('id', String(m.id));
      next.set('key', m.unique_key);
      return next;
    });
  const close = () =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('id');
      next.delete('key');
      return next;
    });

  // A segmented choice, not tabs: on a phone antd's tab list grows a "more" button, which a tab list may not hold.
  const filterOptions = MESSAGE_FILTERS.map((value) => {
    const counter = COUNT_OF[value];
    const count = counter && counts.data ? counts.data[counter] : 0;
    return {
      value,
      label: (
        <span className="vt-inbox__filter">
          {t(`messages.filters.${value}`)}
          {count > 0 && <Badge count={count} overflowCount={999} color={value === 'unread' ? undefined : '#94a3b8'} size="small" />}
        </span>
      ),
    };
  });

  return (
    <div className={`vt-inbox${selected ? ' vt-inbox--open' : ''}`} data-testid="messages-page">
      <Typography.Title level={3} className="vt-inbox__heading">
        {t('messages.title')}
      </Typography.Title>
      <SpamGuardLine form="contact" />
      <div className="vt-inbox__panes">
        <section className="vt-inbox__pane vt-inbox__master" aria-label={t('messages.title')}>
          <Segmented
            className="vt-inbox__filters"
            aria-label={t('messages.filters.label')}
            value={filter}
            options={filterOptions}
            onChange={(key) => {
              setFilter(key as MessageFilter);
              setPage(1);
            }}
          />
          <Input.Search
            allowClear
            className="vt-inbox__search"
            placeholder={t('messages.searchPlaceholder')}
            aria-label={t('messages.searchPlaceholder')}
            value={search}
            maxLength={LIMITS.search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
          <MessageList
            data={data}
            loading={messages.isPending}
            switching={messages.isPlaceholderData}
            failed={messages.isError}
            onRetry={() => void messages.refetch()}
            selectedId={selected?.id ?? null}
            onSelect={select}
            page={page}
            onPage={setPage}
          />
        </section>
        <section className="vt-inbox__pane vt-inbox__detail">
          {selected ? (
            <MessageDetail key={`${selected.id}:${selected.unique_key}`} message={selected} onBack={close} onClosed={close} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.selectOne')} data-testid="message-none" />
          )}
        </section>
      </div>
    </div>
  );
}

import { Alert, Button, Empty, Pagination, Skeleton, Spin } from 'antd';
import type { ListPage, ReceivedMessage } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import type { MessageRef } from '../../../api/messages';
import { useDates } from '../../../lib/use-dates';

interface MessageListProps {
  data: ListPage<ReceivedMessage> | undefined;
  /** First load (nothing to show yet). */
  loading: boolean;
  /** Another page or filter is loading (the previous one stays shown). */
  switching: boolean;
  failed: boolean;
  onRetry: () => void;
  selectedId: number | null;
  onSelect: (message: MessageRef) => void;
  page: number;
  onPage: (page: number) => void;
}

/** The inbox's master list: sender, subject, preview and date; unread rows bold with a dot. */
export function MessageList({ data, loading, switching, failed, onRetry, selectedId, onSelect, page, onPage }: MessageListProps) {
  const { t } = useTranslation('admin');
  const dates = useDates();

  if (failed && !data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('messages.loadFailed')}
        data-testid="messages-error"
        action={
          <Button size="small" onClick={onRetry}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  }
  if (loading || !data) return <Skeleton active paragraph={{ rows: 6 }} data-testid="messages-loading" />;
  if (data.items.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty')} data-testid="messages-empty" />;
  }

  return (
    <Spin spinning={switching}>
      <ul className="vt-inbox__items" data-testid="messages-list">
        {data.items.map((m) => (
          <li key={m.id}>
            <button
              type="button"
              className={`vt-inbox__item${m.read ? '' : ' vt-inbox__item--unread'}${m.id === selectedId ? ' vt-inbox__item--selected' : ''}`}
              aria-current={m.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(m)}
            >
              <span className="vt-inbox__line">
                {!m.read && <span className="vt-inbox__dot" aria-hidden="true" />}
                <span className="vt-inbox__sender">{m.name}</span>
                {!m.read && <span className="vt-visually-hidden">{t('messages.unread')}</span>}
                <time className="vt-inbox__date" dateTime={m.created_at} title={dates.dateTime(m.created_at)}>
                  {dates.relative(m.created_at)}
                </time>
              </span>
              <span className="vt-inbox__subject">{m.subject}</span>
              <span className="vt-inbox__preview">{m.preview}</span>
            </button>
          </li>
        ))}
      </ul>
      {data.total > data.limit && (
        <Pagination
          className="vt-inbox__pagination"
          simple
          size="small"
          current={page}
          pageSize={data.limit}
          total={data.total}
          onChange={onPage}
        />
      )}
    </Spin>
  );
}

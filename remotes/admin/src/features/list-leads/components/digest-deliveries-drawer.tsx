import { useState } from 'react';
import { Drawer, Empty, Pagination, Select, Skeleton, Tag, Typography } from 'antd';
import { DIGEST_DELIVERY_STATUSES, type DigestDelivery, type DigestDeliveryStatus, type DigestSendStates } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { useDigestDeliveries } from '../api/get-digests';
import { useDates } from '../../../lib/use-dates';
import { LoadFailed } from '../../../components/load-failed';

const PAGE_SIZE = 20;

/** Each state's tag colour: done well (green), waiting (blue, gold for a retry), refused or given up (red), left out (grey). */
export const DELIVERY_COLORS: Record<DigestDeliveryStatus, string | undefined> = {
  queued: 'blue',
  sending: 'processing',
  sent: 'green',
  stored: 'default',
  deferred: 'gold',
  failed: 'red',
  bounced: 'volcano',
  skipped: undefined,
};

export type DeliveryFilter = DigestDeliveryStatus | 'all';
type Filter = DeliveryFilter;

/** What a delivery's line says beside its address: the server's answer, when it is tried again, why it was skipped, when it went out. */
function DeliveryDetail({ delivery }: { delivery: DigestDelivery }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const answer = delivery.last_error && (
    <div className="vt-failures__answer">
      <span className="vt-failures__label">{t('newsletter.deliveries.lastError')}</span>
      <code className="vt-newsletter__smtp">{delivery.last_error}</code>
    </div>
  );
  if (delivery.status === 'skipped') {
    return <Typography.Text type="secondary">{t(`newsletter.deliveries.skipReasons.${delivery.skip_reason ?? 'inactive'}`)}</Typography.Text>;
  }
  if (delivery.status === 'deferred') {
    return (
      <>
        {delivery.next_attempt_at && <Typography.Text type="secondary">{t('newsletter.deliveries.retryAt', { time: dates.dateTime(delivery.next_attempt_at) })}</Typography.Text>}
        {answer}
      </>
    );
  }
  if ((delivery.status === 'sent' || delivery.status === 'stored') && delivery.sent_at) {
    return <Typography.Text type="secondary">{t('newsletter.deliveries.sentAt', { time: dates.dateTime(delivery.sent_at) })}</Typography.Text>;
  }
  return answer || null;
}

interface DigestDeliveriesDrawerProps {
  /** The send whose deliveries are shown; none: closed. */
  send: DigestSendStates | null;
  /** The state shown first (all by default). */
  initialFilter?: DeliveryFilter;
  onClose: () => void;
}

/**
 * A send's deliveries, one per recipient, 20 at a time, filtered by state (each with its count): the address, the
 * state, the attempts, and the SMTP server's last answer, when a deferred one is tried again, or why one was skipped.
 * Live while the send is under way.
 */
export function DigestDeliveriesDrawer({ send, initialFilter = 'all', onClose }: DigestDeliveriesDrawerProps) {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<Filter>(initialFilter);
  const [page, setPage] = useState(1);
  const deliveries = useDigestDeliveries(send, { ...(filter === 'all' ? {} : { status: filter }), page, limit: PAGE_SIZE });

  const options = [
    { value: 'all' as const, label: t('newsletter.deliveries.all', { count: send?.total ?? 0 }) },
    ...DIGEST_DELIVERY_STATUSES.filter((status) => (send?.states[status] ?? 0) > 0 || status === filter).map((status) => ({
      value: status,
      label: t('newsletter.deliveries.filter', { state: t(`newsletter.deliveries.states.${status}`), count: send?.states[status] ?? 0 }),
    })),
  ];

  let body;
  if (deliveries.isError && !deliveries.data) {
    body = (
      <LoadFailed title={t('newsletter.deliveries.loadFailed')} onRetry={deliveries.refetch} />
    );
  } else if (!deliveries.data) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (deliveries.data.items.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('newsletter.deliveries.empty')} />;
  } else {
    body = (
      <>
        <ul className="vt-failures" data-testid="digest-deliveries">
          {deliveries.data.items.map((delivery) => (
            <li key={delivery.id} className="vt-failures__item">
              <div className="vt-failures__head">
                <strong className="vt-failures__email">{delivery.email}</strong>
                <span>
                  <Tag color={DELIVERY_COLORS[delivery.status]}>{t(`newsletter.deliveries.states.${delivery.status}`)}</Tag>
                  {delivery.attempts > 0 && <Tag>{t('newsletter.deliveries.attempts', { count: delivery.attempts })}</Tag>}
                </span>
              </div>
              <DeliveryDetail delivery={delivery} />
            </li>
          ))}
        </ul>
        {deliveries.data.total > PAGE_SIZE && (
          <Pagination size="small" simple current={page} pageSize={PAGE_SIZE} total={deliveries.data.total} onChange={setPage} className="vt-failures__pages" />
        )}
      </>
    );
  }

  return (
    <Drawer
      open={send !== null}
      onClose={onClose}
      afterOpenChange={(open) => {
        if (open) return;
        setPage(1);
        setFilter(initialFilter);
      }}
      title={send ? t('newsletter.deliveries.title', { week: send.week }) : ''}
      size={560}
      destroyOnHidden
    >
      <div className="vt-deliveries__filter">
        <label htmlFor="digest-deliveries-filter">{t('newsletter.deliveries.filterLabel')}</label>
        <Select<Filter>
          id="digest-deliveries-filter"
          className="vt-deliveries__select"
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
          options={options}
          popupMatchSelectWidth={false}
        />
      </div>
      {body}
    </Drawer>
  );
}

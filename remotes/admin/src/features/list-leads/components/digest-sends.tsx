import { useState } from 'react';
import { Alert, Button, Empty, Progress, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import type { DigestSendStates } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { isSending, useDigests } from '../api/get-digests';
import { DigestDeliveriesDrawer, type DeliveryFilter } from './digest-deliveries-drawer';
import { useDates } from '../../../lib/use-dates';

const STATUS_COLORS: Record<string, string | undefined> = { sending: 'processing', done: 'success', empty: undefined };

/** Sent (green) and failed (red) out of the total; what is left is still queued; deferred, bounced and skipped ones said when there are any. */
function Deliveries({ send }: { send: DigestSendStates }) {
  const { t } = useTranslation('admin');
  if (send.total === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const share = (n: number) => Math.round((n / send.total) * 1000) / 10;
  return (
    <div className="vt-newsletter__deliveries">
      <Progress
        aria-label={t('newsletter.sends.progressOf', { week: send.week })}
        percent={share(send.sent + send.failed)}
        success={{ percent: share(send.sent) }}
        strokeColor={send.failed > 0 ? '#ef4444' : undefined}
        status={send.status === 'sending' ? 'active' : 'normal'}
        format={() => `${send.sent}/${send.total}`}
        size="small"
      />
      <Typography.Text type="secondary" className="vt-newsletter__counts">
        {t('newsletter.sends.counts', { sent: send.sent, failed: send.failed, queued: send.queued })}
      </Typography.Text>
      {send.states.deferred + send.states.bounced + send.states.skipped > 0 && (
        <Typography.Text type="secondary" className="vt-newsletter__counts">
          {t('newsletter.sends.moreCounts', { deferred: send.states.deferred, bounced: send.states.bounced, skipped: send.states.skipped })}
        </Typography.Text>
      )}
    </div>
  );
}

/** A send's failures as the deliveries' filter shows them: failed ones, or bounced ones, or all when it has both. */
function failuresFilter(send: DigestSendStates): DeliveryFilter {
  if (send.states.bounced === 0 && send.states.failed > 0) return 'failed';
  if (send.states.failed === 0 && send.states.bounced > 0) return 'bounced';
  return 'all';
}

/** The weekly sends, newest first; while one is sending they are asked again every 3 s (useDigests). */
export function DigestSends() {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const { fail } = useFeedback();
  const digests = useDigests();
  useReportError(digests.error, fail);
  // The send whose deliveries are open, and the state they open on (a send's failures: its failed or bounced ones).
  const [opened, setOpened] = useState<{ send: DigestSendStates; filter: DeliveryFilter } | null>(null);
  const [times, setTimes] = useState(0);
  const openDeliveries = (send: DigestSendStates, filter: DeliveryFilter) => {
    setTimes(times + 1);
    setOpened({ send, filter });
  };

  if (digests.isError && !digests.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('newsletter.sends.loadFailed')}
        data-testid="digests-error"
        action={
          <Button size="small" onClick={() => void digests.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  }

  const columns: TableColumnsType<DigestSendStates> = [
    { key: 'week', title: t('newsletter.sends.week'), dataIndex: 'week', width: 110 },
    {
      key: 'status',
      title: t('newsletter.sends.status'),
      width: 130,
      render: (_, send) => (
        <Tag color={STATUS_COLORS[send.status]} icon={send.status === 'sending' ? <SyncOutlined spin /> : undefined}>
          {t(`newsletter.statuses.${send.status}`, { defaultValue: send.status })}
        </Tag>
      ),
    },
    {
      key: 'subject',
      title: t('newsletter.sends.subject'),
      render: (_, send) => (
        <div className="vt-newsletter__subject">
          <span>{send.subject || '—'}</span>
          <Typography.Text type="secondary">{t('newsletter.sends.articles', { count: send.articles })}</Typography.Text>
        </div>
      ),
    },
    { key: 'deliveries', title: t('newsletter.sends.deliveries'), width: 280, render: (_, send) => <Deliveries send={send} /> },
    { key: 'created_at', title: t('newsletter.sends.startedAt'), width: 150, render: (_, send) => dates.dateTime(send.created_at) },
    {
      key: 'recipients',
      width: 150,
      title: <span className="vt-visually-hidden">{t('newsletter.sends.recipientsColumn')}</span>,
      render: (_, send) =>
        send.total > 0 &&
        (send.failed > 0 ? (
          <Button size="small" danger icon={<WarningOutlined />} onClick={() => openDeliveries(send, failuresFilter(send))}>
            {t('newsletter.sends.failures', { count: send.failed })}
          </Button>
        ) : (
          <Button size="small" icon={<UnorderedListOutlined />} onClick={() => openDeliveries(send, 'all')}>
            {t('newsletter.sends.recipients')}
          </Button>
        )),
    },
  ];

  return (
    <>
      {isSending(digests.data) && (
        <Typography.Text type="secondary" className="vt-newsletter__live" role="status">
          <SyncOutlined spin /> {t('newsletter.sends.live')}
        </Typography.Text>
      )}
      <Table<DigestSendStates>
        data-testid="digests-table"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={digests.data ?? []}
        loading={digests.isPending}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 900 }}
        locale={{
          emptyText: digests.data ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('newsletter.sends.empty')} /> : <div className="vt-leads__placeholder" />,
        }}
      />
      {/* Opened anew each time (its key), on the state chosen; the send's counts stay live while it is sending. */}
      <DigestDeliveriesDrawer
        key={times}
        send={opened && (digests.data?.find((send) => send.id === opened.send.id) ?? opened.send)}
        initialFilter={opened?.filter}
        onClose={() => setOpened(null)}
      />
    </>
  );
}

import { useState } from 'react';
import { Alert, Button, Empty, Progress, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import type { DigestSend } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { isSending, useDigests } from '../api/get-digests';
import { DigestFailuresDrawer } from './digest-failures-drawer';
import { useDates } from '../../../lib/use-dates';

const STATUS_COLORS: Record<string, string | undefined> = { sending: 'processing', done: 'success', empty: undefined };

/** Sent (green) and failed (red) out of the total; what is left is still queued. */
function Deliveries({ send }: { send: DigestSend }) {
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
    </div>
  );
}

/** The weekly sends, newest first; while one is sending they are asked again every 3 s (useDigests). */
export function DigestSends() {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const { fail } = useFeedback();
  const digests = useDigests();
  useReportError(digests.error, fail);
  const [failuresOf, setFailuresOf] = useState<DigestSend | null>(null);

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

  const columns: TableColumnsType<DigestSend> = [
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
      key: 'failures',
      width: 130,
      title: <span className="vt-visually-hidden">{t('newsletter.sends.failuresColumn')}</span>,
      render: (_, send) =>
        send.failed > 0 && (
          <Button size="small" danger icon={<WarningOutlined />} onClick={() => setFailuresOf(send)}>
            {t('newsletter.sends.failures', { count: send.failed })}
          </Button>
        ),
    },
  ];

  return (
    <>
      {isSending(digests.data) && (
        <Typography.Text type="secondary" className="vt-newsletter__live" role="status">
          <SyncOutlined spin /> {t('newsletter.sends.live')}
        </Typography.Text>
      )}
      <Table<DigestSend>
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
      <DigestFailuresDrawer send={failuresOf} onClose={() => setFailuresOf(null)} />
    </>
  );
}

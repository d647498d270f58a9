import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Pagination, Skeleton, Tag } from 'antd';
import type { DigestSend } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { useDigestFailures } from '../api/get-digests';

const PAGE_SIZE = 20;

interface DigestFailuresDrawerProps {
  /** The send whose failures are shown; none: closed. */
  send: DigestSend | null;
  onClose: () => void;
}

/** A send's failed deliveries: the address, how many attempts, and the SMTP server's last answer (20 at a time). */
export function DigestFailuresDrawer({ send, onClose }: DigestFailuresDrawerProps) {
  const { t } = useTranslation('admin');
  const failures = useDigestFailures(send?.id ?? null);
  const [page, setPage] = useState(1);

  let body;
  if (failures.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('newsletter.failures.loadFailed')}
        action={
          <Button size="small" onClick={() => void failures.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  } else if (!failures.data) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (failures.data.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('newsletter.failures.empty')} />;
  } else {
    body = (
      <>
        <ul className="vt-failures" data-testid="digest-failures">
          {failures.data.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((failure) => (
            <li key={failure.email} className="vt-failures__item">
              <div className="vt-failures__head">
                <strong className="vt-failures__email">{failure.email}</strong>
                <Tag>{t('newsletter.failures.attempts', { count: failure.attempts })}</Tag>
              </div>
              <div className="vt-failures__answer">
                <span className="vt-failures__label">{t('newsletter.failures.lastError')}</span>
                <code className="vt-newsletter__smtp">{failure.last_error ?? '—'}</code>
              </div>
            </li>
          ))}
        </ul>
        {failures.data.length > PAGE_SIZE && (
          <Pagination size="small" simple current={page} pageSize={PAGE_SIZE} total={failures.data.length} onChange={setPage} className="vt-failures__pages" />
        )}
      </>
    );
  }

  return (
    <Drawer
      open={send !== null}
      onClose={onClose}
      afterOpenChange={(open) => !open && setPage(1)}
      title={send ? t('newsletter.failures.title', { week: send.week }) : ''}
      size={560}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}

import { Alert, Button, Modal, Skeleton } from 'antd';
import { useTranslation } from '@vitrine/core';
import { useDigestPreview } from '../api/get-digest-preview';
import { SendTestButton } from './send-test-button';

interface DigestPreviewModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The next digest as it stands now: its subject, how many articles and recipients, and the mail
 * itself in a sandboxed frame (`sandbox=""`: no script, no form, no navigation out of it).
 */
export function DigestPreviewModal({ open, onClose }: DigestPreviewModalProps) {
  const { t } = useTranslation('admin');
  const preview = useDigestPreview(open);
  const data = preview.data;

  let body;
  if (preview.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('newsletter.preview.loadFailed')}
        action={
          <Button size="small" onClick={() => void preview.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    body = (
      <div data-testid="digest-preview">
        <dl className="vt-newsletter__facts">
          <dt>{t('newsletter.preview.subject')}</dt>
          <dd>{data.subject}</dd>
          <dt>{t('newsletter.preview.articles')}</dt>
          <dd>{data.articles}</dd>
          <dt>{t('newsletter.preview.recipients')}</dt>
          <dd>{data.recipients}</dd>
        </dl>
        {data.articles === 0 && <Alert type="info" showIcon title={t('newsletter.preview.nothing')} className="vt-newsletter__nothing" />}
        <iframe className="vt-newsletter__frame" title={t('newsletter.preview.frame')} sandbox="" srcDoc={data.html} />
      </div>
    );
  }

  return (
    <Modal
      open={open}
      title={t('newsletter.preview.title')}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={[
        <SendTestButton key="test" />,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common:actions.close')}
        </Button>,
      ]}
    >
      {body}
    </Modal>
  );
}

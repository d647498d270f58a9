import { Alert, App, Button, Modal, Typography } from 'antd';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import type { WebhookEndpointWithSecret } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { useDates } from '../../../../lib/use-dates';

/** The headers a delivery carries (Standard Webhooks), each explained by `webhooks.secret.headers.<key>`. */
const HEADERS = [
  ['webhook-id', 'id'],
  ['webhook-timestamp', 'timestamp'],
  ['webhook-signature', 'signature'],
] as const;

interface Props {
  /** The endpoint and its secret, as the API answered them once; none: closed. */
  shown: WebhookEndpointWithSecret | null;
  /** Shown after a rotation (the previous secret still signs for a while). */
  rotated: boolean;
  onClose: () => void;
}

/**
 * The signing secret of an endpoint just added or rotated, with a copy button and how a receiver checks a delivery.
 * It closes only with its Close button or Escape, and the secret leaves the page with it: it is not shown again.
 */
export function SecretDialog({ shown, rotated, onClose }: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const dates = useDates();
  const until = shown?.endpoint.previous_secret_until ?? null;

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      void message.success(t('webhooks.secret.copied'));
    } catch {
      void message.error(t('webhooks.secret.copyFailed'));
    }
  };

  return (
    <Modal
      open={shown !== null}
      title={rotated ? t('webhooks.secret.rotatedTitle') : t('webhooks.secret.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      closable={false}
      keyboard
      destroyOnHidden
      width={640}
      data-testid="webhook-secret-dialog"
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('webhooks.secret.copy')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common:actions.close')}
        </Button>,
      ]}
    >
      {shown && (
        <>
          <Typography.Paragraph>{t('webhooks.secret.text', { url: shown.endpoint.url })}</Typography.Paragraph>
          <Typography.Paragraph className="vt-webhooks__secret">
            <code data-testid="webhook-secret">{shown.secret}</code>
          </Typography.Paragraph>
          <Alert type="warning" showIcon title={t('webhooks.secret.once')} className="vt-webhooks__secret-once" />
          {rotated && until && (
            <Alert type="info" showIcon title={t('webhooks.secret.rotation', { date: dates.dateTime(until) })} className="vt-webhooks__secret-once" data-testid="webhook-rotation" />
          )}
          <Typography.Title level={5}>{t('webhooks.secret.verifyTitle')}</Typography.Title>
          <Typography.Paragraph>{t('webhooks.secret.verify')}</Typography.Paragraph>
          <dl className="vt-webhooks__headers">
            {HEADERS.map(([name, key]) => (
              <div key={name}>
                <dt>
                  <code>{name}</code>
                </dt>
                <dd>{t(`webhooks.secret.headers.${key}`)}</dd>
              </div>
            ))}
          </dl>
          <Typography.Paragraph type="secondary">{t('webhooks.secret.library')}</Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}

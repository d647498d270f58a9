import { App, Button, Modal, Typography } from 'antd';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { PUBLIC_ROUTES, type UserCreated } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { fullName } from '../users-view';

/** Where the new user signs in: this site's login page. */
const signInAddress = () => (typeof window === 'undefined' ? PUBLIC_ROUTES.login : `${window.location.origin}${PUBLIC_ROUTES.login}`);

/**
 * The first-access credentials of a user just added: the email and the temporary password
 * the API answered once, with a button that copies them. It closes only when asked, with its Close
 * button or Escape (the password is not shown again).
 */
export function CredentialsDialog({ created, onClose }: { created: UserCreated | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const address = signInAddress();

  const copy = async () => {
    if (!created) return;
    const text = [
      `${t('users.credentials.address')}: ${address}`,
      `${t('users.credentials.email')}: ${created.user.email}`,
      `${t('users.credentials.password')}: ${created.temporary_password}`,
    ].join('\n');
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('users.credentials.copied'));
    } catch {
      void message.error(t('users.credentials.copyFailed'));
    }
  };

  return (
    <Modal
      open={created !== null}
      title={t('users.credentials.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      closable={false}
      keyboard
      // Once closed, the password leaves the page.
      destroyOnHidden
      data-testid="credentials-dialog"
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('users.credentials.copy')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common:actions.close')}
        </Button>,
      ]}
    >
      {created && (
        <>
          <Typography.Paragraph>{t('users.credentials.text', { name: fullName(created.user) || created.user.email })}</Typography.Paragraph>
          <dl className="vt-users__credentials">
            <dt>{t('users.credentials.address')}</dt>
            <dd>
              <Typography.Text code>{address}</Typography.Text>
            </dd>
            <dt>{t('users.credentials.email')}</dt>
            <dd>
              <Typography.Text code data-testid="credentials-email">
                {created.user.email}
              </Typography.Text>
            </dd>
            <dt>{t('users.credentials.password')}</dt>
            <dd>
              <Typography.Text code data-testid="credentials-password">
                {created.temporary_password}
              </Typography.Text>
            </dd>
          </dl>
        </>
      )}
    </Modal>
  );
}

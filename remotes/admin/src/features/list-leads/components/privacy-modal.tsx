import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { isValidEmail, LIMITS } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { usePrivacyActions } from '../api/use-privacy-actions';

interface PrivacyModalProps {
  open: boolean;
  onClose: () => void;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * One person's data, by email (a data subject's request): export it as a JSON file (confirmed), or
 * erase it — irreversible, so a second step says what happens and asks for the email again.
 */
export function PrivacyModal({ open, onClose }: PrivacyModalProps) {
  const { t } = useTranslation('admin');
  const actions = usePrivacyActions();
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<'choose' | 'erase'>('choose');
  const [retyped, setRetyped] = useState('');
  const [busy, setBusy] = useState<'export' | 'erase' | null>(null);
  const [touched, setTouched] = useState(false);
  const valid = isValidEmail(email.trim());

  const close = () => {
    setEmail('');
    setRetyped('');
    setStep('choose');
    setTouched(false);
    onClose();
  };

  const exportData = async () => {
    setTouched(true);
    if (!valid) return;
    setBusy('export');
    await actions.exportData(email.trim());
    setBusy(null);
  };

  const askErase = () => {
    setTouched(true);
    if (valid) setStep('erase');
  };

  const back = () => {
    setStep('choose');
    setRetyped('');
  };

  const erase = async () => {
    setBusy('erase');
    const done = await actions.erase(email.trim());
    setBusy(null);
    if (done) close();
  };

  const footer =
    step === 'choose'
      ? [
          <Button key="erase" danger icon={<DeleteOutlined />} disabled={busy !== null} onClick={askErase}>
            {t('leads.privacy.erase')}
          </Button>,
          <Button key="export" type="primary" icon={<DownloadOutlined />} loading={busy === 'export'} onClick={() => void exportData()}>
            {t('leads.privacy.export')}
          </Button>,
        ]
      : [
          <Button key="back" disabled={busy !== null} onClick={back}>
            {t('common:actions.back')}
          </Button>,
          <Button key="confirm" type="primary" danger loading={busy === 'erase'} disabled={!same(retyped, email)} onClick={() => void erase()}>
            {t('leads.privacy.eraseConfirm')}
          </Button>,
        ];

  return (
    <Modal open={open} title={step === 'choose' ? t('leads.privacy.title') : t('leads.privacy.eraseTitle')} onCancel={close} footer={footer} destroyOnHidden>
      {step === 'choose' ? (
        <Form layout="vertical" requiredMark={false} onFinish={() => void exportData()}>
          <Typography.Paragraph type="secondary">{t('leads.privacy.text')}</Typography.Paragraph>
          <Form.Item
            label={t('leads.privacy.email')}
            htmlFor="vt-privacy-email"
            validateStatus={touched && !valid ? 'error' : undefined}
            help={touched && !valid ? (email.trim() ? t('errors:invalidEmail') : t('errors:emailRequired')) : undefined}
          >
            <Input id="vt-privacy-email" type="email" autoComplete="off" maxLength={LIMITS.email} value={email} onChange={(event) => setEmail(event.target.value)} />
          </Form.Item>
        </Form>
      ) : (
        <>
          <Alert type="error" showIcon title={t('leads.privacy.eraseWarning', { email: email.trim() })} data-testid="erase-warning" />
          <Form layout="vertical" requiredMark={false} className="vt-leads__retype">
            <Form.Item label={t('leads.privacy.retype')} htmlFor="vt-privacy-retype">
              <Input id="vt-privacy-retype" type="email" autoComplete="off" maxLength={LIMITS.email} value={retyped} onChange={(event) => setRetyped(event.target.value)} />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}

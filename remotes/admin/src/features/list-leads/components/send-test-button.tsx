import { useState } from 'react';
import { Button } from 'antd';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { useTranslation } from '@vitrine/core';
import { sendDigestTest } from '../../../api/newsletter';
import { useFeedback } from '../../../lib/use-feedback';

/** Sends the next digest, as it stands, to the signed-in user. */
export function SendTestButton({ type }: { type?: 'primary' | 'default' }) {
  const { t } = useTranslation('admin');
  const { fail, success } = useFeedback();
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      await sendDigestTest();
      success(t('newsletter.test.sent'));
    } catch (error) {
      fail(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button type={type} icon={<MailOutlined />} loading={sending} onClick={() => void send()}>
      {t('newsletter.test.button')}
    </Button>
  );
}

import { useState } from 'react';
import { Button, Card } from 'antd';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { useTranslation } from '@vitrine/core';
import { SpamGuardLine } from '../../../components/spam-guard-line';
import { DigestPreviewModal } from './digest-preview-modal';
import { DigestSends } from './digest-sends';
import { DigestSettingsForm } from './digest-settings-form';
import { SendTestButton } from './send-test-button';
import { UnsubscribeReasons } from './unsubscribe-reasons';

/**
 * The newsletter tab: the weekly sends with their live progress and failures, the next digest's
 * preview and a test to oneself, the schedule, why subscribers left in a period, and what the
 * sign-up's spam guard doubted (those sign-ups were mailed their link like any).
 */
export function NewsletterTab() {
  const { t } = useTranslation('admin');
  const [previewOpen, setPreviewOpen] = useState(false);

  return (
    <div className="vt-newsletter" data-testid="newsletter-tab">
      <SpamGuardLine form="newsletter" />
      <Card
        className="vt-newsletter__sends"
        title={t('newsletter.sends.title')}
        extra={
          <div className="vt-newsletter__actions">
            <Button icon={<EyeOutlined />} onClick={() => setPreviewOpen(true)}>
              {t('newsletter.preview.button')}
            </Button>
            <SendTestButton />
          </div>
        }
      >
        <DigestSends />
      </Card>
      <div className="vt-newsletter__columns">
        <Card title={t('newsletter.settings.title')}>
          <DigestSettingsForm />
        </Card>
        <Card title={t('newsletter.reasons.title')}>
          <UnsubscribeReasons />
        </Card>
      </div>
      <DigestPreviewModal open={previewOpen} onClose={() => setPreviewOpen(false)} />
    </div>
  );
}

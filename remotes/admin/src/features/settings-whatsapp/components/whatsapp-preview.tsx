import { Alert, Button, Typography } from 'antd';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import { useTranslation } from '@vitrine/core';
import { contrastingTextColor } from '@vitrine/utils';
import { isInternationalPhone, whatsappLink } from '../whatsapp-settings';

interface WhatsappPreviewProps {
  enabled: boolean;
  description: string;
  phone: string;
  message: string;
  /** A valid `#rrggbb` colour (the form's, or the saved one while the form's is being typed). */
  color: string;
}

/** WhatsApp's chat glyph, as the public button draws it. */
function ChatIcon() {
  return (
    <svg className="vt-wa-preview__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M3.5 20.5l1.2-4.3A8.5 8.5 0 1 1 8 19.4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <path
        fill="currentColor"
        d="M9.1 7.8c.4-.4 1-.3 1.3.1l1 1.5c.2.4.2.8-.1 1.1l-.6.6c.6 1.2 1.5 2.1 2.6 2.7l.6-.6c.3-.3.8-.4 1.1-.1l1.5 1c.4.3.5.9.1 1.3l-.7.7c-.6.6-1.5.8-2.3.4-2.3-1.1-4.1-2.9-5.2-5.2-.4-.8-.2-1.7.4-2.3z"
      />
    </svg>
  );
}

/**
 * The settings as visitors will meet them, updated as the staff type: a corner of a public page with the
 * floating button (round, in the colour, its label white or near-black by contrast, as on the site, the description as its
 * label), then what a tap opens — the chat with the number and the message already written — and the
 * wa.me link itself, which "Test link" opens in a new tab.
 */
export function WhatsappPreview({ enabled, description, phone, message, color }: WhatsappPreviewProps) {
  const { t } = useTranslation('admin');
  const label = description.trim() || t('whatsapp.preview.defaultLabel');
  const link = whatsappLink(phone, message);
  const testable = isInternationalPhone(phone);
  const text = message.trim();

  return (
    <section className="vt-wa-preview" aria-labelledby="vt-wa-preview-title" data-testid="whatsapp-preview">
      <Typography.Title level={5} id="vt-wa-preview-title" className="vt-wa-preview__title">
        {t('whatsapp.preview.title')}
      </Typography.Title>

      <p className="vt-wa-preview__caption">{t('whatsapp.preview.siteCaption')}</p>
      <div className={`vt-wa-preview__site${enabled ? '' : ' vt-wa-preview__site--off'}`} data-testid="whatsapp-preview-site">
        <div className="vt-wa-preview__page" aria-hidden="true">
          <span className="vt-wa-preview__bar vt-wa-preview__bar--title" />
          <span className="vt-wa-preview__bar" />
          <span className="vt-wa-preview__bar" />
          <span className="vt-wa-preview__bar vt-wa-preview__bar--short" />
        </div>
        <span className="vt-wa-preview__button" style={{ background: color, color: contrastingTextColor(color) }} data-testid="whatsapp-preview-button">
          <ChatIcon />
          <span className="vt-wa-preview__label">{label}</span>
        </span>
      </div>
      {!enabled && <Alert type="info" showIcon className="vt-wa-preview__off" title={t('whatsapp.preview.off')} />}

      <p className="vt-wa-preview__caption">{t('whatsapp.preview.tapCaption')}</p>
      <div className="vt-wa-preview__chat">
        <div className="vt-wa-preview__chat-head">
          <span className="vt-wa-preview__avatar" aria-hidden="true">
            <ChatIcon />
          </span>
          <span className="vt-wa-preview__number" data-testid="whatsapp-preview-number">
            {phone.trim() || t('whatsapp.preview.noPhone')}
          </span>
        </div>
        <div className="vt-wa-preview__chat-body">
          <p className={`vt-wa-preview__bubble${text ? '' : ' vt-wa-preview__bubble--empty'}`} data-testid="whatsapp-preview-message">
            {text || t('whatsapp.preview.noMessage')}
          </p>
        </div>
      </div>

      <div className="vt-wa-preview__link">
        <Typography.Text type="secondary">{t('whatsapp.preview.link')}</Typography.Text>
        <code data-testid="whatsapp-preview-link">{link}</code>
      </div>
      <Button icon={<ExportOutlined />} href={testable ? link : undefined} target="_blank" rel="noopener noreferrer" disabled={!testable}>
        {t('whatsapp.preview.test')}
      </Button>
      {!testable && (
        <Typography.Paragraph type="secondary" className="vt-wa-preview__hint">
          {t('whatsapp.preview.testNeedsPhone')}
        </Typography.Paragraph>
      )}
    </section>
  );
}

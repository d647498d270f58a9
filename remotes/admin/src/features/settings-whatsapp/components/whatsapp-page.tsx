import { useState } from 'react';
import { Alert, Button, Form, Input, Skeleton, Switch, Typography } from 'antd';
import { WHATSAPP_LIMITS, type WhatsappSettings } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { showFieldErrors, type ServerFieldError } from '../../../lib/field-errors';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useSaveWhatsappSettings, useWhatsappSettings } from '../api/whatsapp-settings';
import { cleanPhone, cleanSettings, hasChanges, HEX_COLOR, isInternationalPhone, labelContrast } from '../whatsapp-settings';
import { ColorField } from './color-field';
import { WhatsappPreview } from './whatsapp-preview';
import { intlLocale } from '../../../lib/intl-locale';
import './whatsapp-page.css';

const FIELDS = ['enabled', 'description', 'phone', 'message', 'color'] as const;
/** How a phone in international format is written: country code, area code, number. */
const PHONE_EXAMPLE = '+55 11 91234-5678';

/** The server's field errors in the user's language, by `property.rule` (any other shows the server's text). */
const SERVER_TEXTS: Record<string, string> = {
  'phone.isNotEmpty': 'whatsapp.errors.phoneRequired',
  'phone.isPhoneNumber': 'whatsapp.errors.phoneFormat',
  'message.isNotEmpty': 'whatsapp.errors.messageRequired',
  'color.matches': 'errors:invalidColor',
};

/**
 * settings-whatsapp: the floating chat button of the public pages — on or off, its
 * label (the message description), the contact phone, the message the chat opens with and the colour —
 * with a live preview beside the form (below it on a phone).
 */
export function WhatsappPage() {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const settings = useWhatsappSettings();
  useReportError(settings.error, fail);

  let content;
  if (settings.isError && !settings.data) {
    content = (
      <Alert
        type="error"
        showIcon
        title={t('whatsapp.loadFailed')}
        data-testid="whatsapp-error"
        action={
          <Button size="small" onClick={() => void settings.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  } else if (!settings.data) {
    content = <Skeleton active paragraph={{ rows: 8 }} data-testid="whatsapp-loading" />;
  } else {
    content = <WhatsappForm saved={settings.data} />;
  }

  return (
    <div className="vt-wa" data-testid="whatsapp-page">
      <Typography.Title level={3} className="vt-wa__heading">
        {t('whatsapp.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="vt-wa__intro">
        {t('whatsapp.text')}
      </Typography.Paragraph>
      {content}
    </div>
  );
}

/** The label's colour on the chosen colour and how readable it is. */
function ContrastNote({ color }: { color: string }) {
  const { t, i18n } = useTranslation('admin');
  const { text, ratio, level } = labelContrast(color);
  const formatted = new Intl.NumberFormat(intlLocale(i18n.language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ratio);
  return (
    <span className={`vt-wa__contrast vt-wa__contrast--${level}`} data-testid="whatsapp-contrast">
      <span className="vt-wa__sample" style={{ background: color, color: text }} aria-hidden="true">
        Aa
      </span>
      <span>
        {t('whatsapp.contrast.label', { color: t(text === '#ffffff' ? 'whatsapp.contrast.light' : 'whatsapp.contrast.dark'), ratio: formatted })}
        {' — '}
        {t(`whatsapp.contrast.${level}`)}
      </span>
    </span>
  );
}

/**
 * The form, filled with what was saved. It checks what the API checks (phone and message required
 * while the button is on, the phone in international format, a #rrggbb colour) before sending; the
 * server's field errors land on their fields, and what was typed stays until it is saved or discarded.
 */
function WhatsappForm({ saved }: { saved: WhatsappSettings }) {
  const { t } = useTranslation('admin');
  const { fail, success } = useFeedback();
  const save = useSaveWhatsappSettings();
  const [form] = Form.useForm<WhatsappSettings>();
  const [saving, setSaving] = useState(false);

  const values: WhatsappSettings = {
    enabled: Form.useWatch('enabled', form) ?? saved.enabled,
    description: Form.useWatch('description', form) ?? saved.description,
    phone: Form.useWatch('phone', form) ?? saved.phone,
    message: Form.useWatch('message', form) ?? saved.message,
    color: Form.useWatch('color', form) ?? saved.color,
  };
  const dirty = hasChanges(values, saved);
  useLeaveGuard(dirty, { title: t('whatsapp.leave.title'), text: t('whatsapp.leave.text') });
  /** While a colour is being typed, the preview keeps the saved one. */
  const color = HEX_COLOR.test(values.color) ? values.color : saved.color;

  const submit = async (typed: WhatsappSettings) => {
    setSaving(true);
    try {
      const result = await save(cleanSettings(typed));
      form.setFieldsValue(result);
      success(t('whatsapp.saved'));
    } catch (error) {
      const say = ({ property, rule, text }: ServerFieldError<(typeof FIELDS)[number]>) => {
        const key = SERVER_TEXTS[`${property}.${rule}`];
        return key ? t(key) : (text ?? t('errors:VALIDATION_ERROR'));
      };
      if (!showFieldErrors(form, error, FIELDS, say)) fail(error);
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    form.setFieldsValue(saved);
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
  };

  return (
    <div className="vt-wa__layout">
      <Form<WhatsappSettings>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={saved}
        onFinish={(typed) => void submit(typed)}
        scrollToFirstError
        className="vt-wa__card vt-wa__form"
        data-testid="whatsapp-form"
      >
        <Form.Item name="enabled" label={t('whatsapp.fields.enabled')} valuePropName="checked" extra={t('whatsapp.fields.enabledHelp')}>
          <Switch checkedChildren={t('whatsapp.fields.on')} unCheckedChildren={t('whatsapp.fields.off')} />
        </Form.Item>
        <Form.Item name="description" label={t('whatsapp.fields.description')} extra={t('whatsapp.fields.descriptionHelp')}>
          <Input maxLength={WHATSAPP_LIMITS.description} showCount />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('whatsapp.fields.phone')}
          extra={
            <>
              {t('whatsapp.fields.phoneHelp')} <span className="vt-wa__example">{PHONE_EXAMPLE}</span>
            </>
          }
          dependencies={['enabled']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                const phone = cleanPhone(value ?? '');
                if (!phone) return getFieldValue('enabled') ? Promise.reject(new Error(t('whatsapp.errors.phoneRequired'))) : Promise.resolve();
                return isInternationalPhone(phone) ? Promise.resolve() : Promise.reject(new Error(t('whatsapp.errors.phoneFormat')));
              },
            }),
          ]}
        >
          <Input type="tel" inputMode="tel" autoComplete="off" maxLength={WHATSAPP_LIMITS.phone} placeholder={PHONE_EXAMPLE} />
        </Form.Item>
        <Form.Item
          name="message"
          className="vt-wa__counted"
          label={t('whatsapp.fields.message')}
          extra={t('whatsapp.fields.messageHelp')}
          dependencies={['enabled']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                getFieldValue('enabled') && !value?.trim() ? Promise.reject(new Error(t('whatsapp.errors.messageRequired'))) : Promise.resolve(),
            }),
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={WHATSAPP_LIMITS.message} showCount />
        </Form.Item>
        <Form.Item
          name="color"
          label={t('whatsapp.fields.color')}
          extra={<ContrastNote color={color} />}
          rules={[{ pattern: HEX_COLOR, message: t('errors:invalidColor') }, { required: true, message: t('errors:invalidColor') }]}
        >
          <ColorField fallback={saved.color} />
        </Form.Item>
        <div className="vt-wa__actions">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common:actions.save')}
          </Button>
          <Button disabled={!dirty || saving} onClick={discard}>
            {t('whatsapp.discard')}
          </Button>
          {dirty && (
            <Typography.Text type="warning" data-testid="whatsapp-unsaved">
              {t('whatsapp.unsaved')}
            </Typography.Text>
          )}
        </div>
      </Form>
      <aside className="vt-wa__card vt-wa__aside">
        <WhatsappPreview enabled={values.enabled} description={values.description} phone={values.phone} message={values.message} color={color} />
      </aside>
    </div>
  );
}

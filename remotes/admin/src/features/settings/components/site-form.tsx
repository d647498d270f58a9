import { useState } from 'react';
import { Alert, Button, Form, Input, Skeleton, Typography } from 'antd';
import { isHttpsUrl, isValidEmail, SITE_LIMITS, SOCIAL_NETWORKS, type SiteSettings } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { showFieldErrors, type ServerFieldError } from '../../../lib/field-errors';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useSaveSiteSettings, useSiteSettings } from '../api/site-settings';
import { hasChanges, toFormValues, toSettings, type SiteFormValues } from '../site-form-values';

const CONTACT_FIELDS = ['name', 'email', 'phone', 'address', 'hours'] as const;
const SERVER_FIELDS = ['contact.email', ...SOCIAL_NETWORKS.map((network) => `social.${network}` as const)] as const;

/** The company's details (settings, tab "site"): loading, failure with Retry, then the form. */
export function SiteSettingsTab() {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const settings = useSiteSettings();
  useReportError(settings.error, fail);
  if (settings.isError && !settings.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('settings.site.loadFailed')}
        data-testid="site-settings-error"
        action={
          <Button size="small" onClick={() => void settings.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  }
  if (!settings.data) return <Skeleton active paragraph={{ rows: 8 }} data-testid="site-settings-loading" />;
  return <SiteForm saved={settings.data} />;
}

/**
 * The contact details (footer, contact page and its structured data) and one profile address per social
 * network (the footer's links). Blank fields are left out on the site. It checks what the API checks (an
 * email, https addresses); the server's field errors land on their fields; leaving with changes asks first.
 */
function SiteForm({ saved }: { saved: SiteSettings }) {
  const { t } = useTranslation('admin');
  const { fail, success } = useFeedback();
  const save = useSaveSiteSettings();
  const [form] = Form.useForm<SiteFormValues>();
  const [saving, setSaving] = useState(false);
  const initial = toFormValues(saved);
  const watched = Form.useWatch([], form) as SiteFormValues | undefined;
  const dirty = watched?.contact !== undefined && hasChanges({ contact: { ...initial.contact, ...watched.contact }, social: { ...initial.social, ...watched.social } }, saved);
  useLeaveGuard(dirty, { title: t('settings.site.leave.title'), text: t('settings.site.leave.text') });

  const submit = async (typed: SiteFormValues) => {
    setSaving(true);
    try {
      const result = await save(toSettings(typed));
      form.setFieldsValue(toFormValues(result));
      success(t('settings.site.saved'));
    } catch (error) {
      const say = ({ property, rule }: ServerFieldError<(typeof SERVER_FIELDS)[number]>) =>
        t(property === 'contact.email' ? 'settings.site.errors.email' : rule === 'isUnique' ? 'settings.site.errors.unique' : 'settings.site.errors.url');
      if (!showFieldErrors(form, error, SERVER_FIELDS, say, { nameOf: (property) => property.split('.') })) fail(error);
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    form.setFieldsValue(initial);
    form.setFields([
      ...CONTACT_FIELDS.map((name) => ({ name: ['contact', name] as ['contact', typeof name], errors: [] })),
      ...SOCIAL_NETWORKS.map((name) => ({ name: ['social', name] as ['social', typeof name], errors: [] })),
    ]);
  };

  return (
    <Form<SiteFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={(typed) => void submit(typed)}
      scrollToFirstError
      className="vt-settings__form"
      data-testid="site-settings-form"
    >
      <section aria-labelledby="site-contact-title" className="vt-settings__card">
        <Typography.Title level={4} id="site-contact-title">
          {t('settings.site.contactTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('settings.site.contactText')}</Typography.Paragraph>
        <div className="vt-settings__grid">
          <Form.Item name={['contact', 'name']} label={t('settings.site.fields.name')}>
            <Input maxLength={SITE_LIMITS.name} autoComplete="organization" />
          </Form.Item>
          <Form.Item
            name={['contact', 'email']}
            label={t('settings.site.fields.email')}
            rules={[{ validator: (_, value?: string) => (!value?.trim() || isValidEmail(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('settings.site.errors.email')))) }]}
          >
            <Input type="email" inputMode="email" maxLength={SITE_LIMITS.email} autoComplete="email" />
          </Form.Item>
          <Form.Item name={['contact', 'phone']} label={t('settings.site.fields.phone')}>
            <Input type="tel" inputMode="tel" maxLength={SITE_LIMITS.phone} autoComplete="tel" placeholder="+55 11 4000-1234" />
          </Form.Item>
          <Form.Item name={['contact', 'hours']} label={t('settings.site.fields.hours')} extra={t('settings.site.fields.hoursHelp')}>
            <Input maxLength={SITE_LIMITS.hours} />
          </Form.Item>
          <Form.Item name={['contact', 'address']} label={t('settings.site.fields.address')} className="vt-settings__wide">
            <Input maxLength={SITE_LIMITS.address} autoComplete="street-address" />
          </Form.Item>
        </div>
      </section>
      <section aria-labelledby="site-social-title" className="vt-settings__card">
        <Typography.Title level={4} id="site-social-title">
          {t('settings.site.socialTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('settings.site.socialText')}</Typography.Paragraph>
        <div className="vt-settings__grid">
          {SOCIAL_NETWORKS.map((network) => (
            <Form.Item
              key={network}
              name={['social', network]}
              label={t(`settings.site.networks.${network}`)}
              rules={[{ validator: (_, value?: string) => (!value?.trim() || isHttpsUrl(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('settings.site.errors.url')))) }]}
            >
              <Input type="url" inputMode="url" maxLength={SITE_LIMITS.url} placeholder="https://" />
            </Form.Item>
          ))}
        </div>
      </section>
      <div className="vt-settings__actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common:actions.save')}
        </Button>
        <Button disabled={!dirty || saving} onClick={discard}>
          {t('settings.site.discard')}
        </Button>
        {dirty && (
          <Typography.Text type="warning" data-testid="site-settings-unsaved">
            {t('settings.site.unsaved')}
          </Typography.Text>
        )}
      </div>
    </Form>
  );
}

import { useState } from 'react';
import { Alert, Button, Form, Input, Skeleton, Typography } from 'antd';
import { IDENTITY_LIMITS, isHttpsUrl, isValidEmail, LOGO_TYPES, SITE_LIMITS, SOCIAL_NETWORKS, TRANSLATED_LOCALES, type SiteSettings } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { ImageUpload } from '../../../components/image-upload';
import { showFieldErrors, type ServerFieldError } from '../../../lib/field-errors';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useSaveSiteSettings, useSiteSettings } from '../api/site-settings';
import { nativeName } from '../../../lib/translations';
import { CONTACT_TEXTS, hasChanges, toFormValues, toSettings, type SiteFormValues } from '../site-form-values';

const SERVER_FIELDS = ['identity.name', 'identity.logo_id', 'contact.email', ...SOCIAL_NETWORKS.map((network) => `social.${network}` as const)] as const;
type ServerField = (typeof SERVER_FIELDS)[number];
/** The form's field of a property the server names (the logo is sent by its image id). */
const fieldOf = (property: ServerField) => (property === 'identity.logo_id' ? ['identity', 'logo'] : property.split('.'));

/** Why a chosen logo cannot be sent (its type, its size), in the user's language; null when it can. */
function logoProblem(file: File, t: (key: string) => string): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return t('settings.site.identity.errors.logoType');
  if (file.size > IDENTITY_LIMITS.logoBytes) return t('settings.site.identity.errors.logoSize');
  return null;
}

/** The text of a field error the server gave (a key and its values), by field and rule. */
function serverText({ property, rule }: ServerFieldError<ServerField>): [string, Record<string, unknown>?] {
  if (property === 'identity.name') return rule === 'maxLength' ? ['settings.site.identity.errors.nameLength', { max: IDENTITY_LIMITS.name }] : ['settings.site.identity.errors.nameRequired'];
  if (property === 'identity.logo_id') return [rule === 'maxSize' ? 'settings.site.identity.errors.logoSize' : 'settings.site.identity.errors.logoMissing'];
  if (property === 'contact.email') return ['settings.site.errors.email'];
  return [rule === 'isUnique' ? 'settings.site.errors.unique' : 'settings.site.errors.url'];
}

/** The site's identity and the company's details (settings, tab "site"): loading, failure with Retry, then the form. */
/** One card of the form: a titled section with a line of explanation. */
function SettingsCard({ id, title, text, children }: { id: string; title: string; text: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="vt-settings__card">
      <Typography.Title level={4} id={id}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>
      {children}
    </section>
  );
}

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
 * The site's identity (its name, required, in every title, feed and mail; its logo in the public header), the
 * contact details (footer, contact page and its structured data) and one profile address per social network (the
 * footer's links). Blank contact fields are left out on the site. It checks what the API checks (a name, a logo's
 * type and size, an email, https addresses); the server's field errors land on their fields; leaving with changes
 * asks first.
 */
function SiteForm({ saved }: { saved: SiteSettings }) {
  const { t } = useTranslation('admin');
  const { fail, success } = useFeedback();
  const save = useSaveSiteSettings();
  const [form] = Form.useForm<SiteFormValues>();
  const [saving, setSaving] = useState(false);
  const initial = toFormValues(saved);
  const watched = Form.useWatch([], form) as SiteFormValues | undefined;
  const dirty =
    watched?.contact !== undefined &&
    hasChanges(
      {
        identity: { ...initial.identity, ...watched.identity },
        contact: { ...initial.contact, ...watched.contact, hours_translations: { ...initial.contact.hours_translations, ...watched.contact.hours_translations } },
        social: { ...initial.social, ...watched.social },
      },
      saved,
    );
  const hours = (Form.useWatch(['contact', 'hours'], form) as string | undefined) ?? initial.contact.hours;
  useLeaveGuard(dirty, { title: t('settings.site.leave.title'), text: t('settings.site.leave.text') });

  const submit = async (typed: SiteFormValues) => {
    setSaving(true);
    try {
      const result = await save(toSettings(typed));
      form.setFieldsValue(toFormValues(result));
      success(t('settings.site.saved'));
    } catch (error) {
      const say = (field: ServerFieldError<ServerField>) => {
        const [key, values] = serverText(field);
        return t(key, values);
      };
      if (!showFieldErrors(form, error, SERVER_FIELDS, say, { nameOf: fieldOf })) fail(error);
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    form.setFieldsValue(initial);
    form.setFields([
      { name: ['identity', 'name'], errors: [] },
      { name: ['identity', 'logo'], errors: [] },
      ...CONTACT_TEXTS.map((name) => ({ name: ['contact', name] as ['contact', typeof name], errors: [] })),
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
      <SettingsCard id="site-identity-title" title={t('settings.site.identity.title')} text={t('settings.site.identity.text')}>
        <div className="vt-settings__grid">
          <Form.Item
            name={['identity', 'name']}
            label={t('settings.site.identity.name')}
            extra={t('settings.site.identity.nameHelp')}
            rules={[
              { validator: (_, value?: string) => (value?.trim() ? Promise.resolve() : Promise.reject(new Error(t('settings.site.identity.errors.nameRequired')))) },
              { max: IDENTITY_LIMITS.name, message: t('settings.site.identity.errors.nameLength', { max: IDENTITY_LIMITS.name }) },
            ]}
          >
            <Input maxLength={IDENTITY_LIMITS.name} />
          </Form.Item>
          <Form.Item name={['identity', 'logo']} label={t('settings.site.identity.logo')}>
            <ImageUpload
              uploadLabel={t('settings.site.identity.upload')}
              hint={t('settings.site.identity.hint')}
              accept={LOGO_TYPES.join(',')}
              check={(file) => logoProblem(file, t)}
              onReject={(reason) => form.setFields([{ name: ['identity', 'logo'], errors: [reason] }])}
              previewWidth={200}
            />
          </Form.Item>
        </div>
      </SettingsCard>
      <SettingsCard id="site-contact-title" title={t('settings.site.contactTitle')} text={t('settings.site.contactText')}>
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
        <fieldset className="vt-settings__translations" aria-describedby="site-hours-translations-help" data-testid="site-hours-translations">
          <legend>{t('settings.site.fields.hoursTranslations')}</legend>
          <Typography.Paragraph type="secondary" id="site-hours-translations-help">
            {t('settings.site.fields.hoursTranslationsHelp')}
          </Typography.Paragraph>
          <div className="vt-settings__grid">
            {TRANSLATED_LOCALES.map((code) => (
              <Form.Item key={code} name={['contact', 'hours_translations', code]} label={<span lang={code}>{nativeName(code)}</span>}>
                <Input maxLength={SITE_LIMITS.hours} lang={code} placeholder={hours.trim() || undefined} aria-label={t('settings.site.fields.hoursIn', { language: nativeName(code) })} />
              </Form.Item>
            ))}
          </div>
        </fieldset>
      </SettingsCard>
      <SettingsCard id="site-social-title" title={t('settings.site.socialTitle')} text={t('settings.site.socialText')}>
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
      </SettingsCard>
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

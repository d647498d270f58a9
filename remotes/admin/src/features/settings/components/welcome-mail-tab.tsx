import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Select, Skeleton, Switch, Typography } from 'antd';
import { DEFAULT_LOCALE, LOCALE_CODES, unknownWelcomePlaceholders, WELCOME_LIMITS, type Locale, type WelcomeSettings } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { serverFieldErrors } from '../../../lib/field-errors';
import { nativeName } from '../../../lib/translations';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useSaveWelcomeMail, useWelcomeMail, useWelcomePreview } from '../api/welcome-mail';
import { fieldProblem, hasChanges, hasOwnText, toFormValues, toSettings, toTexts, type WelcomeFormValues } from '../welcome-form-values';
import './welcome-mail-tab.css';
import { LoadFailed } from '../../../components/load-failed';

/** How long typing pauses before the preview is asked for again. */
export const PREVIEW_DELAY_MS = 400;

const FIELDS = ['subject', 'body'] as const;
type Field = (typeof FIELDS)[number];
/** The API's field names (`texts.en-US.subject`) this form shows errors on. */
const SERVER_FIELDS = LOCALE_CODES.flatMap((locale) => FIELDS.map((field) => `texts.${locale}.${field}` as const));

/**
 * settings, tab "welcome": the welcome mail a newsletter subscriber gets once, when they confirm. Loading, failure
 * with Retry, then the form.
 */
export function WelcomeMailTab() {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const settings = useWelcomeMail();
  useReportError(settings.error, fail);
  if (settings.isError && !settings.data) {
    return (
      <LoadFailed title={t('welcomeMail.loadFailed')} onRetry={settings.refetch} data-testid="welcome-mail-error" />
    );
  }
  if (!settings.data) return <Skeleton active paragraph={{ rows: 8 }} data-testid="welcome-mail-loading" />;
  return <WelcomeForm saved={settings.data} />;
}

/**
 * On or off, then one language at a time (a selector that says which languages have a text of their own): its
 * subject and body, beside a live preview of the mail that language's subscribers get, rendered by the API from what
 * is typed. It checks what the API checks before sending; the server's field errors land on their fields (and bring
 * their language up); leaving with changes asks first.
 */
function WelcomeForm({ saved }: { saved: WelcomeSettings }) {
  const { t } = useTranslation('admin');
  const { fail, success } = useFeedback();
  const save = useSaveWelcomeMail();
  const [form] = Form.useForm<WelcomeFormValues>();
  const [saving, setSaving] = useState(false);
  const [language, setLanguage] = useState<Locale>(DEFAULT_LOCALE);
  const initial = useMemo(() => toFormValues(saved), [saved]);

  const watchedTexts = Form.useWatch('texts', form) as Partial<WelcomeFormValues['texts']> | undefined;
  const watchedEnabled = Form.useWatch('enabled', form) as boolean | undefined;
  const texts = { ...initial.texts, ...watchedTexts };
  const dirty = hasChanges({ enabled: watchedEnabled ?? saved.enabled, texts }, saved);
  useLeaveGuard(dirty, { title: t('welcomeMail.leave.title'), text: t('welcomeMail.leave.text') });

  // The preview follows what is typed once typing pauses (a key of text, not an object: a new render is no new ask).
  const asked = useDebouncedValue(JSON.stringify({ locale: language, texts: toTexts(texts) }), PREVIEW_DELAY_MS);
  const askedInput = useMemo(() => JSON.parse(asked) as { locale: Locale; texts: WelcomeSettings['texts'] }, [asked]);
  const preview = useWelcomePreview(askedInput);

  const languageLabel = (locale: Locale) => {
    const name = nativeName(locale);
    if (locale === DEFAULT_LOCALE) return t('welcomeMail.languageSource', { language: name });
    return t(hasOwnText(texts, locale) ? 'welcomeMail.languageOwn' : 'welcomeMail.languageFallback', { language: name });
  };

  const say = (locale: Locale, field: Field, problem: NonNullable<ReturnType<typeof fieldProblem>>): string => {
    if (problem.problem === 'required') return t(`welcomeMail.errors.${field}Required`);
    if (problem.problem === 'paired') return t(`welcomeMail.errors.${field}Paired`);
    return t('welcomeMail.errors.placeholder', { names: problem.names });
  };

  /** The language of the first field in error comes up (its fields are hidden while another is chosen). */
  const showLanguageOf = (name: unknown) => {
    const locale = Array.isArray(name) ? (name[1] as Locale | undefined) : undefined;
    if (locale && LOCALE_CODES.includes(locale)) setLanguage(locale);
  };

  const submit = async (typed: WelcomeFormValues) => {
    setSaving(true);
    try {
      const result = await save(toSettings({ ...initial, ...typed, texts: { ...initial.texts, ...typed.texts } }));
      form.setFieldsValue(toFormValues(result));
      success(t('welcomeMail.saved'));
    } catch (error) {
      const fields = serverFieldErrors(error, SERVER_FIELDS);
      if (fields.length === 0) fail(error);
      else {
        form.setFields(
          fields.map(({ property, rule, text }) => {
            const [, locale, field] = property.split('.') as ['texts', Locale, Field];
            let message = text ?? t('errors:VALIDATION_ERROR');
            if (rule === 'maxLength') message = t('errors:maxLength', { max: WELCOME_LIMITS[field] });
            else if (rule === 'isNotEmpty') message = t(`welcomeMail.errors.${field}${locale === DEFAULT_LOCALE ? 'Required' : 'Paired'}`);
            else if (rule === 'isPlaceholder') message = t('welcomeMail.errors.placeholder', { names: unknownWelcomePlaceholders(typed.texts[locale]?.[field] ?? '').join(', ') });
            return { name: ['texts', locale, field] as never, errors: [message] };
          }),
        );
        showLanguageOf(['texts', fields[0]!.property.split('.')[1]]);
      }
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    form.setFieldsValue(initial);
    form.setFields(LOCALE_CODES.flatMap((locale) => FIELDS.map((field) => ({ name: ['texts', locale, field] as never, errors: [] }))));
  };

  const fieldRules = (locale: Locale, field: Field) => [
    {
      validator: async () => {
        const problem = fieldProblem(form.getFieldValue('texts') as WelcomeFormValues['texts'], locale, field);
        if (problem) throw new Error(say(locale, field, problem));
      },
    },
  ];

  const data = preview.data;
  return (
    <div className="vt-welcome__layout">
      <Form<WelcomeFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={(typed) => void submit(typed)}
        onFinishFailed={({ errorFields }) => showLanguageOf(errorFields[0]?.name)}
        className="vt-welcome__card vt-welcome__form"
        data-testid="welcome-mail-form"
      >
        <Typography.Paragraph type="secondary" className="vt-welcome__intro">
          {t('welcomeMail.intro')}
        </Typography.Paragraph>
        <Form.Item name="enabled" label={t('welcomeMail.enabled')} valuePropName="checked" extra={t('welcomeMail.enabledHelp')}>
          <Switch checkedChildren={t('welcomeMail.on')} unCheckedChildren={t('welcomeMail.off')} />
        </Form.Item>
        <Form.Item label={t('welcomeMail.language')} htmlFor="welcome-language" extra={t('welcomeMail.languageHelp')}>
          <Select<Locale>
            id="welcome-language"
            value={language}
            onChange={setLanguage}
            options={LOCALE_CODES.map((locale) => ({ value: locale, label: languageLabel(locale) }))}
          />
        </Form.Item>
        {LOCALE_CODES.map((locale) => (
          <div key={locale} hidden={locale !== language} lang={locale} data-testid={`welcome-texts-${locale}`}>
            {locale === DEFAULT_LOCALE ? (
              <Alert type="info" showIcon className="vt-welcome__note" title={t('welcomeMail.sourceNote')} />
            ) : (
              !hasOwnText(texts, locale) && <Alert type="info" showIcon className="vt-welcome__note" title={t('welcomeMail.fallbackNote', { language: nativeName(locale) })} />
            )}
            <Form.Item name={['texts', locale, 'subject']} label={t('welcomeMail.subject')} dependencies={[['texts', locale, 'body']]} rules={fieldRules(locale, 'subject')}>
              <Input maxLength={WELCOME_LIMITS.subject} showCount />
            </Form.Item>
            <Form.Item
              name={['texts', locale, 'body']}
              label={t('welcomeMail.body')}
              extra={t('welcomeMail.bodyHelp')}
              dependencies={[['texts', locale, 'subject']]}
              rules={fieldRules(locale, 'body')}
              className="vt-welcome__counted"
            >
              <Input.TextArea maxLength={WELCOME_LIMITS.body} showCount autoSize={{ minRows: 8, maxRows: 20 }} />
            </Form.Item>
          </div>
        ))}
        <div className="vt-welcome__actions">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common:actions.save')}
          </Button>
          <Button disabled={!dirty || saving} onClick={discard}>
            {t('welcomeMail.discard')}
          </Button>
          {dirty && (
            <Typography.Text type="warning" data-testid="welcome-mail-unsaved">
              {t('welcomeMail.unsaved')}
            </Typography.Text>
          )}
        </div>
      </Form>
      <section className="vt-welcome__card vt-welcome__aside" aria-labelledby="welcome-preview-title" data-testid="welcome-preview">
        <Typography.Title level={4} id="welcome-preview-title" className="vt-welcome__preview-title">
          {t('welcomeMail.preview.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('welcomeMail.preview.text', { language: nativeName(language) })}</Typography.Paragraph>
        {preview.isError && !data ? (
          <LoadFailed title={t('welcomeMail.preview.failed')} onRetry={preview.refetch} />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <>
            {data.fallback && <Alert type="info" showIcon className="vt-welcome__note" title={t('welcomeMail.preview.fallback', { language: nativeName(askedInput.locale) })} />}
            <p className="vt-welcome__subject">
              <span className="vt-welcome__subject-label">{t('welcomeMail.preview.subject')}</span> <span data-testid="welcome-preview-subject">{data.subject}</span>
            </p>
            <iframe className="vt-welcome__frame" title={t('welcomeMail.preview.frame')} sandbox="" srcDoc={data.html_body} />
          </>
        )}
      </section>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Space, Switch, Typography } from 'antd';
import { SEO_LIMITS, type SeoCreateInput, type SeoEntry, type SeoUpdateInput } from '@vitrine/contracts';
import { useAuth, useTranslation } from '@vitrine/core';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useFeedback } from '../../../lib/use-feedback';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { createInput, EMPTY_VALUES, isDirty, scriptMarkupRefusal, summarizeMarkup, updateInput, valuesOf, type MarkupPlace, type SeoFormValues } from '../seo-view';
import { MarkupPreview, tagLabel } from './markup-preview';

const FIELDS = ['name', 'head_markup', 'body_markup', 'active'] as const;
type Field = (typeof FIELDS)[number];
const MAX: Partial<Record<Field, number>> = { name: SEO_LIMITS.name, head_markup: SEO_LIMITS.markup, body_markup: SEO_LIMITS.markup };

/** A code field: no spelling help, no automatic capitals or corrections. */
const CODE_INPUT = { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off', autoComplete: 'off' } as const;

interface SeoEntryDrawerProps {
  open: boolean;
  /** The entry to edit; none to add one. */
  entry: SeoEntry | null;
  save: (entry: SeoEntry | null, input: SeoCreateInput | SeoUpdateInput) => Promise<SeoEntry>;
  onClose: () => void;
}

/**
 * Add or edit an entry in a side panel: its name, its head markup and its body markup (code fields
 * bounded as the API bounds them), whether it is on, and a preview of both markups as text. The warning
 * says what the code does; closing or leaving with unsaved changes asks first. An edit sends only what changed.
 * Markup that can run code is an administrator's (the API refuses anyone else's, SCRIPT_MARKUP_ADMIN_ONLY): a
 * non-admin is told so beside the code fields, and a refusal is said on the field that holds the code.
 */
export function SeoEntryDrawer({ open, entry, save, onClose }: SeoEntryDrawerProps) {
  const { t } = useTranslation('admin');
  const { confirm, fail } = useFeedback();
  const isAdmin = useAuth((state) => state.authUser?.type === 'admin');
  const [form] = Form.useForm<SeoFormValues>();
  const [saving, setSaving] = useState(false);
  const initial = valuesOf(entry);
  const values: SeoFormValues = {
    name: Form.useWatch('name', form) ?? initial.name,
    head_markup: Form.useWatch('head_markup', form) ?? initial.head_markup,
    body_markup: Form.useWatch('body_markup', form) ?? initial.body_markup,
    active: Form.useWatch('active', form) ?? initial.active,
  };
  const dirty = open && isDirty(values, entry);
  const leave = { title: t('seo.leave.title'), text: t('seo.leave.text') };
  useLeaveGuard(dirty, leave);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(entry));
  }, [open, entry, form]);

  const close = async () => {
    if (saving) return;
    if (dirty && !(await confirm({ title: leave.title, content: leave.text, danger: true }))) return;
    onClose();
  };

  const showServerErrors = (error: unknown, sent: SeoCreateInput | SeoUpdateInput) => {
    const refused = scriptMarkupRefusal(error, sent);
    if (refused.length > 0) {
      form.setFields(
        refused.map(({ property, found, unfinished }) => {
          const parts = [t('errors:SCRIPT_MARKUP_ADMIN_ONLY')];
          if (found.length > 0) parts.push(t('seo.errors.found', { list: found.join(', ') }));
          if (unfinished) parts.push(t('seo.errors.unfinished'));
          return { name: property, errors: [parts.join(' ')] };
        }),
      );
      form.scrollToField(refused[0]!.property);
      return;
    }
    const fields = serverFieldErrors(error, FIELDS);
    if (fields.length === 0) {
      fail(error);
      return;
    }
    form.setFields(
      fields.map(({ property, rule, text }) => {
        let message = text ?? t('errors:VALIDATION_ERROR');
        if (rule === 'isNotEmpty' && property === 'name') message = t('seo.errors.name');
        else if (rule === 'maxLength' && MAX[property]) message = t('seo.errors.tooLong', { max: MAX[property] });
        return { name: property, errors: [message] };
      }),
    );
    form.scrollToField(fields[0]!.property);
  };

  const submit = async (typed: SeoFormValues) => {
    const input = entry ? updateInput(typed, entry) : createInput(typed);
    if (entry && Object.keys(input).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await save(entry, input);
      onClose();
    } catch (error) {
      showServerErrors(error, input);
    } finally {
      setSaving(false);
    }
  };

  /** What the HTML parser would read to the end of the page is refused (it would break every public page). */
  const closedRule = (place: MarkupPlace) => ({
    validator: (_: unknown, value: string | undefined) => {
      const unclosed = summarizeMarkup(value ?? '', place).unclosed;
      return unclosed.length ? Promise.reject(new Error(t('seo.errors.unclosed', { tags: unclosed.map(tagLabel).join(', ') }))) : Promise.resolve();
    },
  });

  return (
    <Drawer
      open={open}
      onClose={() => void close()}
      title={entry ? t('seo.edit') : t('seo.new')}
      size="min(760px, 100vw)"
      forceRender
      data-testid="seo-drawer"
      footer={
        <Space wrap className="vt-seo__drawer-footer">
          <Button onClick={() => void close()}>{t('common:actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('common:actions.save')}
          </Button>
          {dirty && (
            <Typography.Text type="warning" data-testid="seo-unsaved">
              {t('seo.unsaved')}
            </Typography.Text>
          )}
        </Space>
      }
    >
      <Alert type="warning" showIcon className="vt-seo__form-warning" title={t('seo.warning.title')} description={t('seo.warning.short')} data-testid="seo-drawer-warning" />
      <Form<SeoFormValues>
        form={form}
        name="seo-entry"
        layout="vertical"
        requiredMark={false}
        initialValues={EMPTY_VALUES}
        onFinish={(typed) => void submit(typed)}
        scrollToFirstError
      >
        <Form.Item name="name" label={t('seo.fields.name')} extra={t('seo.fields.nameHelp')} rules={[{ required: true, whitespace: true, message: t('seo.errors.name') }]}>
          <Input maxLength={SEO_LIMITS.name} showCount autoComplete="off" />
        </Form.Item>
        {!isAdmin && <Alert type="info" showIcon className="vt-seo__admin-only" title={t('seo.adminOnly')} data-testid="seo-admin-only" />}
        <Form.Item
          name="head_markup"
          className="vt-seo__counted"
          label={t('seo.fields.head')}
          extra={t('seo.fields.headHelp')}
          dependencies={['body_markup']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value?.trim() && !String(getFieldValue('body_markup') ?? '').trim() ? Promise.reject(new Error(t('seo.errors.markup'))) : Promise.resolve(),
            }),
            closedRule('head'),
          ]}
        >
          <Input.TextArea className="vt-seo__code-input" autoSize={{ minRows: 5, maxRows: 14 }} maxLength={SEO_LIMITS.markup} showCount {...CODE_INPUT} />
        </Form.Item>
        <Form.Item name="body_markup" className="vt-seo__counted" label={t('seo.fields.body')} extra={t('seo.fields.bodyHelp')} rules={[closedRule('body')]}>
          <Input.TextArea className="vt-seo__code-input" autoSize={{ minRows: 3, maxRows: 10 }} maxLength={SEO_LIMITS.markup} showCount {...CODE_INPUT} />
        </Form.Item>
        <Form.Item name="active" label={t('seo.fields.active')} valuePropName="checked" extra={t('seo.fields.activeHelp')}>
          <Switch checkedChildren={t('seo.on')} unCheckedChildren={t('seo.off')} />
        </Form.Item>
      </Form>
      <div className="vt-seo__previews">
        <Typography.Title level={4} className="vt-seo__previews-title">
          {t('seo.preview.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('seo.preview.note')}</Typography.Paragraph>
        <MarkupPreview markup={values.head_markup} place="head" />
        <MarkupPreview markup={values.body_markup} place="body" />
      </div>
    </Drawer>
  );
}

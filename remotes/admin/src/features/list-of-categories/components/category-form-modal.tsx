import { useEffect, useState } from 'react';
import { Alert, Button, ColorPicker, Form, Input, Modal, Space, Switch, Typography } from 'antd';
import type { Color } from 'antd/es/color-picker';
import BulbOutlined from '@ant-design/icons/BulbOutlined';
import { TRANSLATED_LOCALES, type Category, type CategoryDescriptions, type CategoryNames, type ErrorEnvelope, type Image } from '@vitrine/contracts';
import { isHttpError, useTranslation } from '@vitrine/core';
import { createCategory, updateCategory } from '../../../api/categories';
import { readableTextColor } from '@vitrine/utils';
import { CategoryChip } from '../../../components/category-chip';
import { ImageUpload } from '../../../components/image-upload';
import { CONTENT_LIMITS } from '../../../lib/content-limits';
import { showFieldErrors, type ServerFieldError } from '../../../lib/field-errors';
import { filledTranslations, nativeName } from '../../../lib/translations';
import { useFeedback } from '../../../lib/use-feedback';
import { colorWarning } from './category-colors';

interface Values {
  name: string;
  /** The other languages' names; blank falls back to `name` (pt-BR). */
  names: CategoryNames;
  description: string;
  /** The other languages' descriptions; blank falls back to `description` (pt-BR). */
  descriptions: CategoryDescriptions;
  image: Image | null;
  text_color: string;
  background_color: string;
  active: boolean;
}

const NEW: Values = { name: '', names: {}, description: '', descriptions: {}, image: null, text_color: '#ffffff', background_color: '#1e3a8a', active: true };

interface Props {
  open: boolean;
  /** The category to edit; none to create one. */
  category: Category | null;
  onClose: () => void;
  onSaved: () => void;
}

const toHex = (color: Color) => color.toHexString();

/** The fields the API may name in a refusal: the pt-BR texts and each translation (`names.en-US`, `descriptions.fr-FR`). */
const SERVER_FIELDS = [
  'name',
  'description',
  ...TRANSLATED_LOCALES.map((code) => `names.${code}` as const),
  ...TRANSLATED_LOCALES.map((code) => `descriptions.${code}` as const),
] as const;
type ServerField = (typeof SERVER_FIELDS)[number];
/** A dotted property as the form names the field (`descriptions.en-US` → ['descriptions', 'en-US']). */
const fieldOf = (property: string) => (property.includes('.') ? property.split('.') : property);

/** The name fields a 409 names: the pt-BR name, or a translation another category already shows. */
function conflictFields(error: unknown): string[] {
  if (!isHttpError(error) || error.response?.status !== 409) return [];
  const errors = (error.response.data as Partial<ErrorEnvelope> | undefined)?.errors ?? [];
  return errors.map((item) => item.property).filter((property) => property === 'name' || property.startsWith('names.'));
}

/** Create or edit a category, with its chip previewed live in the chosen colours. */
export function CategoryFormModal({ open, category, onClose, onSaved }: Props) {
  const { t } = useTranslation('admin');
  const { fail, success } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const name = Form.useWatch('name', form) ?? '';
  const description = Form.useWatch('description', form) ?? '';
  const text = Form.useWatch('text_color', form) ?? NEW.text_color;
  const background = Form.useWatch('background_color', form) ?? NEW.background_color;
  const warning = colorWarning(background, text);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      category
        ? {
            name: category.name,
            names: { ...category.names },
            description: category.description,
            descriptions: { ...category.descriptions },
            image: category.image,
            text_color: category.text_color,
            background_color: category.background_color,
            active: category.active,
          }
        : NEW,
    );
  }, [open, category, form]);

  /** A server's refusal of a field, said in the interface language. */
  const say = ({ property, rule, text }: ServerFieldError<ServerField>) => {
    const max = property.startsWith('name') ? CONTENT_LIMITS.categoryName : CONTENT_LIMITS.categoryDescription;
    if (rule === 'maxLength') return t('errors:maxLength', { max });
    if (rule === 'isNotEmpty' && property === 'name') return t('errors:nameRequired');
    if (rule === 'isNotEmpty' && property === 'description') return t('errors:descriptionRequired');
    if (property.includes('.')) return t('categories.errors.translation');
    return text ?? t('errors:VALIDATION_ERROR');
  };

  const submit = async (values: Values) => {
    const descriptions = filledTranslations(values.descriptions) as CategoryDescriptions;
    // Sent when there is something to save or to clear (an API older than the translations takes no such field).
    const describe = Object.keys(descriptions).length > 0 || Object.keys(category?.descriptions ?? {}).length > 0;
    const body = {
      name: values.name.trim(),
      names: filledTranslations(values.names) as CategoryNames,
      description: values.description.trim(),
      ...(describe ? { descriptions } : {}),
      image_id: values.image?.id ?? null,
      text_color: values.text_color,
      background_color: values.background_color,
      active: values.active,
    };
    setSaving(true);
    try {
      if (category) await updateCategory(category, body);
      else await createCategory(body);
      success(t(category ? 'categories.success.updated' : 'categories.success.created'));
      onSaved();
    } catch (error) {
      // A refusal that names fields is shown on them, in the interface language.
      const taken = conflictFields(error);
      if (taken.length) {
        form.setFields(taken.map((property) => ({ name: fieldOf(property) as never, errors: [t(property === 'name' ? 'categories.errors.nameTaken' : 'categories.errors.translationTaken')] })));
        form.scrollToField(fieldOf(taken[0]!) as never);
      } else if (!showFieldErrors(form, error, SERVER_FIELDS, say, { nameOf: fieldOf })) fail(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={category ? t('categories.edit') : t('categories.new')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" initialValues={NEW} onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item name="name" label={t('categories.fields.name')} rules={[{ required: true, whitespace: true, message: t('errors:nameRequired') }]}>
          <Input maxLength={CONTENT_LIMITS.categoryName} />
        </Form.Item>
        <fieldset style={{ border: 0, margin: 0, padding: 0 }} data-testid="category-translations">
          <Typography.Text strong>{t('categories.translations')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('categories.translationsHelp')}
          </Typography.Paragraph>
          {TRANSLATED_LOCALES.map((code) => (
            <Form.Item key={code} name={['names', code]} label={<span lang={code}>{nativeName(code)}</span>} style={{ marginBottom: 12 }}>
              <Input maxLength={CONTENT_LIMITS.categoryName} placeholder={name.trim() || undefined} aria-label={nativeName(code)} />
            </Form.Item>
          ))}
        </fieldset>
        <Form.Item
          name="description"
          label={t('categories.fields.description')}
          rules={[{ required: true, whitespace: true, message: t('errors:descriptionRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={CONTENT_LIMITS.categoryDescription} showCount />
        </Form.Item>
        <fieldset style={{ border: 0, margin: 0, padding: 0 }} data-testid="category-description-translations">
          <Typography.Text strong>{t('categories.descriptionTranslations')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('categories.descriptionTranslationsHelp')}
          </Typography.Paragraph>
          {TRANSLATED_LOCALES.map((code) => (
            <Form.Item
              key={code}
              name={['descriptions', code]}
              label={<span lang={code}>{nativeName(code)}</span>}
              style={{ marginBottom: 12 }}
              rules={[{ max: CONTENT_LIMITS.categoryDescription, message: t('errors:maxLength', { max: CONTENT_LIMITS.categoryDescription }) }]}
            >
              <Input.TextArea
                rows={2}
                maxLength={CONTENT_LIMITS.categoryDescription}
                showCount
                placeholder={description.trim() || undefined}
                aria-label={t('categories.descriptionIn', { language: nativeName(code) })}
              />
            </Form.Item>
          ))}
        </fieldset>
        <Space size={24} wrap align="start">
          <Form.Item name="background_color" label={t('categories.fields.backgroundColor')} getValueFromEvent={toHex}>
            <ColorPicker showText disabledAlpha format="hex" aria-label={t('categories.fields.backgroundColor')} />
          </Form.Item>
          <Form.Item name="text_color" label={t('categories.fields.textColor')} getValueFromEvent={toHex}>
            <ColorPicker showText disabledAlpha format="hex" aria-label={t('categories.fields.textColor')} />
          </Form.Item>
        </Space>
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
          <Typography.Text type="secondary">{t('categories.preview')}:</Typography.Text>
          <span data-testid="category-preview">
            <CategoryChip name={name.trim() || t('categories.previewSample')} text_color={text} background_color={background} />
          </span>
          <Button size="small" icon={<BulbOutlined />} onClick={() => form.setFieldValue('text_color', readableTextColor(background))}>
            {t('categories.suggestTextColor')}
          </Button>
        </div>
        {warning && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="color-warning"
            title={warning === 'light' ? t('categories.lightBackgroundWarning') : t('categories.darkBackgroundWarning')}
          />
        )}
        <Form.Item name="image" label={t('categories.fields.image')}>
          <ImageUpload uploadLabel={t('categories.uploadImage')} />
        </Form.Item>
        <Form.Item name="active" label={t('categories.fields.status')} valuePropName="checked">
          <Switch checkedChildren={t('categories.statuses.active')} unCheckedChildren={t('categories.statuses.inactive')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

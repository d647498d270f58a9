import { useEffect, useMemo, useState } from 'react';
import { AutoComplete, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { FAQ_LIMITS, type FaqCreateInput, type FaqEntry, type FaqUpdateInput } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useFeedback } from '../../../lib/use-feedback';
import { entryPath, fold, nextPosition, productNames } from '../faq-view';

interface Values {
  product: string;
  question: string;
  answer: string;
  /** Empty: after the product's last question. */
  position: number | null;
  active: boolean;
}

const EMPTY: Values = { product: '', question: '', answer: '', position: null, active: true };
const FIELDS = ['product', 'question', 'answer', 'position', 'active'] as const;
const TEXTS = ['product', 'question', 'answer'] as const;
const isText = (field: string): field is (typeof TEXTS)[number] => (TEXTS as readonly string[]).includes(field);
/** The API's bounds for a position (FaqCreateBody). */
const POSITION_MAX = 100000;

interface FaqEntryModalProps {
  open: boolean;
  /** The entry to edit; none to add one. */
  entry: FaqEntry | null;
  /** A new entry's product (added from a product's group). */
  product?: string;
  /** Every entry: the products offered, and where a new question goes. */
  entries: FaqEntry[];
  save: (entry: FaqEntry | null, input: FaqCreateInput | FaqUpdateInput) => Promise<FaqEntry>;
  onClose: () => void;
}

/**
 * Add or edit a question: its product (one in use, or a new one), the question, the answer (plain text,
 * paragraphs separated by a blank line), its position in the product and whether the site shows it.
 * An edit sends only what changed; the answer's link stays when the question is reworded.
 */
export function FaqEntryModal({ open, entry, product: preset, entries, save, onClose }: FaqEntryModalProps) {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const product = Form.useWatch('product', form) ?? '';

  const names = useMemo(() => productNames(entries), [entries]);
  const options = useMemo(() => {
    const typed = fold(product.trim());
    return names.filter((name) => !typed || fold(name).includes(typed)).map((value) => ({ value }));
  }, [names, product]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      entry
        ? { product: entry.product, question: entry.question, answer: entry.answer, position: entry.position, active: entry.active }
        : { ...EMPTY, product: preset ?? '' },
    );
  }, [open, entry, preset, form]);

  const changes = (values: Values, current: FaqEntry): FaqUpdateInput => {
    const input: FaqUpdateInput = {};
    for (const key of TEXTS) if (values[key].trim() !== current[key]) input[key] = values[key].trim();
    if (values.position !== null && values.position !== current.position) input.position = values.position;
    if (values.active !== current.active) input.active = values.active;
    return input;
  };

  const submit = async (values: Values) => {
    let input: FaqCreateInput | FaqUpdateInput;
    if (entry) {
      input = changes(values, entry);
      if (Object.keys(input).length === 0) {
        onClose();
        return;
      }
    } else {
      const name = values.product.trim();
      input = {
        product: name,
        question: values.question.trim(),
        answer: values.answer.trim(),
        position: values.position ?? nextPosition(entries, name),
        active: values.active,
      };
    }
    setSaving(true);
    try {
      await save(entry, input);
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length === 0) fail(error);
      else {
        form.setFields(
          fields.map(({ property, rule, text }) => ({
            name: property,
            errors: [rule === 'isNotEmpty' && isText(property) ? t(`faq.errors.${property}`) : (text ?? t('errors:VALIDATION_ERROR'))],
          })),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  const required = (key: (typeof TEXTS)[number]) => [{ required: true, whitespace: true, message: t(`faq.errors.${key}`) }];

  return (
    <Modal
      open={open}
      title={entry ? t('faq.edit') : t('faq.new')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      width={640}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={EMPTY} onFinish={(values) => void submit(values)} data-testid="faq-form">
        <Form.Item name="product" label={t('faq.fields.product')} extra={t('faq.fields.productHelp')} rules={required('product')}>
          <AutoComplete options={options} maxLength={FAQ_LIMITS.product} />
        </Form.Item>
        <Form.Item
          name="question"
          label={t('faq.fields.question')}
          extra={entry ? t('faq.fields.linkKept', { path: entryPath({ product: product.trim() || entry.product, slug: entry.slug }) }) : undefined}
          rules={required('question')}
        >
          <Input maxLength={FAQ_LIMITS.question} showCount />
        </Form.Item>
        <Form.Item name="answer" className="vt-faq-admin__counted" label={t('faq.fields.answer')} extra={t('faq.fields.answerHelp')} rules={required('answer')}>
          <Input.TextArea autoSize={{ minRows: 5, maxRows: 14 }} maxLength={FAQ_LIMITS.answer} showCount />
        </Form.Item>
        <div className="vt-faq-admin__form-row">
          <Form.Item name="position" label={t('faq.fields.position')} extra={t('faq.fields.positionHelp')}>
            <InputNumber<number> min={0} max={POSITION_MAX} precision={0} step={1} placeholder={t('faq.fields.positionPlaceholder')} className="vt-faq-admin__position-input" />
          </Form.Item>
          <Form.Item name="active" label={t('faq.fields.active')} valuePropName="checked">
            <Switch checkedChildren={t('faq.shown')} unCheckedChildren={t('faq.hidden')} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

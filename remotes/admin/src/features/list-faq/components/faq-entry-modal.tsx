import { useEffect, useMemo, useRef, useState } from 'react';
import { AutoComplete, Form, Input, InputNumber, Modal, Switch, Tabs, Typography } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { FAQ_LIMITS, TRANSLATED_LOCALES, type FaqCreateInput, type FaqEntry, type FaqTranslations, type FaqUpdateInput } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { serverFieldErrors } from '../../../lib/field-errors';
import { filledTranslations, nativeName, sameTranslations } from '../../../lib/translations';
import { useFeedback } from '../../../lib/use-feedback';
import { entryPath, fold, nextPosition, productNames, productNamesOf, productSlug } from '../faq-view';

interface Values {
  product: string;
  question: string;
  answer: string;
  /** Empty: after the product's last question. */
  position: number | null;
  active: boolean;
  /** The other languages' texts; blank falls back to pt-BR. The product's names are the product's (every entry). */
  product_names: FaqTranslations;
  questions: FaqTranslations;
  answers: FaqTranslations;
}

type TranslatedField = 'product_names' | 'questions' | 'answers';
type Language = (typeof TRANSLATED_LOCALES)[number];

const EMPTY: Values = { product: '', question: '', answer: '', position: null, active: true, product_names: {}, questions: {}, answers: {} };
const TRANSLATED = ['product_names', 'questions', 'answers'] as const;
const FIELDS = [
  'product',
  'question',
  'answer',
  'position',
  'active',
  ...TRANSLATED.flatMap((field) => TRANSLATED_LOCALES.map((code) => `${field}.${code}` as const)),
] as const;
const TEXTS = ['product', 'question', 'answer'] as const;
const isText = (field: string): field is (typeof TEXTS)[number] => (TEXTS as readonly string[]).includes(field);
/** The form's name of a field the API names (`answers.fr-FR` → ['answers', 'fr-FR']). */
const fieldOf = (property: string): NamePath => (property.includes('.') ? property.split('.') : property);
/** The language of a translation's field (its tab), if it is one. */
const languageOf = (name: NamePath | undefined): Language | undefined => {
  const code = Array.isArray(name) ? name[1] : undefined;
  return TRANSLATED_LOCALES.find((lang) => lang === code);
};
const LIMITS: Record<TranslatedField, number> = { product_names: FAQ_LIMITS.product, questions: FAQ_LIMITS.question, answers: FAQ_LIMITS.answer };
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
 * paragraphs separated by a blank line), its position in the product and whether the site shows it; below, the
 * product's name, the question and the answer in each other language (a tab each; blank: the site shows pt-BR).
 * An edit sends only what changed; the answer's link stays when the question is reworded.
 */
export function FaqEntryModal({ open, entry, product: preset, entries, save, onClose }: FaqEntryModalProps) {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<Language>(TRANSLATED_LOCALES[0]!);
  const product = Form.useWatch('product', form) ?? '';
  const question = Form.useWatch('question', form) ?? '';
  const answer = Form.useWatch('answer', form) ?? '';
  /** The product (slug) whose names the form shows: they follow the product chosen. */
  const namesOf = useRef('');

  const names = useMemo(() => productNames(entries), [entries]);
  const options = useMemo(() => {
    const typed = fold(product.trim());
    return names.filter((name) => !typed || fold(name).includes(typed)).map((value) => ({ value }));
  }, [names, product]);

  // Read when the form opens, not a reason to reset it: `entries` refetched meanwhile must not reset what is being typed.
  const latestEntries = useRef(entries);
  latestEntries.current = entries;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTab(TRANSLATED_LOCALES[0]!);
    const name = entry?.product ?? preset ?? '';
    namesOf.current = productSlug(name);
    // The product's names: the entry's own, else those its product's other entries hold.
    const shared = productNamesOf(latestEntries.current, name, entry?.id);
    // (`?? {}`: an API older than the translations sends none.)
    const own = entry && Object.keys(entry.product_names ?? {}).length > 0 ? entry.product_names : shared;
    form.setFieldsValue(
      entry
        ? {
            product: entry.product,
            question: entry.question,
            answer: entry.answer,
            position: entry.position,
            active: entry.active,
            product_names: { ...own },
            questions: { ...entry.questions },
            answers: { ...entry.answers },
          }
        : { ...EMPTY, product: name, product_names: { ...shared } },
    );
  }, [open, entry, preset, form]);

  /** Another product chosen: its names in the other languages come with it (a new product has none). */
  const productChanged = (value: string) => {
    const slug = productSlug(value.trim());
    if (slug === namesOf.current) return;
    const before = productNamesOf(entries, namesOf.current, entry?.id);
    const after = productNamesOf(entries, value, entry?.id);
    namesOf.current = slug;
    if (Object.keys(after).length > 0) form.setFieldValue('product_names', { ...after });
    else if (Object.keys(before).length > 0) form.setFieldValue('product_names', {});
  };

  const changes = (values: Values, current: FaqEntry): FaqUpdateInput => {
    const input: FaqUpdateInput = {};
    for (const key of TEXTS) if (values[key].trim() !== current[key]) input[key] = values[key].trim();
    if (values.position !== null && values.position !== current.position) input.position = values.position;
    if (values.active !== current.active) input.active = values.active;
    for (const key of TRANSLATED) if (!sameTranslations(values[key], current[key])) input[key] = filledTranslations(values[key]);
    return input;
  };

  /** Brings the tab of the first failing translation into view. */
  const showTabOf = (name: NamePath | undefined) => {
    const lang = languageOf(name);
    if (lang) setTab(lang);
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
      const created: FaqCreateInput = {
        product: name,
        question: values.question.trim(),
        answer: values.answer.trim(),
        position: values.position ?? nextPosition(entries, name),
        active: values.active,
      };
      // Only the translations given (none: the product's names come from its other questions).
      for (const key of TRANSLATED) {
        const filled = filledTranslations(values[key]);
        if (Object.keys(filled).length > 0) created[key] = filled;
      }
      input = created;
    }
    setSaving(true);
    try {
      await save(entry, input);
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length === 0) fail(error);
      else {
        const say = ({ property, rule, text }: (typeof fields)[number]): string => {
          if (rule === 'isNotEmpty' && isText(property)) return t(`faq.errors.${property}`);
          const [field] = property.split('.') as [TranslatedField];
          if (rule === 'isNotEmpty' && field === 'answers') return t('faq.errors.answerTranslation');
          if (rule === 'isNotEmpty' && field === 'questions') return t('faq.errors.questionTranslation');
          if (rule === 'maxLength' && field in LIMITS) return t('errors:maxLength', { max: LIMITS[field] });
          return text ?? t('errors:VALIDATION_ERROR');
        };
        form.setFields(fields.map((field) => ({ name: fieldOf(field.property) as never, errors: [say(field)] })));
        showTabOf(fieldOf(fields.find((field) => field.property.includes('.'))?.property ?? ''));
      }
    } finally {
      setSaving(false);
    }
  };

  const required = (key: (typeof TEXTS)[number]) => [{ required: true, whitespace: true, message: t(`faq.errors.${key}`) }];
  /** A language's question and answer go together: the one left blank beside the other is asked for. */
  const pairedWith = (other: 'questions' | 'answers', code: Language, message: string) => ({
    validator: async (_: unknown, value: string | undefined) => {
      const beside = (form.getFieldValue([other, code]) as string | undefined)?.trim();
      if (beside && !value?.trim()) throw new Error(message);
    },
  });

  const translationTab = (code: Language) => {
    const language = nativeName(code);
    return {
      key: code,
      forceRender: true,
      label: <span lang={code}>{language}</span>,
      children: (
        <div data-testid={`faq-translation-${code}`}>
          <Form.Item name={['product_names', code]} label={t('faq.translations.product', { language })} extra={t('faq.translations.productHelp')}>
            <Input lang={code} maxLength={FAQ_LIMITS.product} placeholder={product.trim() || undefined} />
          </Form.Item>
          <Form.Item
            name={['questions', code]}
            label={t('faq.translations.question', { language })}
            dependencies={[['answers', code]]}
            rules={[pairedWith('answers', code, t('faq.errors.questionTranslation'))]}
          >
            <Input lang={code} maxLength={FAQ_LIMITS.question} showCount placeholder={question.trim() || undefined} />
          </Form.Item>
          <Form.Item
            name={['answers', code]}
            className="vt-faq-admin__counted"
            label={t('faq.translations.answer', { language })}
            dependencies={[['questions', code]]}
            rules={[pairedWith('questions', code, t('faq.errors.answerTranslation'))]}
          >
            <Input.TextArea lang={code} autoSize={{ minRows: 3, maxRows: 10 }} maxLength={FAQ_LIMITS.answer} showCount placeholder={answer.trim() || undefined} />
          </Form.Item>
        </div>
      ),
    };
  };

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
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={EMPTY}
        onFinish={(values) => void submit(values)}
        onFinishFailed={({ errorFields }) => showTabOf(errorFields.find((field) => languageOf(field.name))?.name)}
        data-testid="faq-form"
      >
        <Form.Item name="product" label={t('faq.fields.product')} extra={t('faq.fields.productHelp')} rules={required('product')}>
          <AutoComplete options={options} maxLength={FAQ_LIMITS.product} onChange={productChanged} />
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
        <section className="vt-faq-admin__translations" aria-labelledby="faq-translations-title" data-testid="faq-translations">
          <Typography.Text strong id="faq-translations-title">
            {t('faq.translations.title')}
          </Typography.Text>
          <Typography.Paragraph type="secondary" className="vt-faq-admin__translations-help">
            {t('faq.translations.help')}
          </Typography.Paragraph>
          <Tabs size="small" activeKey={tab} onChange={(key) => setTab(key as Language)} items={TRANSLATED_LOCALES.map(translationTab)} />
        </section>
      </Form>
    </Modal>
  );
}

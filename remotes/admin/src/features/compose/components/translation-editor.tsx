import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Divider, Form, Grid, Input, Row, Space, Spin, Tag, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import TranslationOutlined from '@ant-design/icons/TranslationOutlined';
import dayjs from 'dayjs';
import { PUBLIC_ROUTES, buildPath, type Article, type ArticleStatus, type ArticleTranslation, type Locale } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { deleteTranslation, saveTranslation, type TranslationLocale } from '../../../api/articles';
import { languageName } from '../../../components/translation-state';
import { CONTENT_LIMITS } from '../../../lib/content-limits';
import { showFieldErrors, type ServerFieldError } from '../../../lib/field-errors';
import { useDates } from '../../../lib/use-dates';
import { useFeedback } from '../../../lib/use-feedback';
import {
  EMPTY_TRANSLATION,
  TRANSLATION_FIELDS,
  translationBodyOf,
  translationFingerprint,
  translationValuesOf,
  type TranslationField,
  type TranslationValues,
} from '../translation-form';
import { OriginalReference, type OriginalText } from './original-reference';
import { RichTextEditor } from './rich-text-editor';
import './translation-editor.css';

type Translate = (key: string, values?: Record<string, unknown>) => string;

const MAX_LENGTH: Record<TranslationField, number | undefined> = {
  title: CONTENT_LIMITS.title,
  excerpt: CONTENT_LIMITS.excerpt,
  content: undefined,
  image_alt: CONTENT_LIMITS.imageAlt,
  seo_description: CONTENT_LIMITS.metaDescription,
  publish_at: undefined,
};

/** The public page in a language (`?lang=` picks the version the page shows). */
const publicPath = (a: Pick<Article, 'id' | 'unique_key'>, locale: Locale) =>
  `${buildPath(PUBLIC_ROUTES.post, { uniqueKey: a.unique_key, id: a.id })}?lang=${encodeURIComponent(locale)}`;

export interface TranslationEditorProps {
  article: Pick<Article, 'id' | 'unique_key' | 'title'>;
  /** The original is on the site now (published, not waiting for its date). */
  originalPublic: boolean;
  locale: TranslationLocale;
  /** The saved translation; undefined when this language has none. */
  translation: ArticleTranslation | undefined;
  /** The translations are still being read. */
  loading: boolean;
  /** The original as its editor holds it, shown beside the translation. */
  original: OriginalText;
  onDirtyChange: (locale: TranslationLocale, dirty: boolean) => void;
  /** Opens a language's revisions (this translation's, or the original's). */
  onHistory: (locale: Locale) => void;
  /** After a save, a change of state or the deletion (null). */
  onChanged: (locale: TranslationLocale, translation: ArticleTranslation | null) => void;
}

/**
 * One language's version of an article: its own title, excerpt, body, cover alt text and description for search
 * engines, and its own state (save as draft, publish now or on a date, unpublish, delete), beside the original's
 * text for reference. Nothing is sent until an explicit save; the original and the other languages never change.
 */
export function TranslationEditor({ article, originalPublic, locale, translation, loading, original, onDirtyChange, onHistory, onChanged }: TranslationEditorProps) {
  const { t } = useTranslation('admin');
  const tr = t as Translate;
  const dates = useDates();
  const { confirm, fail, success } = useFeedback();
  const wide = Grid.useBreakpoint().lg === true;
  const [form] = Form.useForm<TranslationValues>();

  const [current, setCurrent] = useState<ArticleTranslation>();
  const [started, setStarted] = useState(false);
  const [values, setValues] = useState<TranslationValues>(EMPTY_TRANSLATION);
  const [saved, setSaved] = useState<TranslationValues>(EMPTY_TRANSLATION);
  const [busy, setBusy] = useState<'save' | 'publish' | 'unpublish' | 'delete' | null>(null);
  const [savedAt, setSavedAt] = useState<Date>();
  /** The updated_at of the server copy the form was filled from. */
  const heldAt = useRef<string | null>(null);

  const language = languageName(tr, locale, true);
  const dirty = started && translationFingerprint(values) !== translationFingerprint(saved);

  /** Puts a server copy in the form and marks it saved. */
  const hold = useCallback(
    (next: ArticleTranslation) => {
      const nextValues = translationValuesOf(next);
      heldAt.current = next.updated_at;
      setCurrent(next);
      setStarted(true);
      form.setFieldsValue(nextValues);
      setValues(nextValues);
      setSaved(nextValues);
    },
    [form],
  );

  /** Back to "no translation in this language". */
  const clear = useCallback(() => {
    heldAt.current = null;
    setCurrent(undefined);
    setStarted(false);
    setSavedAt(undefined);
    form.resetFields();
    setValues(EMPTY_TRANSLATION);
    setSaved(EMPTY_TRANSLATION);
  }, [form]);

  // A server copy new to the form (first read, a restored revision) fills it; a read of the copy it holds only
  // refreshes its flags (out of date); one gone (deleted elsewhere) empties it.
  useEffect(() => {
    if (translation) {
      if (translation.updated_at !== heldAt.current) hold(translation);
      else setCurrent(translation);
    } else if (heldAt.current !== null) clear();
  }, [translation, hold, clear]);

  useEffect(() => {
    onDirtyChange(locale, dirty);
  }, [locale, dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(locale, false), [locale, onDirtyChange]);

  /** Starts a translation nobody saved yet: blank, or over a copy of the original's text (its formatting and images come along). */
  const start = (fromOriginal: boolean) => {
    const next: TranslationValues = fromOriginal ? { ...EMPTY_TRANSLATION, title: original.title, excerpt: original.excerpt, content: original.content } : EMPTY_TRANSLATION;
    setStarted(true);
    form.setFieldsValue(next);
    setValues(next);
  };

  /** A server's refusal of a field, said in the interface language. */
  const say = ({ property, rule }: ServerFieldError<TranslationField>) => {
    if (rule === 'maxLength' && MAX_LENGTH[property]) return t('errors:maxLength', { max: MAX_LENGTH[property] });
    if (rule === 'isNotEmpty' && property === 'title') return t('errors:titleRequired');
    if (rule === 'isNotEmpty' && property === 'content') return t('errors:contentRequired');
    return t('errors:VALIDATION_ERROR');
  };

  /** Sends `from` with `status`; answers the saved translation, or null when the server refused (said on the fields or in a message). */
  const send = async (status: ArticleStatus, from: TranslationValues): Promise<ArticleTranslation | null> => {
    try {
      return await saveTranslation(article, locale, translationBodyOf(from, status));
    } catch (error) {
      if (!showFieldErrors(form, error, TRANSLATION_FIELDS, say, { focus: true })) fail(error);
      return null;
    }
  };

  const valid = async () => {
    try {
      await form.validateFields();
      return true;
    } catch {
      return false;
    }
  };

  const formValues = () => form.getFieldsValue(true) as TranslationValues;

  const afterSave = (result: ArticleTranslation) => {
    hold(result);
    setSavedAt(new Date());
    onChanged(locale, result);
  };

  const save = async () => {
    if (!(await valid())) return;
    setBusy('save');
    const result = await send(current?.status ?? 'draft', formValues());
    setBusy(null);
    if (!result) return;
    afterSave(result);
    success(t('compose.translations.done.saved'));
  };

  const publish = async () => {
    if (!(await valid())) return;
    const title = formValues().title.trim();
    const content = (
      <>
        <p>{t('compose.translations.confirm.publish', { language, title })}</p>
        {!originalPublic && <p>{t('compose.translations.confirm.originalNotPublic')}</p>}
      </>
    );
    if (!(await confirm({ title: t('compose.translations.confirmTitles.publish'), content }))) return;
    setBusy('publish');
    const result = await send('published', formValues());
    setBusy(null);
    if (!result) return;
    afterSave(result);
    if (result.state === 'scheduled') success(t('compose.translations.done.scheduled', { date: dates.dateTime(result.publish_at) }));
    else success(t('compose.translations.done.published'));
  };

  /** Takes the saved version off the site (it becomes a draft); edits not saved yet stay in the form. */
  const unpublish = async () => {
    if (!current) return;
    if (!(await confirm({ title: t('compose.translations.confirmTitles.unpublish'), content: t('compose.translations.confirm.unpublish', { language }) }))) return;
    setBusy('unpublish');
    const result = await send('draft', saved);
    setBusy(null);
    if (!result) return;
    heldAt.current = result.updated_at;
    setCurrent(result);
    setSaved(translationValuesOf(result));
    onChanged(locale, result);
    success(t('compose.translations.done.unpublished'));
  };

  const remove = async () => {
    if (!current) return;
    const ok = await confirm({ title: t('compose.translations.confirmTitles.delete'), content: t('compose.translations.confirm.delete', { language }), danger: true });
    if (!ok) return;
    setBusy('delete');
    try {
      await deleteTranslation(article, locale);
      clear();
      onChanged(locale, null);
      success(t('compose.translations.done.deleted'));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  /** Drops a translation begun but never saved (asking first when something was written). */
  const discard = async () => {
    if (dirty && !(await confirm({ title: t('compose.translations.confirmTitles.discard'), content: t('compose.translations.confirm.discard', { language }), danger: true }))) return;
    clear();
  };

  if (loading && !started) {
    return (
      <div className="vt-translation-pane__loading">
        <Spin />
      </div>
    );
  }

  const state = current?.state ?? 'draft';
  const publishLabel = values.publish_at && values.publish_at.isAfter(dayjs()) ? t('compose.actions.schedule') : t('compose.actions.publish');
  const saveText = dirty
    ? { text: t('compose.autosave.unsaved'), type: 'warning' as const }
    : savedAt
      ? { text: t('compose.autosave.savedAt', { time: dates.time(savedAt) }), type: 'success' as const }
      : { text: '', type: 'secondary' as const };

  return (
    <section className="vt-translation-pane" aria-label={t('compose.translations.paneLabel', { language })} data-testid={`translation-${locale}`}>
      {!started && (
        <div className="vt-translation-pane__empty" data-testid="translation-empty">
          <TranslationOutlined className="vt-translation-pane__empty-icon" aria-hidden="true" />
          <Typography.Title level={4} className="vt-translation-pane__empty-title">
            {t('compose.translations.empty.title', { language })}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="vt-translation-pane__empty-text">
            {t('compose.translations.empty.text')}
          </Typography.Paragraph>
          <Space wrap className="vt-translation-pane__empty-actions">
            <Button type="primary" onClick={() => start(true)}>
              {t('compose.translations.empty.fromOriginal')}
            </Button>
            <Button onClick={() => start(false)}>{t('compose.translations.empty.blank')}</Button>
          </Space>
          <Typography.Paragraph type="secondary" className="vt-translation-pane__empty-help">
            {t('compose.translations.empty.fromOriginalHelp')}
          </Typography.Paragraph>
          <Button type="link" icon={<HistoryOutlined />} onClick={() => onHistory(locale)}>
            {t('compose.translations.empty.history')}
          </Button>
        </div>
      )}
      <Form<TranslationValues>
        form={form}
        name={`translation-${locale}`}
        layout="vertical"
        initialValues={EMPTY_TRANSLATION}
        onValuesChange={(_, all) => setValues({ ...all })}
        requiredMark={false}
        scrollToFirstError
        hidden={!started}
      >
        <Row gutter={24}>
          <Col xs={24} lg={14}>
            {current?.out_of_date && (
              <Alert
                type="warning"
                showIcon
                className="vt-translation-pane__notice"
                data-testid="out-of-date"
                title={t('compose.translations.outOfDate.title')}
                description={
                  <>
                    <p className="vt-translation-pane__notice-text">{t(wide ? 'compose.translations.outOfDate.text' : 'compose.translations.outOfDate.textPhone')}</p>
                    <Button size="small" icon={<HistoryOutlined />} onClick={() => onHistory('pt-BR')}>
                      {t('compose.translations.outOfDate.history')}
                    </Button>
                  </>
                }
              />
            )}
            {!wide && <OriginalReference original={original} collapsible />}
            <Form.Item name="title" label={t('articles.fields.title')} rules={[{ required: true, whitespace: true, message: t('errors:titleRequired') }]}>
              <Input size="large" lang={locale} placeholder={t('compose.translations.placeholders.title', { language })} maxLength={CONTENT_LIMITS.title} />
            </Form.Item>
            <Form.Item name="content" label={t('articles.fields.content')} rules={[{ required: true, message: t('errors:contentRequired') }]}>
              <RichTextEditor placeholder={t('compose.translations.placeholders.content', { language })} />
            </Form.Item>
            <Form.Item name="excerpt" label={t('compose.fields.excerpt')} extra={t('compose.translations.help.excerpt')} className="vt-translation-pane__counted">
              <Input.TextArea rows={3} lang={locale} maxLength={CONTENT_LIMITS.excerpt} showCount />
            </Form.Item>
            <div className="vt-translation-pane__alt">
              {original.image && (
                <img
                  className="vt-translation-pane__cover"
                  src={original.image.url}
                  srcSet={original.image.srcset}
                  sizes="96px"
                  alt=""
                  width={96}
                  height={64}
                />
              )}
              <Form.Item name="image_alt" label={t('compose.translations.fields.imageAlt')} extra={t('compose.translations.help.imageAlt')}>
                <Input lang={locale} maxLength={CONTENT_LIMITS.imageAlt} />
              </Form.Item>
            </div>
            <Form.Item
              name="seo_description"
              label={t('compose.fields.metaDescription')}
              extra={t('compose.translations.help.seoDescription')}
              className="vt-translation-pane__counted"
            >
              <Input.TextArea rows={3} lang={locale} maxLength={CONTENT_LIMITS.metaDescription} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} lg={10}>
            <Card size="small" className="vt-translation-pane__status" data-testid="translation-status">
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Typography.Text type="secondary">{t('compose.fields.status')}:</Typography.Text>
                  {!current ? (
                    <Tag>{t('compose.translations.status.new')}</Tag>
                  ) : state === 'scheduled' ? (
                    <Tag color="gold">{t('compose.translations.status.scheduledFor', { date: dates.dateTime(current.publish_at) })}</Tag>
                  ) : (
                    <Tag color={state === 'published' ? 'green' : 'default'}>{t(`compose.translations.status.${state}`)}</Tag>
                  )}
                  <Typography.Text type={saveText.type} role="status" aria-live="polite" data-testid="translation-save-state">
                    {saveText.text}
                  </Typography.Text>
                </Space>
                {current && (
                  <Typography.Text type="secondary" className="vt-translation-pane__saved-by">
                    {current.author
                      ? t('compose.translations.savedBy', { name: `${current.author.name} ${current.author.last_name}`, date: dates.dateTime(current.updated_at) })
                      : t('compose.translations.savedOn', { date: dates.dateTime(current.updated_at) })}
                  </Typography.Text>
                )}
                <Space wrap>
                  <Button onClick={() => void save()} loading={busy === 'save'} disabled={busy !== null}>
                    {state === 'draft' ? t('articles.actions.saveDraft') : t('compose.actions.save')}
                  </Button>
                  {current && state !== 'draft' ? (
                    <Button danger onClick={() => void unpublish()} loading={busy === 'unpublish'} disabled={busy !== null}>
                      {t('compose.actions.unpublish')}
                    </Button>
                  ) : (
                    <Button type="primary" onClick={() => void publish()} loading={busy === 'publish'} disabled={busy !== null}>
                      {publishLabel}
                    </Button>
                  )}
                </Space>
                <Form.Item name="publish_at" label={t('compose.fields.publishAt')} extra={t('compose.translations.help.publishAt')} className="vt-translation-pane__date">
                  <DatePicker showTime={{ format: dates.pickerTime }} format={`${dates.pickerDate} ${dates.pickerTime}`} style={{ width: '100%' }} />
                </Form.Item>
                <Space wrap size={4}>
                  <Button icon={<HistoryOutlined />} onClick={() => onHistory(locale)}>
                    {t('compose.actions.history')}
                  </Button>
                  {current && state === 'published' && (
                    <Button type="link" icon={<ExportOutlined />} href={publicPath(article, locale)} target="_blank" rel="noopener">
                      {t('compose.translations.openPublic')}
                    </Button>
                  )}
                </Space>
                <Divider className="vt-translation-pane__divider" />
                {current ? (
                  <Button type="text" danger icon={<DeleteOutlined />} onClick={() => void remove()} loading={busy === 'delete'} disabled={busy !== null}>
                    {t('compose.translations.actions.delete')}
                  </Button>
                ) : (
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => void discard()} disabled={busy !== null}>
                    {t('compose.translations.actions.discard')}
                  </Button>
                )}
              </Space>
            </Card>
            {wide && <OriginalReference original={original} collapsible={false} />}
          </Col>
        </Row>
      </Form>
    </section>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Form, Grid, Input, Row, Select, Space, Spin, Switch, Tabs, Tag, Tooltip, Typography } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import EditFilled from '@ant-design/icons/EditFilled';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import dayjs from 'dayjs';
import { ADMIN_ROUTES, PUBLIC_ROUTES, TRANSLATED_LOCALES, buildPath, type Article, type ArticleTranslation, type Locale } from '@vitrine/contracts';
import { handleError, useAuth, useNavigate, useParams, useSearchParams, useTranslation } from '@vitrine/core';
import { autosaveArticle, changeArticleStatus, createArticle, updateArticle, type TranslationLocale } from '../../../api/articles';
import { describeTranslation, languageName, OutOfDateMark, shortCode } from '../../../components/translation-state';
import { useCategoryOptions } from '../../../hooks/use-category-options';
import { isScheduled } from '../../../lib/article-status';
import { CONTENT_LIMITS } from '../../../lib/content-limits';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useArticle, useArticleChanged } from '../api/get-article';
import { useOriginalChanged, useTranslationChanged, useTranslations } from '../api/translations';
import { bodyOf, EMPTY_VALUES, fingerprint, valuesOf, type ComposeValues } from '../form';
import { ArticlePreview } from './article-preview';
import { ImageUpload } from '../../../components/image-upload';
import { LoadFailed } from '../../../components/load-failed';
import { LiveDialog } from './live-dialog';
import { RevisionsDrawer } from './revisions-drawer';
import { RichTextEditor } from './rich-text-editor';
import { TranslationEditor } from './translation-editor';
import { useDates } from '../../../lib/use-dates';
import './translation-editor.css';

/** Autosave waits this long after the last edit of a draft's title, content or excerpt. */
export const AUTOSAVE_DELAY_MS = 2500;

type AutosaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'error'; message: string };

const LIST_PATH = buildPath(ADMIN_ROUTES['list-of-articles']);
const composePath = (a: Pick<Article, 'id' | 'unique_key'>) => buildPath(ADMIN_ROUTES.compose, { uniqueKey: a.unique_key, id: a.id });
const publicPath = (a: Pick<Article, 'id' | 'unique_key'>) => buildPath(PUBLIC_ROUTES.post, { uniqueKey: a.unique_key, id: a.id });
/** The URL parameter naming the language being edited (`?locale=en-US`); the original (pt-BR) without it. */
const LOCALE_PARAM = 'locale';
const isTranslationLocale = (value: string | null): value is TranslationLocale => (TRANSLATED_LOCALES as readonly (string | null)[]).includes(value);

/**
 * compose/{uniqueKey?}/{id?}: writes a new article or edits one. A new
 * article is created on the first explicit Save or Publish (the API needs
 * its cover and categories, so it cannot exist before); from then on a draft
 * autosaves its title, content and excerpt 2.5 s after the last edit.
 */
export function ComposePage() {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const navigate = useNavigate();
  const params = useParams();
  const user = useAuth((s) => s.authUser);
  const { confirm, fail, success } = useFeedback();
  const [form] = Form.useForm<ComposeValues>();

  const routeId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const [article, setArticle] = useState<Article>();
  const loaded = useArticle(
    routeId !== undefined ? { id: routeId, unique_key: params.uniqueKey ?? '' } : undefined,
    routeId !== undefined && article?.id !== routeId,
  );
  const categories = useCategoryOptions();
  const articleChanged = useArticleChanged();
  useReportError(loaded.error, fail);
  useReportError(categories.error, fail);

  const [values, setValues] = useState<ComposeValues>(EMPTY_VALUES);
  const [saved, setSaved] = useState<ComposeValues>(EMPTY_VALUES);
  const [busy, setBusy] = useState<'save' | 'publish' | 'unpublish' | null>(null);
  const [autosave, setAutosave] = useState<AutosaveState>({ kind: 'idle' });
  const [previewOpen, setPreviewOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  /** Whose revisions the drawer shows: the original's (pt-BR) or a translation's. */
  const [historyLocale, setHistoryLocale] = useState<Locale>('pt-BR');
  const [live, setLive] = useState<Article | null>(null);

  // The languages: the original (pt-BR) and its translations, each in a tab; the tab being edited is in the URL.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(LOCALE_PARAM);
  const activeLocale: Locale = article && isTranslationLocale(requested) ? requested : 'pt-BR';
  const translations = useTranslations(article);
  const translationChanged = useTranslationChanged();
  const originalChanged = useOriginalChanged();
  const compactTabs = Grid.useBreakpoint().md !== true;
  /** The translations with changes not saved yet. */
  const [unsavedLocales, setUnsavedLocales] = useState<ReadonlySet<TranslationLocale>>(new Set());
  const onTranslationDirty = useCallback((locale: TranslationLocale, isDirty: boolean) => {
    setUnsavedLocales((prev) => {
      if (prev.has(locale) === isDirty) return prev;
      const next = new Set(prev);
      if (isDirty) next.add(locale);
      else next.delete(locale);
      return next;
    });
  }, []);
  const onTranslationChanged = useCallback(
    (locale: TranslationLocale, translation: ArticleTranslation | null) => {
      if (article) translationChanged(article.id, locale, translation);
    },
    [article, translationChanged],
  );
  const openHistory = useCallback((locale: Locale) => {
    setHistoryLocale(locale);
    setHistoryOpen(true);
  }, []);
  const switchLanguage = (key: string) => {
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (isTranslationLocale(key)) next.set(LOCALE_PARAM, key);
        else next.delete(LOCALE_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  const dirty = fingerprint(values) !== fingerprint(saved);

  /** Puts a server copy of the article in the form and marks it saved. */
  const hold = useCallback(
    (next: Article) => {
      const nextValues = valuesOf(next);
      setArticle(next);
      form.setFieldsValue(nextValues);
      setValues(nextValues);
      setSaved(nextValues);
    },
    [form],
  );

  useEffect(() => {
    if (loaded.data) hold(loaded.data);
  }, [loaded.data, hold]);

  // Autosave: drafts only, after the article exists, once the text fields differ from what the server has.
  const textChanged = values.title !== saved.title || values.content !== saved.content || values.excerpt !== saved.excerpt;
  useEffect(() => {
    if (!article || article.status !== 'draft' || !textChanged || values.title.trim() === '') return;
    const sent = { title: values.title, content: values.content, excerpt: values.excerpt };
    const timer = setTimeout(() => {
      setAutosave({ kind: 'saving' });
      autosaveArticle(article, sent).then(
        () => {
          setSaved((s) => ({ ...s, ...sent }));
          setAutosave({ kind: 'saved', at: new Date() });
          // The translations saved against the former text are now out of date.
          originalChanged(article.id);
        },
        (error: unknown) => setAutosave({ kind: 'error', message: handleError(error).message }),
      );
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [article, textChanged, values.title, values.content, values.excerpt, originalChanged]);

  // Leaving with unsaved changes (the original's or a translation's) asks first (in-app navigation and closing the tab).
  const allowLeaving = useLeaveGuard(dirty || unsavedLocales.size > 0, { title: t('compose.leave.title'), text: t('compose.leave.text') });

  /** Navigation the page itself decides after a save (its state has not caught up yet, so the guard must not ask). */
  const go = (path: string, replace = false) => {
    allowLeaving();
    void navigate(path, { replace });
  };

  /** Validates (title, content, a category and a cover are required) and saves; returns the saved article, or null when nothing was sent. */
  const persist = async (status?: Article['status']): Promise<Article | null> => {
    try {
      await form.validateFields();
    } catch {
      return null;
    }
    const body = { ...bodyOf(form.getFieldsValue(true) as ComposeValues), ...(status && { status }) };
    try {
      const result = article ? await updateArticle(article, body) : await createArticle({ status: 'draft', ...body });
      hold(result);
      articleChanged(result);
      originalChanged(result.id);
      setAutosave({ kind: 'saved', at: new Date() });
      if (!article) go(composePath(result), true);
      return result;
    } catch (error) {
      fail(error);
      return null;
    }
  };

  const save = async () => {
    setBusy('save');
    const result = await persist();
    setBusy(null);
    if (result) success(t(article ? 'articles.success.updated' : 'articles.success.created'));
  };

  const publish = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const title = (form.getFieldValue('title') as string).trim();
    if (!(await confirm({ title: t('articles.confirmTitles.publish'), content: t('articles.confirm.publish', { title }) }))) return;
    setBusy('publish');
    const result = await persist('published');
    setBusy(null);
    if (!result) return;
    if (isScheduled(result)) success(t('articles.done.scheduled', { date: dates.dateTime(result.publish_at) }));
    else setLive(result);
  };

  const unpublish = async () => {
    if (!article) return;
    if (!(await confirm({ title: t('articles.confirmTitles.unpublish'), content: t('articles.confirm.unpublish', { title: article.title }) }))) return;
    setBusy('unpublish');
    try {
      const result = await changeArticleStatus(article, 'draft');
      setArticle(result);
      articleChanged(result);
      success(t('articles.done.unpublished'));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  if (loaded.isLoading && !article) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
        <Spin size="large" />
      </div>
    );
  }
  if (routeId !== undefined && !article && loaded.error) {
    return <Alert type="error" showIcon title={t('compose.notFound')} action={<Button onClick={() => void navigate(LIST_PATH)}>{t('compose.actions.back')}</Button>} />;
  }

  const status = article?.status ?? 'draft';
  const chosen = (categories.data ?? []).filter((c) => values.category_ids.includes(c.id));
  const publishLabel = values.publish_at && values.publish_at.isAfter(dayjs()) ? t('compose.actions.schedule') : t('compose.actions.publish');

  const originalEditor = (
    <Form<ComposeValues>
      form={form}
      layout="vertical"
      initialValues={EMPTY_VALUES}
      onValuesChange={(_, all) => setValues({ ...all })}
      requiredMark={false}
      scrollToFirstError
    >
      <Row gutter={24}>
        <Col xs={24} lg={16}>
          <Form.Item
            name="title"
            label={t('articles.fields.title')}
            rules={[{ required: true, whitespace: true, message: t('errors:titleRequired') }]}
          >
            <Input size="large" placeholder={t('compose.placeholders.title')} maxLength={CONTENT_LIMITS.title} />
          </Form.Item>
          <Form.Item name="content" label={t('articles.fields.content')} rules={[{ required: true, message: t('errors:contentRequired') }]}>
            <RichTextEditor placeholder={t('compose.placeholders.content')} />
          </Form.Item>
          <Form.Item name="excerpt" label={t('compose.fields.excerpt')}>
            <Input.TextArea
              rows={3}
              placeholder={t('compose.placeholders.excerpt')}
              maxLength={CONTENT_LIMITS.excerpt}
              showCount
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" style={{ marginBottom: 16 }}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Space>
                <Typography.Text type="secondary">{t('compose.fields.status')}:</Typography.Text>
                {article && isScheduled(article) ? (
                  <Tag color="gold">{t('articles.list.scheduledFor', { date: dates.dateTime(article.publish_at) })}</Tag>
                ) : (
                  <Tag color={status === 'published' ? 'green' : 'default'}>{t(`articles.statuses.${status}`)}</Tag>
                )}
              </Space>
              <Space wrap>
                <Button onClick={() => void save()} loading={busy === 'save'} disabled={busy !== null}>
                  {status === 'draft' ? t('articles.actions.saveDraft') : t('compose.actions.save')}
                </Button>
                {status === 'published' ? (
                  <Button danger onClick={() => void unpublish()} loading={busy === 'unpublish'} disabled={busy !== null}>
                    {t('compose.actions.unpublish')}
                  </Button>
                ) : (
                  <Button type="primary" onClick={() => void publish()} loading={busy === 'publish'} disabled={busy !== null}>
                    {publishLabel}
                  </Button>
                )}
              </Space>
              <Space wrap>
                <Button icon={<EyeOutlined />} onClick={() => setPreviewOpen(true)}>
                  {t('compose.actions.preview')}
                </Button>
                {article && (
                  <Button icon={<HistoryOutlined />} onClick={() => openHistory('pt-BR')}>
                    {t('compose.actions.history')}
                  </Button>
                )}
                {article && status === 'published' && !isScheduled(article) && (
                  <Button type="link" href={publicPath(article)} target="_blank" rel="noopener">
                    {t('compose.preview.openPublic')}
                  </Button>
                )}
              </Space>
            </Space>
          </Card>
          <Form.Item
            name="category_ids"
            label={t('articles.fields.categories')}
            rules={[{ required: true, type: 'array', min: 1, message: t('errors:categoryRequired') }]}
          >
            <Select<number[]>
              mode="multiple"
              loading={categories.isFetching}
              showSearch={{ optionFilterProp: 'label' }}
              options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name, disabled: !c.active && !values.category_ids.includes(c.id) }))}
            />
          </Form.Item>
          <Form.Item name="image" label={t('compose.fields.cover')} rules={[{ required: true, message: t('errors:imageRequired') }]}>
            <ImageUpload hint={t('compose.cover.hint')} />
          </Form.Item>
          <Form.Item name="emphasis" label={t('compose.fields.emphasis')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="publish_at" label={t('compose.fields.publishAt')} extra={t('compose.help.publishAt')}>
            <DatePicker showTime={{ format: dates.pickerTime }} format={`${dates.pickerDate} ${dates.pickerTime}`} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="meta_description" label={t('compose.fields.metaDescription')}>
            <Input.TextArea
              rows={3}
              placeholder={t('compose.placeholders.metaDescription')}
              maxLength={CONTENT_LIMITS.metaDescription}
              showCount
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );

  const translationOf = (locale: TranslationLocale) => translations.data?.find((item) => item.locale === locale);
  const languageTabs = [
    {
      key: 'pt-BR',
      label: <LanguageTab locale="pt-BR" unsaved={dirty && activeLocale !== 'pt-BR'} compact={compactTabs} />,
      // Always in the page: its form, its autosave and its unsaved changes live on while a translation is edited.
      forceRender: true,
      children: (
        <>
          {!article && (
            <Typography.Text type="secondary" className="vt-compose-languages__hint">
              {t('compose.translations.saveFirst')}
            </Typography.Text>
          )}
          {originalEditor}
        </>
      ),
    },
    ...TRANSLATED_LOCALES.map((locale) => ({
      key: locale,
      disabled: !article,
      label: <LanguageTab locale={locale} translation={translationOf(locale)} unsaved={unsavedLocales.has(locale)} compact={compactTabs} />,
      children: article && (
        <TranslationEditor
          article={article}
          originalPublic={article.status === 'published' && !isScheduled(article)}
          locale={locale}
          translation={translationOf(locale)}
          loading={translations.isLoading}
          original={{ title: values.title, excerpt: values.excerpt, content: values.content, meta_description: values.meta_description, image: values.image }}
          onDirtyChange={onTranslationDirty}
          onHistory={openHistory}
          onChanged={onTranslationChanged}
        />
      ),
    })),
  ];

  return (
    <div data-testid="compose-page">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16, flexWrap: 'wrap' }}>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => void navigate(LIST_PATH)} aria-label={t('compose.actions.back')} />
        <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
          {article ? t('compose.editTitle') : t('compose.newTitle')}
        </Typography.Title>
        {activeLocale === 'pt-BR' && <SaveState article={article} dirty={dirty} autosave={autosave} />}
      </div>
      {translations.error && article && (
        <LoadFailed title={t('compose.translations.loadFailed')} onRetry={() => translations.refetch()} data-testid="translations-load-failed" />
      )}
      <Tabs
        className="vt-compose-languages"
        activeKey={activeLocale}
        onChange={switchLanguage}
        items={languageTabs}
        tabBarGutter={compactTabs ? 18 : undefined}
        data-testid="language-tabs"
      />

      <ArticlePreview
        open={previewOpen}
        onClose={() => setPreviewOpen(false)}
        article={{
          title: values.title,
          excerpt: values.excerpt,
          content: values.content,
          image: values.image,
          categories: chosen,
          author: article?.author ?? user,
          date: article?.published_at ?? values.publish_at?.toDate() ?? new Date(),
        }}
      />
      {article && (
        <RevisionsDrawer
          open={historyOpen}
          article={article}
          locale={historyLocale}
          onClose={() => setHistoryOpen(false)}
          onRestored={(restored) => {
            if (historyLocale === 'pt-BR') {
              hold(restored);
              originalChanged(restored.id);
            } else void translations.refetch();
          }}
        />
      )}
      <LiveDialog
        open={live !== null}
        onOpenArticle={() => {
          if (live) window.open(publicPath(live), '_blank', 'noopener');
          setLive(null);
        }}
        onDismiss={() => {
          setLive(null);
          go(LIST_PATH);
        }}
      />
    </div>
  );
}

function SaveState({ article, dirty, autosave }: { article: Article | undefined; dirty: boolean; autosave: AutosaveState }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  let text: string;
  let type: 'secondary' | 'warning' | 'danger' | 'success' = 'secondary';
  if (autosave.kind === 'saving') text = t('compose.autosave.saving');
  else if (autosave.kind === 'error') {
    text = `${t('compose.autosave.error')}: ${autosave.message}`;
    type = 'danger';
  } else if (dirty) {
    text = t('compose.autosave.unsaved');
    type = 'warning';
  } else if (autosave.kind === 'saved') {
    text = t('compose.autosave.savedAt', { time: dates.time(autosave.at) });
    type = 'success';
  } else if (!article) text = t('compose.autosave.notYet');
  else text = '';
  return (
    <Typography.Text type={type} role="status" aria-live="polite" data-testid="save-state">
      {text}
    </Typography.Text>
  );
}

/**
 * A language's tab: its name (its code on a phone), a dot for a translation's state (green published, gold
 * scheduled, a grey ring a draft; none when there is no translation), the warning mark when the original changed
 * after it, and a pencil while it has unsaved changes; the same in words to screen readers and in a tooltip.
 */
function LanguageTab({ locale, translation, unsaved, compact }: { locale: Locale; translation?: ArticleTranslation; unsaved: boolean; compact: boolean }) {
  const { t } = useTranslation(['admin', 'common']);
  const tr = t as (key: string, values?: Record<string, unknown>) => string;
  const original = locale === 'pt-BR';
  const name = original ? t('compose.translations.original') : t(`common:language.names.${locale}`);
  const words = [
    compact ? name : null,
    original ? null : translation ? describeTranslation(tr, translation) : t('compose.translations.missing', { language: languageName(tr, locale) }),
    unsaved ? t('compose.translations.unsaved') : null,
  ].filter(Boolean);
  const label = (
    <span className={`vt-language-tab${!original && !translation ? ' vt-language-tab--missing' : ''}`} data-testid={`language-tab-${locale}`}>
      {translation && <span className={`vt-language-tab__dot vt-language-tab__dot--${translation.state}`} aria-hidden="true" />}
      <span>{compact ? shortCode(locale) : name}</span>
      {translation?.out_of_date && <OutOfDateMark />}
      {unsaved && <EditFilled className="vt-language-tab__unsaved" aria-hidden="true" />}
      {words.length > 0 && <span className="vt-visually-hidden">{`— ${words.join(', ')}`}</span>}
    </span>
  );
  return original && !compact ? label : <Tooltip title={words.join(' · ')}>{label}</Tooltip>;
}

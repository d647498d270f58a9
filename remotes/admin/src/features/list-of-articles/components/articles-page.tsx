import { useEffect, useState } from 'react';
import { Button, Empty, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import StarFilled from '@ant-design/icons/StarFilled';
import { ADMIN_ROUTES, buildPath, type Article, type ArticlesListInput, type AuthorCard } from '@vitrine/contracts';
import { CategoryChip } from '../../../components/category-chip';
import { TranslationTags } from '../../../components/translation-state';
import { useCategoryOptions } from '../../../hooks/use-category-options';
import { isScheduled } from '../../../lib/article-status';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useArticles } from '../api/get-articles';
import { useArticleActions } from '../api/use-article-actions';
import { Link, useNavigate, useTranslation } from '@vitrine/core';
import { useDates } from '../../../lib/use-dates';

type StatusFilter = NonNullable<ArticlesListInput['status']>;
const STATUS_FILTERS: StatusFilter[] = ['draft', 'published', 'scheduled'];

const composePath = (a: Pick<Article, 'id' | 'unique_key'>) => buildPath(ADMIN_ROUTES.compose, { uniqueKey: a.unique_key, id: a.id });

/** list-of-articles: server-side paged table with search, filters and confirmed row actions. */
export function ArticlesPage() {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const navigate = useNavigate();
  const { fail } = useFeedback();

  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>();
  const [categoryId, setCategoryId] = useState<number>();
  const [authorId, setAuthorId] = useState<number>();
  const [emphasis, setEmphasis] = useState<boolean>();
  const debouncedSearch = useDebouncedValue(search.trim(), 400);

  const input: ArticlesListInput = {
    page,
    limit,
    ...(debouncedSearch && { search: debouncedSearch }),
    ...(status && { status }),
    ...(categoryId !== undefined && { category_id: categoryId }),
    ...(authorId !== undefined && { author_id: authorId }),
    ...(emphasis !== undefined && { emphasis }),
  };
  const articles = useArticles(input);
  const categories = useCategoryOptions();
  useReportError(articles.error, fail);
  useReportError(categories.error, fail);
  const actions = useArticleActions();

  // The author filter offers the authors seen so far (the API has no authors list for this screen).
  const [authors, setAuthors] = useState<Map<number, AuthorCard>>(new Map());
  useEffect(() => {
    const items = articles.data?.items ?? [];
    if (items.some((a) => !authors.has(a.author.id))) {
      setAuthors((prev) => new Map([...prev, ...items.map((a) => [a.author.id, a.author] as const)]));
    }
  }, [articles.data, authors]);

  const filtered = <T,>(setter: (value: T) => void) => (value: T) => {
    setter(value);
    setPage(1);
  };

  const columns: TableColumnsType<Article> = [
      {
        key: 'cover',
        title: t('articles.columns.cover'),
        width: 88,
        render: (_, a) =>
          a.image ? (
            <img
              src={a.image.url}
              srcSet={a.image.srcset}
              sizes="72px"
              alt=""
              width={72}
              height={48}
              style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }}
            />
          ) : (
            <div style={{ width: 72, height: 48, borderRadius: 6, background: '#f1f5f9' }} />
          ),
      },
      {
        key: 'title',
        title: t('articles.fields.title'),
        render: (_, a) => (
          <Space size={6}>
            <Link to={composePath(a)} style={{ fontWeight: 600 }}>
              {a.title}
            </Link>
            {a.emphasis && (
              <Tooltip title={t('articles.list.emphasis')}>
                <StarFilled style={{ color: '#f59e0b' }} aria-label={t('articles.list.emphasis')} />
              </Tooltip>
            )}
          </Space>
        ),
      },
      {
        key: 'categories',
        title: t('articles.fields.categories'),
        render: (_, a) => (
          <Space size={4} wrap>
            {a.categories.map((c) => (
              <CategoryChip key={c.id} {...c} size="small" />
            ))}
          </Space>
        ),
      },
      {
        key: 'author',
        title: t('articles.fields.author'),
        render: (_, a) => `${a.author.name} ${a.author.last_name}`,
      },
      {
        key: 'status',
        title: t('articles.fields.status'),
        // The original's state, and under it each translation's (its language's tag).
        render: (_, a) => (
          <>
            {isScheduled(a) ? (
              <Tag color="gold">{t('articles.list.scheduledFor', { date: dates.dateTime(a.publish_at) })}</Tag>
            ) : (
              <Tag color={a.status === 'published' ? 'green' : 'default'}>{t(`articles.statuses.${a.status}`)}</Tag>
            )}
            <TranslationTags article={a} />
          </>
        ),
      },
      { key: 'reads', dataIndex: 'reads', title: t('articles.columns.reads'), align: 'right', width: 96 },
      {
        key: 'updated_at',
        title: t('articles.columns.updatedAt'),
        width: 128,
        render: (_, a) => dates.date(a.updated_at),
      },
      {
        key: 'actions',
        title: t('articles.columns.actions'),
        width: 140,
        render: (_, a) => (
          <Space size={0}>
            <Tooltip title={t('common:actions.edit')}>
              <Button type="text" icon={<EditOutlined />} aria-label={t('common:actions.edit')} onClick={() => navigate(composePath(a))} />
            </Tooltip>
            {a.status === 'published' ? (
              <Tooltip title={t('articles.actions.unpublish')}>
                <Button
                  type="text"
                  icon={<EyeInvisibleOutlined />}
                  aria-label={t('articles.actions.unpublish')}
                  onClick={() => void actions.unpublish(a)}
                />
              </Tooltip>
            ) : (
              <Tooltip title={t('articles.actions.publish')}>
                <Button type="text" icon={<SendOutlined />} aria-label={t('articles.actions.publish')} onClick={() => void actions.publish(a)} />
              </Tooltip>
            )}
            <Tooltip title={t('common:actions.delete')}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common:actions.delete')}
                onClick={() => void actions.remove(a)}
              />
            </Tooltip>
          </Space>
        ),
      },
  ];

  const data = articles.data;
  return (
    <div data-testid="articles-page">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, marginBottom: 16, flexWrap: 'wrap' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('articles.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(buildPath(ADMIN_ROUTES.compose))}>
          {t('articles.new')}
        </Button>
      </div>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('articles.list.searchPlaceholder')}
          aria-label={t('articles.list.searchPlaceholder')}
          value={search}
          onChange={(e) => filtered(setSearch)(e.target.value)}
          style={{ width: 280 }}
        />
        <Select<StatusFilter>
          allowClear
          placeholder={t('articles.filters.status')}
          aria-label={t('articles.filters.status')}
          style={{ width: 160 }}
          value={status}
          onChange={filtered(setStatus)}
          options={STATUS_FILTERS.map((value) => ({
            value,
            label: value === 'scheduled' ? t('articles.list.scheduled') : t(`articles.statuses.${value}`),
          }))}
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('articles.filters.category')}
          aria-label={t('articles.filters.category')}
          style={{ width: 180 }}
          value={categoryId}
          onChange={filtered(setCategoryId)}
          loading={categories.isFetching}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('articles.filters.author')}
          aria-label={t('articles.filters.author')}
          style={{ width: 180 }}
          value={authorId}
          onChange={filtered(setAuthorId)}
          options={[...authors.values()].map((a) => ({ value: a.id, label: `${a.name} ${a.last_name}` }))}
        />
        <Select<'yes' | 'no'>
          allowClear
          placeholder={t('articles.filters.emphasis')}
          aria-label={t('articles.filters.emphasis')}
          style={{ width: 160 }}
          value={emphasis === undefined ? undefined : emphasis ? 'yes' : 'no'}
          onChange={(value) => filtered(setEmphasis)(value === undefined ? undefined : value === 'yes')}
          options={[
            { value: 'yes', label: t('articles.filters.emphasisYes') },
            { value: 'no', label: t('articles.filters.emphasisNo') },
          ]}
        />
      </Space>
      <Table<Article>
        rowKey="id"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={articles.isFetching}
        scroll={{ x: 960 }}
        pagination={{
          current: page,
          pageSize: limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('articles.list.total', { count: total }),
          onChange: (next, size) => {
            setPage(size !== limit ? 1 : next);
            setLimit(size);
          },
        }}
        locale={{
          emptyText: (
            <Empty description={t('articles.empty')} data-testid="articles-empty">
              <Typography.Paragraph type="secondary">{t('articles.list.emptyHint')}</Typography.Paragraph>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(buildPath(ADMIN_ROUTES.compose))}>
                {t('articles.new')}
              </Button>
            </Empty>
          ),
        }}
      />
    </div>
  );
}

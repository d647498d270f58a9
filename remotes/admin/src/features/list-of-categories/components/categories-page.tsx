import { useState } from 'react';
import { Button, Empty, Switch, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { Category } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { changeCategoryStatus, deleteCategory } from '../../../api/categories';
import { CategoryChip } from '../../../components/category-chip';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries';
import { useCategories } from '../api/get-categories';
import { CategoryFormModal } from './category-form-modal';

/** list-of-categories: chips in their colours, create/edit in a modal, confirmed activate/deactivate and delete. */
/** The name in the interface language (pt-BR when it has none there). */
export function displayName(category: Pick<Category, 'name' | 'names'>, language: string): string {
  return (category.names as Record<string, string | undefined>)[language]?.trim() || category.name;
}

export function CategoriesPage() {
  const { t, i18n } = useTranslation('admin');
  const shown = (c: Category) => displayName(c, i18n.language);
  const { confirm, fail, success } = useFeedback();
  const categories = useCategories();
  const queryClient = useQueryClient();
  /** After any change: the table and every category picker (article filters, compose form) refetch. */
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.categories.all });
  useReportError(categories.error, fail);
  const [editing, setEditing] = useState<Category | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  const run = async (title: string, content: string, request: () => Promise<unknown>, done: string, danger = false) => {
    if (!(await confirm({ title, content, danger }))) return;
    try {
      await request();
      success(done);
      refresh();
    } catch (error) {
      fail(error);
    }
  };

  const toggle = (c: Category) =>
    c.active
      ? run(
          t('categories.confirmTitles.deactivate'),
          t('categories.confirm.deactivate', { name: shown(c) }),
          () => changeCategoryStatus(c, false),
          t('categories.done.deactivated'),
        )
      : run(
          t('categories.confirmTitles.activate'),
          t('categories.confirm.activate', { name: shown(c) }),
          () => changeCategoryStatus(c, true),
          t('categories.done.activated'),
        );

  const remove = (c: Category) =>
    run(t('categories.confirmTitles.delete'), t('categories.confirm.delete', { name: shown(c) }), () => deleteCategory(c), t('categories.success.deleted'), true);

  const openForm = (category: Category | null) => {
    setEditing(category);
    setFormOpen(true);
  };

  const columns: TableColumnsType<Category> = [
    {
      key: 'name',
      title: t('categories.fields.name'),
      width: 220,
      render: (_, c) => (
        <>
          <CategoryChip {...c} name={shown(c)} />
          {shown(c) !== c.name && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="category-pt-name">
              {t('categories.ptBRName', { name: c.name })}
            </Typography.Text>
          )}
        </>
      ),
    },
    { key: 'description', dataIndex: 'description', title: t('categories.fields.description'), ellipsis: true },
    { key: 'article_count', dataIndex: 'article_count', title: t('categories.articleCount'), align: 'right', width: 100 },
    {
      key: 'active',
      title: t('categories.fields.status'),
      width: 130,
      render: (_, c) => (
        <Switch
          checked={c.active}
          checkedChildren={t('categories.statuses.active')}
          unCheckedChildren={t('categories.statuses.inactive')}
          aria-label={`${t('categories.fields.status')}: ${shown(c)}`}
          onChange={() => void toggle(c)}
        />
      ),
    },
    {
      key: 'actions',
      title: t('articles.columns.actions'),
      width: 110,
      render: (_, c) => (
        <>
          <Tooltip title={t('common:actions.edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('common:actions.edit')} onClick={() => openForm(c)} />
          </Tooltip>
          <Tooltip title={t('common:actions.delete')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} onClick={() => void remove(c)} />
          </Tooltip>
        </>
      ),
    },
  ];

  return (
    <div data-testid="categories-page">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('categories.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          {t('categories.new')}
        </Button>
      </div>
      <Table<Category>
        rowKey="id"
        columns={columns}
        dataSource={categories.data?.items ?? []}
        loading={categories.isFetching}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: <Empty description={t('categories.empty')} /> }}
      />
      <CategoryFormModal
        open={formOpen}
        category={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          refresh();
        }}
      />
    </div>
  );
}

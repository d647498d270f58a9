import { useState } from 'react';
import { Button, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import type { Article, Locale, Revision } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { listRevisions, restoreRevision } from '../../../api/articles';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries';
import { useArticleChanged } from '../api/get-article';
import './rich-text-editor.css';
import { useDates } from '../../../lib/use-dates';
import { languageName } from '../../../components/translation-state';

interface Props {
  open: boolean;
  article: Pick<Article, 'id' | 'unique_key'>;
  /** Whose revisions: the original's (pt-BR, the default) or a translation's. */
  locale?: Locale;
  onClose: () => void;
  onRestored: (article: Article) => void;
}

const KIND_COLORS: Record<Revision['kind'], string> = { save: 'blue', autosave: 'default', restore: 'purple' };

/**
 * One language's revisions of the article (kind, author, date), a preview of the chosen one, and a confirmed
 * Restore; a translation's revision goes back into that translation (its state stays).
 */
export function RevisionsDrawer({ open, article, locale = 'pt-BR', onClose, onRestored }: Props) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const { confirm, fail, success } = useFeedback();
  // Always fresh when the drawer opens: every save and autosave adds a revision.
  const revisions = useQuery({
    queryKey: queryKeys.articles.revisions(article.id, locale),
    queryFn: () => listRevisions(article, locale),
    enabled: open,
    staleTime: 0,
  });
  const articleChanged = useArticleChanged();
  useReportError(revisions.error, fail);
  const [selectedId, setSelectedId] = useState<number>();
  const [restoring, setRestoring] = useState(false);
  const selected = revisions.data?.find((r) => r.id === selectedId);

  const restore = async (revision: Revision) => {
    const date = dates.dateTime(revision.created_at);
    if (!(await confirm({ title: t('compose.revisions.restoreTitle'), content: t('compose.revisions.restoreConfirm', { date }) }))) return;
    setRestoring(true);
    try {
      const restored = await restoreRevision(article, revision.id);
      success(t('compose.revisions.restored'));
      onRestored(restored);
      setSelectedId(undefined);
      articleChanged(restored);
    } catch (error) {
      fail(error);
    } finally {
      setRestoring(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={locale === 'pt-BR' ? t('compose.revisions.title') : t('compose.revisions.titleOf', { language: languageName(t as (key: string) => string, locale, true) })}
      size={640}
      data-testid="revisions-drawer"
    >
      <List<Revision>
        loading={revisions.isFetching}
        dataSource={revisions.data ?? []}
        locale={{ emptyText: <Empty description={t('compose.revisions.empty')} /> }}
        renderItem={(revision) => (
          <List.Item
            onClick={() => setSelectedId(revision.id)}
            style={{ cursor: 'pointer', background: revision.id === selectedId ? '#f5f3ff' : undefined, paddingInline: 12 }}
            actions={[
              <Button key="restore" size="small" loading={restoring && revision.id === selectedId} onClick={() => void restore(revision)}>
                {t('compose.revisions.restore')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space size={8}>
                  <Tag color={KIND_COLORS[revision.kind]}>{t(`compose.revisions.kinds.${revision.kind}`)}</Tag>
                  <span>{dates.dateTime(revision.created_at)}</span>
                </Space>
              }
              description={`${revision.title} · ${t('compose.revisions.by', { name: `${revision.author.name} ${revision.author.last_name}` })}`}
            />
          </List.Item>
        )}
      />
      <div style={{ borderTop: '1px solid #f0f0f0', marginTop: 16, paddingTop: 16 }} data-testid="revision-preview">
        {selected ? (
          <>
            <Typography.Title level={3} lang={locale}>
              {selected.title}
            </Typography.Title>
            {selected.excerpt && <Typography.Paragraph type="secondary">{selected.excerpt}</Typography.Paragraph>}
            <div className="vt-prose" dangerouslySetInnerHTML={{ __html: selected.content }} />
          </>
        ) : (
          <Typography.Text type="secondary">{t('compose.revisions.select')}</Typography.Text>
        )}
      </div>
    </Drawer>
  );
}

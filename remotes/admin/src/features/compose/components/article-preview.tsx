import { Alert, Modal, Space } from 'antd';
import type { AuthorCard, CategoryChip as Chip, Image } from '@vitrine/contracts';
import { readingTime } from '@vitrine/utils';
import { CategoryChip } from '../../../components/category-chip';
import './article-preview.css';
import './rich-text-editor.css';
import { useTranslation } from '@vitrine/core';
import { useDates } from '../../../lib/use-dates';

export interface PreviewContent {
  title: string;
  excerpt: string;
  content: string;
  image: Image | null;
  categories: Chip[];
  author: Pick<AuthorCard, 'name' | 'last_name'> | null;
  date: string | Date;
}

interface Props {
  open: boolean;
  onClose: () => void;
  article: PreviewContent;
}

/**
 * The article as its public page shows it (title, categories, meta, cover,
 * content HTML), before it is saved or published: the public page only shows
 * published articles, so the preview renders here.
 */
export function ArticlePreview({ open, onClose, article }: Props) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={860} title={t('compose.preview.title')} destroyOnHidden>
      <Alert type="info" showIcon title={t('compose.preview.notice')} style={{ marginBottom: 24 }} />
      <article className="vt-post-preview" data-testid="article-preview">
        <Space size={6} wrap style={{ marginBottom: 12 }}>
          {article.categories.map((c) => (
            <CategoryChip key={c.id} {...c} />
          ))}
        </Space>
        <h1 className="vt-post-preview__title">{article.title}</h1>
        {article.excerpt && <p className="vt-post-preview__excerpt">{article.excerpt}</p>}
        <p className="vt-post-preview__meta">
          {article.author && t('compose.preview.by', { name: `${article.author.name} ${article.author.last_name}` })}
          {article.author && ' · '}
          {dates.long(article.date)} · {readingTime(article.content)}
        </p>
        {article.image && (
          <img
            className="vt-post-preview__cover"
            src={article.image.url}
            srcSet={article.image.srcset}
            sizes="(max-width: 860px) 100vw, 812px"
            alt={article.image.alt ?? ''}
            width={article.image.width}
            height={article.image.height}
          />
        )}
        <div className="vt-prose" dangerouslySetInnerHTML={{ __html: article.content }} />
      </article>
    </Modal>
  );
}

import { useId } from 'react';
import { Collapse, Typography } from 'antd';
import type { Image } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import './rich-text-editor.css';
import './translation-editor.css';

/** The original's text as the editor holds it: what a translation is written from. */
export interface OriginalText {
  title: string;
  excerpt: string;
  content: string;
  meta_description: string;
  image: Image | null;
}

function OriginalFields({ original }: { original: OriginalText }) {
  const { t } = useTranslation('admin');
  const none = <Typography.Text type="secondary">{t('compose.translations.reference.none')}</Typography.Text>;
  return (
    <dl className="vt-original">
      <dt>{t('articles.fields.title')}</dt>
      <dd className="vt-original__title" lang="pt-BR">{original.title || none}</dd>
      <dt>{t('compose.fields.excerpt')}</dt>
      <dd lang="pt-BR">{original.excerpt || none}</dd>
      <dt>{t('articles.fields.content')}</dt>
      <dd lang="pt-BR">{original.content ? <div className="vt-prose vt-original__body" dangerouslySetInnerHTML={{ __html: original.content }} /> : none}</dd>
      <dt>{t('compose.fields.metaDescription')}</dt>
      <dd lang="pt-BR">{original.meta_description || none}</dd>
    </dl>
  );
}

/**
 * The original beside a translation, read only: its title, excerpt, body and description for search engines. Wide,
 * a column that stays in view while the translation scrolls; on a phone, a panel to open above the form.
 */
export function OriginalReference({ original, collapsible }: { original: OriginalText; collapsible: boolean }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  if (collapsible) {
    return (
      <Collapse
        className="vt-original-panel"
        size="small"
        data-testid="original-reference"
        items={[{ key: 'original', label: t('compose.translations.reference.show'), children: <OriginalFields original={original} /> }]}
      />
    );
  }
  return (
    // It scrolls on its own: focusable, so a keyboard can scroll it too.
    <section className="vt-original-card" aria-labelledby={headingId} tabIndex={0} data-testid="original-reference">
      <h2 id={headingId} className="vt-original-card__heading">
        {t('compose.translations.reference.title')}
      </h2>
      <p className="vt-original-card__hint">{t('compose.translations.reference.hint')}</p>
      <OriginalFields original={original} />
    </section>
  );
}

import { useId, useMemo } from 'react';
import { Alert, Tag, Typography } from 'antd';
import { useTranslation } from '@vitrine/core';
import { linesOf, summarizeMarkup, tagCounts, type MarkupPlace } from '../seo-view';

/** How a summary's element is said in a list of tags. */
export const tagLabel = (tag: string) => (tag === 'comment' ? '<!-- -->' : `<${tag}>`);

/**
 * One markup as the public pages would get it, shown only as text (React escapes it; nothing is parsed
 * into the admin's page, nothing runs): what it holds, what the public pages' security policy blocks,
 * what would break a page, then its lines, numbered.
 */
export function MarkupPreview({ markup, place }: { markup: string; place: MarkupPlace }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const summary = useMemo(() => summarizeMarkup(markup, place), [markup, place]);
  const counts = tagCounts(summary);
  const lines = useMemo(() => linesOf(markup), [markup]);
  const blank = markup.trim() === '';

  return (
    <section className="vt-seo__preview" aria-labelledby={headingId} data-testid={`seo-preview-${place}`}>
      <Typography.Title level={5} id={headingId} className="vt-seo__preview-title">
        {t(`seo.preview.${place}`)}
      </Typography.Title>
      {blank ? (
        <Typography.Text type="secondary">{t('seo.preview.empty')}</Typography.Text>
      ) : (
        <>
          <ul className="vt-seo__chips" aria-label={t('seo.preview.contents')}>
            {counts.map(({ tag, count }) => (
              <li key={tag}>
                <Tag className="vt-seo__chip" color={tag === 'script' ? 'orange' : undefined}>
                  {t(`seo.tags.${tag}`, { count })}
                </Tag>
              </li>
            ))}
            {counts.length === 0 && (
              <li>
                <Tag className="vt-seo__chip">{t('seo.preview.textOnly')}</Tag>
              </li>
            )}
          </ul>
          <dl className="vt-seo__facts">
            {summary.tags.script > 0 && (
              <>
                <dt>{t('seo.preview.scripts')}</dt>
                <dd>{t('seo.preview.scriptsDetail', { inline: summary.inlineScripts, external: summary.externalScripts })}</dd>
              </>
            )}
            <dt>{t('seo.preview.domains')}</dt>
            <dd data-testid={`seo-domains-${place}`}>{summary.domains.length ? summary.domains.join(', ') : t('seo.preview.noDomains')}</dd>
          </dl>
          {summary.unclosed.length > 0 && (
            <Alert type="error" showIcon className="vt-seo__note" title={t('seo.errors.unclosed', { tags: summary.unclosed.map(tagLabel).join(', ') })} />
          )}
          {summary.misplaced.length > 0 && (
            <Alert type="warning" showIcon className="vt-seo__note" title={t('seo.preview.misplaced', { tags: summary.misplaced.map(tagLabel).join(', ') })} />
          )}
          {summary.codeOnlyDomains.length > 0 && (
            <Alert type="warning" showIcon className="vt-seo__note" title={t('seo.preview.codeOnly', { list: summary.codeOnlyDomains.join(', ') })} />
          )}
          {summary.eventHandlers + summary.javascriptUrls > 0 && (
            <Alert type="warning" showIcon className="vt-seo__note" title={t('seo.preview.blocked')} />
          )}
          <ol className="vt-seo__code" tabIndex={0} aria-label={t('seo.preview.code', { place: t(`seo.preview.${place}`) })}>
            {lines.map((line, index) => (
              // A line is known by its position (the same text may stand on many lines).
              <li key={index}>
                <code>{line || ' '}</code>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

import { Tooltip } from 'antd';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import ExclamationCircleFilled from '@ant-design/icons/ExclamationCircleFilled';
import { ADMIN_ROUTES, TRANSLATED_LOCALES, buildPath, type Article, type TranslationSummary } from '@vitrine/contracts';
import { Link, useTranslation } from '@vitrine/core';
import './translation-state.css';

type Translate = (key: string, values?: Record<string, unknown>) => string;
type Summary = Pick<TranslationSummary, 'locale' | 'state' | 'out_of_date'>;

/** A language's short code as tags show it ('en-US' → 'EN'). */
export const shortCode = (locale: string) => locale.slice(0, 2).toUpperCase();

/**
 * The language's name in the interface language: as a label ('Inglês', 'English', 'Anglais'), or as a sentence has
 * it (`inText`: 'versão em inglês', 'the English version', 'la version en anglais').
 */
export const languageName = (t: Translate, locale: string, inText = false) =>
  t(`articles.translations.${inText ? 'languagesInText' : 'languages'}.${locale}`);

/** A translation's state in words: 'Inglês: publicada', '… — desatualizada: o original mudou depois desta tradução'. */
export function describeTranslation(t: Translate, summary: Summary): string {
  const values = { language: languageName(t, summary.locale), state: t(`articles.translations.states.${summary.state}`) };
  return t(summary.out_of_date ? 'articles.translations.tagOutOfDate' : 'articles.translations.tag', values);
}

/** The compose page of an article, opened on one language's tab. */
export const translationPath = (article: Pick<Article, 'id' | 'unique_key'>, locale: string) =>
  `${buildPath(ADMIN_ROUTES.compose, { uniqueKey: article.unique_key, id: article.id })}?locale=${encodeURIComponent(locale)}`;

/** The mark of a translation the original changed after (beside a tag or a tab). */
export function OutOfDateMark() {
  return <ExclamationCircleFilled className="vt-translation__warning" aria-hidden="true" />;
}

/**
 * An article's languages in the list: a small tag per translation that exists (EN ES FR HT, in that order), green
 * when published, gold with a clock when scheduled, white with a dashed border when a draft, and a warning mark in
 * its corner when the original changed after it; each names its state in a tooltip and to screen readers, and opens
 * that language in the editor. Nothing when the article has no translation (`none` then says so to screen readers).
 */
export function TranslationTags({ article }: { article: Pick<Article, 'id' | 'unique_key' | 'translations'> }) {
  const { t } = useTranslation('admin');
  const tr = t as Translate;
  const byLocale = new Map((article.translations ?? []).map((item) => [item.locale, item]));
  const present = TRANSLATED_LOCALES.flatMap((locale) => byLocale.get(locale) ?? []);
  if (present.length === 0) {
    return (
      <span className="vt-visually-hidden" data-testid="translation-tags">
        {t('articles.translations.none')}
      </span>
    );
  }
  return (
    <ul className="vt-translation__tags" data-testid="translation-tags" aria-label={t('articles.translations.column')}>
      {present.map((item) => {
        const label = describeTranslation(tr, item);
        return (
          <li key={item.locale}>
            <Tooltip title={label}>
              <Link
                to={translationPath(article, item.locale)}
                className={`vt-translation__tag vt-translation__tag--${item.state}${item.out_of_date ? ' vt-translation__tag--out-of-date' : ''}`}
                data-state={item.state}
              >
                {item.state === 'scheduled' && <ClockCircleOutlined aria-hidden="true" />}
                <span>{shortCode(item.locale)}</span>
                {item.out_of_date && <OutOfDateMark />}
                {/* Named by what it shows first ("EN"), then in words (voice control users say what they see). */}
                <span className="vt-visually-hidden">{` — ${label}`}</span>
              </Link>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}

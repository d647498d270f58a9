import {
  DEFAULT_LOCALE,
  TRANSLATED_LOCALES,
  type FaqCreateInput,
  type FaqEntry,
  type FaqPage,
  type FaqTranslations,
  type FaqUpdateInput,
  type Locale,
  type PublicFaqEntry,
} from '@vitrine/contracts';
import { faqProductSlug, slugify } from '@vitrine/utils';
import type { Queryable } from '../db';
import { BadRequestError, NotFoundError } from '../errors';
import * as contentVersion from '../repositories/content-version';
import { localized, nextFreeKey } from '../repositories/sql';
import type { ServiceDeps } from './context';
import { cleanTranslations } from './translations';

const COLUMNS = 'id, product, slug, question, answer, position, active, product_names, questions, answers';

export const FAQ_ANSWER_TRANSLATION_REQUIRED = 'A translated question needs its answer in the same language';
export const FAQ_QUESTION_TRANSLATION_REQUIRED = 'A translated answer needs its question in the same language';

function required(property: string, text: string): BadRequestError {
  return new BadRequestError('VALIDATION_ERROR', [{ property, message: { isNotEmpty: text } }]);
}

/** A language's question and answer are translated together: the one missing is named (`answers.fr-FR`, `questions.en-US`). */
function assertPairs(questions: FaqTranslations, answers: FaqTranslations): void {
  const errors = [];
  for (const lang of TRANSLATED_LOCALES) {
    if (questions[lang] && !answers[lang]) errors.push({ property: `answers.${lang}`, message: { isNotEmpty: FAQ_ANSWER_TRANSLATION_REQUIRED } });
    if (answers[lang] && !questions[lang]) errors.push({ property: `questions.${lang}`, message: { isNotEmpty: FAQ_QUESTION_TRANSLATION_REQUIRED } });
  }
  if (errors.length) throw new BadRequestError('VALIDATION_ERROR', errors);
}

const isEmpty = (values: FaqTranslations) => Object.keys(values).length === 0;

async function freeSlug(db: Queryable, question: string, except?: number): Promise<string> {
  const base = slugify(question).slice(0, 120).replace(/-+$/, '') || 'pergunta';
  const taken = await db.query<{ slug: string }>('SELECT slug FROM faq_entries WHERE (slug = $1 OR slug LIKE $2) AND id IS DISTINCT FROM $3', [base, `${base}-%`, except ?? null]);
  return nextFreeKey(base, taken.map((r) => r.slug));
}

/** The other entries of `product` (same slug: the public page shows them as one product), in position order. */
async function productEntries(db: Queryable, product: string, exceptId: number): Promise<{ id: number; product_names: FaqTranslations }[]> {
  const slug = faqProductSlug(product);
  const rows = await db.query<{ id: number; product: string; product_names: FaqTranslations }>(
    'SELECT id, product, product_names FROM faq_entries WHERE id <> $1 ORDER BY position, id',
    [exceptId],
  );
  return rows.filter((row) => faqProductSlug(row.product) === slug);
}

/** The product's names in the other languages as its entries hold them (the first that has any), none for a new product. */
async function productNamesOf(db: Queryable, product: string, exceptId = 0): Promise<FaqTranslations> {
  return (await productEntries(db, product, exceptId)).find((row) => !isEmpty(row.product_names))?.product_names ?? {};
}

/** The product's names are the product's: saved on one entry, they are saved on every other entry of the product. */
async function shareProductNames(db: Queryable, product: string, names: FaqTranslations, exceptId: number): Promise<void> {
  const ids = (await productEntries(db, product, exceptId)).map((row) => row.id);
  if (ids.length === 0) return;
  await db.query(
    'UPDATE faq_entries SET product_names = $1::jsonb, updated_at = now() WHERE id = ANY($2::int[]) AND product_names IS DISTINCT FROM $1::jsonb',
    [JSON.stringify(names), ids],
  );
}

/**
 * The FAQ: public questions grouped by product; entries managed by site_editor (route list-faq). Each
 * entry's product, question and answer are pt-BR, with the other languages' in `product_names`, `questions` and
 * `answers` (migration 019; docs/decisions/i18n.md, "Translated content").
 */
export class FaqService {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * Active entries by product (products in the order of their first entry's position), answers in order, in `lang`:
   * each question and answer in it when translated, else pt-BR; a product is named by the first of its entries that
   * has its name in `lang`, else in pt-BR. Slugs (the product's and the entries') are the same in every language.
   */
  async publicFaq(lang: Locale = DEFAULT_LOCALE): Promise<FaqPage> {
    const rows = await this.deps.db.query<Omit<PublicFaqEntry, 'product'> & { product: string; product_names: FaqTranslations }>(
      `SELECT f.id, f.product, f.product_names, f.slug, ${localized(lang, 'question', 'questions', 'f')} AS question,
         ${localized(lang, 'answer', 'answers', 'f')} AS answer, f.position, f.active
       FROM faq_entries f WHERE f.active ORDER BY f.position, f.id`,
    );
    const groups = new Map<string, { slug: string; name: string; translated: string | undefined; entries: Omit<PublicFaqEntry, 'product'>[] }>();
    for (const { product_names: names, ...row } of rows) {
      const slug = faqProductSlug(row.product);
      const group = groups.get(slug) ?? { slug, name: row.product, translated: undefined, entries: [] };
      if (lang !== DEFAULT_LOCALE) group.translated ??= names?.[lang as Exclude<Locale, 'pt-BR'>] || undefined;
      group.entries.push(row);
      groups.set(slug, group);
    }
    const products = [...groups.values()].map(({ slug, name, translated, entries }) => {
      const shown = translated ?? name;
      return { slug, name: shown, entries: entries.map((entry) => ({ ...entry, product: shown })) };
    });
    return { lang, products };
  }

  list(): Promise<FaqEntry[]> {
    return this.deps.db.query<FaqEntry>(`SELECT ${COLUMNS} FROM faq_entries ORDER BY product, position, id`);
  }

  private clean<T extends Partial<FaqCreateInput>>(input: T): T {
    const out = { ...input };
    for (const key of ['product', 'question', 'answer'] as const) {
      if (out[key] !== undefined) {
        const value = (out[key] as string).trim();
        if (!value) throw required(key, `${key} is required`);
        (out as Record<string, unknown>)[key] = value;
      }
    }
    for (const key of ['product_names', 'questions', 'answers'] as const) {
      if (out[key] !== undefined) (out as Record<string, unknown>)[key] = cleanTranslations(out[key]);
    }
    return out;
  }

  /**
   * A new entry. Without product names of its own it takes its product's (a new product has none); with them, they
   * become the product's, on every entry of it.
   */
  async create(input: FaqCreateInput): Promise<FaqEntry> {
    const data = this.clean(input);
    const questions = data.questions ?? {};
    const answers = data.answers ?? {};
    assertPairs(questions, answers);
    return this.deps.db.transaction(async (tx) => {
      let productNames = data.product_names ?? {};
      if (isEmpty(productNames)) productNames = await productNamesOf(tx, data.product);
      else await shareProductNames(tx, data.product, productNames, 0);
      const [row] = await tx.query<FaqEntry>(
        `INSERT INTO faq_entries (product, slug, question, answer, position, active, product_names, questions, answers)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb) RETURNING ${COLUMNS}`,
        [
          data.product,
          await freeSlug(tx, data.question),
          data.question,
          data.answer,
          data.position ?? 0,
          data.active ?? true,
          JSON.stringify(productNames),
          JSON.stringify(questions),
          JSON.stringify(answers),
        ],
      );
      await contentVersion.bump(tx);
      return row as FaqEntry;
    });
  }

  /**
   * Changes what is given: `questions` and `answers` each replace that text's translations; `product_names` replaces
   * the product's names on every entry of the product. An entry moved to another product without names takes that
   * product's (none for a new product).
   */
  async update(id: number, input: FaqUpdateInput): Promise<FaqEntry> {
    const data = this.clean(input);
    return this.deps.db.transaction(async (tx) => {
      const [current] = await tx.query<FaqEntry>(`SELECT ${COLUMNS} FROM faq_entries WHERE id = $1 FOR UPDATE`, [id]);
      if (!current) throw new NotFoundError();
      const questions = data.questions ?? current.questions;
      const answers = data.answers ?? current.answers;
      assertPairs(questions, answers);
      const product = data.product ?? current.product;
      let productNames = data.product_names;
      if (productNames !== undefined) await shareProductNames(tx, product, productNames, id);
      else if (faqProductSlug(product) !== faqProductSlug(current.product)) productNames = await productNamesOf(tx, product, id);
      else productNames = current.product_names;
      // A reworded question keeps its slug: links to the answer go on working.
      const [row] = await tx.query<FaqEntry>(
        `UPDATE faq_entries SET product = $2, question = $3, answer = $4, position = $5, active = $6, product_names = $7::jsonb,
           questions = $8::jsonb, answers = $9::jsonb, updated_at = now()
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [
          id,
          product,
          data.question ?? current.question,
          data.answer ?? current.answer,
          data.position ?? current.position,
          data.active ?? current.active,
          JSON.stringify(productNames),
          JSON.stringify(questions),
          JSON.stringify(answers),
        ],
      );
      await contentVersion.bump(tx);
      return row as FaqEntry;
    });
  }

  async remove(id: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const rows = await tx.query('DELETE FROM faq_entries WHERE id = $1 RETURNING 1', [id]);
      if (!rows.length) throw new NotFoundError();
      await contentVersion.bump(tx);
    });
  }
}

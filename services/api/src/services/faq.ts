import type { FaqCreateInput, FaqEntry, FaqPage, FaqUpdateInput } from '@vitrine/contracts';
import { faqProductSlug, slugify } from '@vitrine/utils';
import type { Queryable } from '../db';
import { BadRequestError, NotFoundError } from '../errors';
import * as contentVersion from '../repositories/content-version';
import { nextFreeKey } from '../repositories/sql';
import type { ServiceDeps } from './context';

const COLUMNS = 'id, product, slug, question, answer, position, active';

function required(property: string, text: string): BadRequestError {
  return new BadRequestError('VALIDATION_ERROR', [{ property, message: { isNotEmpty: text } }]);
}

async function freeSlug(db: Queryable, question: string, except?: number): Promise<string> {
  const base = slugify(question).slice(0, 120).replace(/-+$/, '') || 'pergunta';
  const taken = await db.query<{ slug: string }>('SELECT slug FROM faq_entries WHERE (slug = $1 OR slug LIKE $2) AND id IS DISTINCT FROM $3', [base, `${base}-%`, except ?? null]);
  return nextFreeKey(base, taken.map((r) => r.slug));
}

/** The FAQ (issue 8): public questions grouped by product; entries managed by site_editor (route list-faq). */
export class FaqService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Active entries by product (products in the order of their first entry's position), answers in order. */
  async publicFaq(): Promise<FaqPage> {
    const rows = await this.deps.db.query<FaqEntry>(`SELECT ${COLUMNS} FROM faq_entries WHERE active ORDER BY position, id`);
    const products = new Map<string, FaqPage['products'][number]>();
    for (const row of rows) {
      const slug = faqProductSlug(row.product);
      const group = products.get(slug) ?? { slug, name: row.product, entries: [] };
      group.entries.push(row);
      products.set(slug, group);
    }
    return { products: [...products.values()] };
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
    return out;
  }

  async create(input: FaqCreateInput): Promise<FaqEntry> {
    const data = this.clean(input);
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx.query<FaqEntry>(
        `INSERT INTO faq_entries (product, slug, question, answer, position, active) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [data.product, await freeSlug(tx, data.question), data.question, data.answer, data.position ?? 0, data.active ?? true],
      );
      await contentVersion.bump(tx);
      return row as FaqEntry;
    });
  }

  async update(id: number, input: FaqUpdateInput): Promise<FaqEntry> {
    const data = this.clean(input);
    return this.deps.db.transaction(async (tx) => {
      const [current] = await tx.query<FaqEntry>(`SELECT ${COLUMNS} FROM faq_entries WHERE id = $1 FOR UPDATE`, [id]);
      if (!current) throw new NotFoundError();
      // A reworded question keeps its slug: links to the answer go on working.
      const [row] = await tx.query<FaqEntry>(
        `UPDATE faq_entries SET product = $2, question = $3, answer = $4, position = $5, active = $6, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, data.product ?? current.product, data.question ?? current.question, data.answer ?? current.answer, data.position ?? current.position, data.active ?? current.active],
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

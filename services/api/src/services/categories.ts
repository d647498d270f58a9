import {
  TRANSLATED_LOCALES,
  type CategoriesListInput,
  type Category,
  type CategoryCreateInput,
  type CategoryNames,
  type CategoryUpdateInput,
  type ListPage,
} from '@vitrine/contracts';
import { slugify } from '@vitrine/utils';
import { AppError, BadRequestError, NotFoundError } from '../errors';
import type { Queryable } from '../db';
import * as articles from '../repositories/articles';
import * as translations from '../repositories/article-translations';
import * as categories from '../repositories/categories';
import * as contentVersion from '../repositories/content-version';
import * as images from '../repositories/images';
import { nextFreeKey } from '../repositories/sql';
import type { ServiceDeps } from './context';
import { toCategory } from './content-presenters';
import { cleanTranslations } from './translations';

export const CATEGORY_NAME_TAKEN = 'A category with that name already exists';

function nameTaken(): AppError {
  return new AppError(409, 'CONFLICT', {
    message: CATEGORY_NAME_TAKEN,
    errors: [{ property: 'name', message: { isUnique: CATEGORY_NAME_TAKEN } }],
  });
}

export const CATEGORY_TRANSLATION_TAKEN = 'Another category already has that name in this language';

function translationTaken(lang: string): AppError {
  return new AppError(409, 'CONFLICT', {
    message: CATEGORY_TRANSLATION_TAKEN,
    errors: [{ property: `names.${lang}`, message: { isUnique: CATEGORY_TRANSLATION_TAKEN } }],
  });
}

/** No other category shows the same name (case-insensitive) in a language: its translation there, else its pt-BR name. */
async function assertTranslationsFree(db: Queryable, names: CategoryNames | undefined, exceptId = 0): Promise<void> {
  for (const lang of TRANSLATED_LOCALES) {
    const value = names?.[lang];
    if (value && (await categories.translationTaken(db, lang, value, exceptId))) throw translationTaken(lang);
  }
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

function required(property: 'name' | 'description', text: string): BadRequestError {
  return new BadRequestError('VALIDATION_ERROR', [{ property, message: { isNotEmpty: text } }]);
}

export async function categoryKey(db: Queryable, name: string): Promise<string> {
  const base = slugify(name).slice(0, 160).replace(/-+$/, '') || 'categoria';
  return nextFreeKey(base, await categories.keysLike(db, base));
}

export async function assertImage(db: Queryable, id: string | null | undefined, property: string): Promise<void> {
  if (id === null || id === undefined) return;
  if (!(await images.findById(db, id))) {
    throw new BadRequestError('VALIDATION_ERROR', [{ property, message: { isValid: 'Image not found' } }]);
  }
}

export class CategoriesService {
  constructor(private readonly deps: ServiceDeps) {}

  private async present(db: Queryable, id: number): Promise<Category> {
    const row = await categories.findById(db, id);
    if (!row) throw new NotFoundError();
    const image = row.image_id ? ((await images.findById(db, row.image_id)) ?? null) : null;
    return toCategory(row, image, this.deps.storage);
  }

  async get(id: number, key: string): Promise<Category> {
    const row = await categories.findByIdAndKey(this.deps.db, id, key);
    if (!row) throw new NotFoundError();
    return this.present(this.deps.db, row.id);
  }

  async list(input: CategoriesListInput): Promise<ListPage<Category>> {
    const limit = input.limit ?? 50;
    const page = input.page ?? 1;
    const { rows, total } = await categories.list(this.deps.db, { limit, page, search: input.search, active: input.active });
    const imageRows = await images.findByIds(this.deps.db, rows.flatMap((r) => (r.image_id ? [r.image_id] : [])));
    const byId = new Map(imageRows.map((i) => [i.id, i]));
    return { items: rows.map((r) => toCategory(r, (r.image_id && byId.get(r.image_id)) || null, this.deps.storage)), total, page, limit };
  }

  async create(input: CategoryCreateInput): Promise<Category> {
    const name = input.name.trim();
    const description = input.description.trim();
    const names = cleanTranslations(input.names) ?? {};
    const descriptions = cleanTranslations(input.descriptions) ?? {};
    if (!name) throw required('name', 'name is required');
    if (!description) throw required('description', 'Description is required');
    return this.deps.db
      .transaction(async (tx) => {
        if (await categories.nameTaken(tx, name)) throw nameTaken();
        await assertTranslationsFree(tx, names);
        await assertImage(tx, input.image_id, 'image_id');
        const id = await categories.insert(tx, {
          unique_key: await categoryKey(tx, name),
          name,
          names,
          description,
          descriptions,
          image_id: input.image_id ?? null,
          text_color: input.text_color,
          background_color: input.background_color,
          active: input.active ?? true,
        });
        await contentVersion.bump(tx);
        return this.present(tx, id);
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      });
  }

  /**
   * The unique_key follows a new name (category pages are addressed by it). `names` and `descriptions`, each when
   * given, replace every translation of that text (a language left out or blank falls back to the pt-BR text).
   */
  async update(id: number, key: string, input: CategoryUpdateInput): Promise<Category> {
    const name = input.name?.trim();
    const description = input.description?.trim();
    const names = cleanTranslations(input.names);
    const descriptions = cleanTranslations(input.descriptions);
    if (name === '') throw required('name', 'name is required');
    if (description === '') throw required('description', 'Description is required');
    return this.deps.db
      .transaction(async (tx) => {
        const current = await categories.findByIdAndKey(tx, id, key);
        if (!current) throw new NotFoundError();
        const renamed = name !== undefined && name !== current.name;
        if (renamed && (await categories.nameTaken(tx, name, id))) throw nameTaken();
        await assertTranslationsFree(tx, names, id);
        await assertImage(tx, input.image_id, 'image_id');
        const newKey = renamed && slugify(name) !== slugify(current.name) ? await categoryKey(tx, name) : undefined;
        await categories.update(tx, id, {
          ...(name !== undefined ? { name } : {}),
          ...(names !== undefined ? { names } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(descriptions !== undefined ? { descriptions } : {}),
          ...(input.image_id !== undefined ? { image_id: input.image_id } : {}),
          ...(input.text_color !== undefined ? { text_color: input.text_color } : {}),
          ...(input.background_color !== undefined ? { background_color: input.background_color } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          ...(newKey ? { unique_key: newKey } : {}),
        });
        if (renamed) await articles.refreshSearchOfCategory(tx, id);
        if (renamed || input.names !== undefined) await translations.refreshSearchOfCategory(tx, id);
        await contentVersion.bump(tx);
        return this.present(tx, id);
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      });
  }

  async changeStatus(id: number, key: string, active: boolean): Promise<Category> {
    return this.deps.db.transaction(async (tx) => {
      const current = await categories.findByIdAndKey(tx, id, key);
      if (!current) throw new NotFoundError();
      await categories.update(tx, id, { active });
      await contentVersion.bump(tx);
      return this.present(tx, id);
    });
  }

  /** Unlinks the category from its articles; refused (409) when an article would be left without a category. */
  async remove(id: number, key: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const current = await categories.findByIdAndKey(tx, id, key);
      if (!current) throw new NotFoundError();
      const orphans = await categories.articlesOnlyIn(tx, id);
      if (orphans.length > 0) {
        const titles = orphans.map((a) => `'${a.title}'`).join(', ');
        throw new AppError(409, 'CONFLICT', {
          message: `This category is the only category of ${orphans.length === 1 ? 'an article' : 'some articles'} (${titles}): give them another category first`,
        });
      }
      const affected = await categories.articleIdsIn(tx, id);
      await categories.remove(tx, id);
      for (const articleId of affected) {
        await articles.refreshSearch(tx, articleId);
        await translations.refreshSearchOfArticle(tx, articleId);
      }
      await contentVersion.bump(tx);
    });
  }
}

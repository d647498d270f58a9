import type {
  Article,
  ArticleTranslation,
  ArticleTranslationInput,
  Locale,
  ArticleAutosaveInput,
  ArticleCreateInput,
  ArticlesListInput,
  ArticleStatus,
  ArticleUpdateInput,
  ListPage,
  Revision,
} from '@vitrine/contracts';
import { CONTENT_FIELD_MESSAGES, CONTENT_LIMITS } from '@vitrine/contracts/schemas';
import { buildPath, PUBLIC_ROUTES } from '@vitrine/contracts';
import { slugify } from '@vitrine/utils';
import type { Queryable } from '../db';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { defaultExcerpt, htmlToText, sanitizeArticleHtml } from '../lib/html';
import * as articles from '../repositories/articles';
import * as translations from '../repositories/article-translations';
import type { TranslationLocale } from '../repositories/article-translations';
import * as categories from '../repositories/categories';
import * as contentVersion from '../repositories/content-version';
import { nextFreeKey } from '../repositories/sql';
import { assertImage } from './categories';
import type { Principal, ServiceDeps } from './context';
import { toArticle, toRevision, toTranslation } from './content-presenters';
import { emitWebhook, wakeWebhooks } from './webhooks';
import * as webhookDeliveries from '../repositories/webhooks';

type Field = keyof typeof CONTENT_FIELD_MESSAGES;

function missing(property: Field): BadRequestError {
  return new BadRequestError('VALIDATION_ERROR', [{ property, message: { isNotEmpty: CONTENT_FIELD_MESSAGES[property] } }]);
}

/**
 * A title as stored: trimmed, and empty when nothing in it is visible (only spaces, zero-width or other invisible
 * characters), which the required-title rule then refuses.
 */
export function cleanTitle(raw: string): string {
  const title = raw.trim();
  return /[^\s\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/u.test(title) ? title : '';
}

function titleTaken(): ConflictError {
  return new ConflictError('ARTICLE_TITLE_TAKEN');
}

function isTitleViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  return e.code === '23505' && (e.constraint === 'articles_title_lower_key' || String(e.message).includes('articles_title_lower_key'));
}

function mapErrors(err: unknown): never {
  if (isTitleViolation(err)) throw titleTaken();
  throw err;
}

/** Sanitized HTML and its plain text; an empty result (e.g. only a script) counts as missing content. */
export function prepareContent(html: string): { content: string; text: string; words: number } {
  const content = sanitizeArticleHtml(html);
  const text = htmlToText(content);
  if (!text && !content.includes('<img')) throw missing('content');
  return { content, text, words: text ? text.split(' ').length : 0 };
}

function toDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  return value === null ? null : new Date(value);
}

export async function articleKey(db: Queryable, title: string, exceptId = 0): Promise<string> {
  const base = slugify(title).slice(0, CONTENT_LIMITS.slug - 8).replace(/-+$/, '') || 'artigo';
  return nextFreeKey(base, await articles.keysLike(db, base, exceptId));
}

async function assertCategories(db: Queryable, ids: readonly number[]): Promise<void> {
  const found = await categories.existingIds(db, ids);
  if (found.length !== new Set(ids).size) {
    throw new BadRequestError('VALIDATION_ERROR', [{ property: 'category_ids', message: { isValid: 'Category not found' } }]);
  }
}

export class ArticlesService {
  constructor(private readonly deps: ServiceDeps) {}

  private async present(db: Queryable, id: number): Promise<Article> {
    const row = await articles.findById(db, id);
    if (!row) throw new NotFoundError();
    return toArticle(row, this.deps.storage);
  }
  /** When the article is public as the database has it in `db` now (published: its public_at), else null. */
  private async publicAt(db: Queryable, id: number): Promise<Date | null> {
    const rows = await db.query<{ at: Date | null }>("SELECT CASE WHEN status = 'published' THEN public_at END AS at FROM articles WHERE id = $1", [id]);
    return rows[0]?.at ?? null;
  }

  /**
   * The `article.published` webhook event, in step with a change in `tx`: sent when the article becomes public by
   * it (now, or at its scheduled time: the event is written for then, and dropped again if the schedule changes
   * before), never for an edit of an article already public. `before`: publicAt before the change.
   */
  private async publishedEvent(tx: Queryable, id: number, before: Date | null, article: Article | null): Promise<void> {
    const record = `article:${id}`;
    await webhookDeliveries.dropScheduled(tx, record, 'article.published');
    const now = new Date();
    if (!article || (before !== null && before <= now)) return;
    const after = await this.publicAt(tx, id);
    if (after === null) return;
    const url = `${this.deps.config.publicUrl}${buildPath(PUBLIC_ROUTES.post, { uniqueKey: article.unique_key, id })}`;
    await emitWebhook(tx, this.deps.jobs, 'article.published', record, () => ({ ...article, url }), after > now ? after : undefined);
  }


  async get(id: number, key: string): Promise<Article> {
    const row = await articles.findByIdAndKey(this.deps.db, id, key);
    if (!row) throw new NotFoundError();
    return toArticle(row, this.deps.storage);
  }

  async list(input: ArticlesListInput): Promise<ListPage<Article>> {
    const limit = input.limit ?? 10;
    const page = input.page ?? 1;
    const { rows, total } = await articles.list(this.deps.db, { ...input, limit, page });
    return { items: rows.map((r) => toArticle(r, this.deps.storage)), total, page, limit };
  }

  async create(principal: Principal, input: ArticleCreateInput): Promise<Article> {
    const title = cleanTitle(input.title);
    if (!title) throw missing('title');
    const body = prepareContent(input.content);
    const excerpt = input.excerpt?.trim() || defaultExcerpt(body.text);
    const status: ArticleStatus = input.status ?? 'draft';
    return this.deps.db
      .transaction(async (tx) => {
        if (await articles.titleTaken(tx, title)) throw titleTaken();
        await assertImage(tx, input.image_id, 'image_id');
        await assertImage(tx, input.social_image_id, 'social_image_id');
        await assertCategories(tx, input.category_ids);
        const id = await articles.insert(tx, {
          unique_key: await articleKey(tx, title),
          title,
          excerpt,
          content: body.content,
          content_text: body.text,
          word_count: body.words,
          image_id: input.image_id,
          social_image_id: input.social_image_id ?? null,
          meta_description: input.meta_description?.trim() ?? '',
          author_id: principal.user.id,
          status,
          emphasis: input.emphasis ?? false,
          publish_at: toDate(input.publish_at) ?? null,
          published_at: status === 'published' ? new Date() : null,
        });
        await articles.setCategories(tx, id, input.category_ids);
        await articles.refreshSearch(tx, id);
        await articles.addRevision(tx, { article_id: id, kind: 'save', title, excerpt, content: body.content, author_id: principal.user.id });
        await contentVersion.bump(tx);
        const article = await this.present(tx, id);
        await this.publishedEvent(tx, id, null, article);
        return article;
      })
      .catch(mapErrors)
      .finally(() => wakeWebhooks(this.deps.jobs));
  }

  /** A save: every field optional, the same rules; keeps a revision. */
  async update(principal: Principal, id: number, key: string, input: ArticleUpdateInput): Promise<Article> {
    const title = input.title === undefined ? undefined : cleanTitle(input.title);
    if (title === '') throw missing('title');
    const body = input.content !== undefined ? prepareContent(input.content) : undefined;
    return this.deps.db
      .transaction(async (tx) => {
        const locked = await articles.lockByIdAndKey(tx, id, key);
        if (!locked) throw new NotFoundError();
        const current = await articles.findById(tx, id);
        if (!current) throw new NotFoundError();
        const publicBefore = await this.publicAt(tx, id);
        if (title !== undefined && title.toLowerCase() !== current.title.toLowerCase() && (await articles.titleTaken(tx, title, id))) throw titleTaken();
        if (input.image_id !== undefined) await assertImage(tx, input.image_id, 'image_id');
        await assertImage(tx, input.social_image_id, 'social_image_id');
        if (input.category_ids) await assertCategories(tx, input.category_ids);

        // An excerpt left to its default follows the body.
        const autoExcerpt = current.excerpt === defaultExcerpt(current.content_text);
        const excerpt = input.excerpt !== undefined ? input.excerpt.trim() || defaultExcerpt((body ?? { text: current.content_text }).text) : body && autoExcerpt ? defaultExcerpt(body.text) : undefined;
        const status = input.status;
        const newTitle = title ?? current.title;
        await articles.update(tx, id, {
          ...(title !== undefined ? { title } : {}),
          ...(this.slugChange(current, title) ? { unique_key: await articleKey(tx, newTitle, id) } : {}),
          ...(excerpt !== undefined ? { excerpt } : {}),
          ...(body ? { content: body.content, content_text: body.text, word_count: body.words } : {}),
          ...(input.image_id !== undefined ? { image_id: input.image_id } : {}),
          ...(input.social_image_id !== undefined ? { social_image_id: input.social_image_id } : {}),
          ...(input.meta_description !== undefined ? { meta_description: input.meta_description.trim() } : {}),
          ...(input.emphasis !== undefined ? { emphasis: input.emphasis } : {}),
          ...(input.publish_at !== undefined ? { publish_at: toDate(input.publish_at) ?? null } : {}),
          ...(status !== undefined ? { status } : {}),
          ...(status === 'published' && !current.published_at ? { published_at: new Date() } : {}),
        });
        if (input.category_ids) await articles.setCategories(tx, id, input.category_ids);
        await articles.refreshSearch(tx, id);
        if (input.category_ids) await translations.refreshSearchOfArticle(tx, id);
        await articles.addRevision(tx, {
          article_id: id,
          kind: 'save',
          title: newTitle,
          excerpt: excerpt ?? current.excerpt,
          content: body?.content ?? current.content,
          author_id: principal.user.id,
        });
        await contentVersion.bump(tx);
        const article = await this.present(tx, id);
        await this.publishedEvent(tx, id, publicBefore, article);
        return article;
      })
      .catch(mapErrors)
      .finally(() => wakeWebhooks(this.deps.jobs));
  }

  /** The slug follows the title only while the article has never been published. */
  private slugChange(current: { title: string; status: string; published_at: Date | null; unique_key: string }, title: string | undefined): boolean {
    if (title === undefined || current.status !== 'draft' || current.published_at) return false;
    return slugify(title) !== slugify(current.title);
  }

  /**
   * Autosave: a draft takes the new title/excerpt/content at once (an empty or
   * taken title keeps the current one); a published article keeps its live
   * text. Either way the article's one autosave revision is replaced.
   */
  async autosave(principal: Principal, id: number, key: string, input: ArticleAutosaveInput): Promise<Article> {
    const content = input.content !== undefined ? sanitizeArticleHtml(input.content) : undefined;
    return this.deps.db
      .transaction(async (tx) => {
        const locked = await articles.lockByIdAndKey(tx, id, key);
        if (!locked) throw new NotFoundError();
        const current = await articles.findById(tx, id);
        if (!current) throw new NotFoundError();
        const title = cleanTitle(input.title ?? '') || current.title;
        const excerpt = input.excerpt?.trim() ?? current.excerpt;
        if (current.status === 'draft') {
          const titleOk = title.toLowerCase() === current.title.toLowerCase() || !(await articles.titleTaken(tx, title, id));
          const text = content !== undefined ? htmlToText(content) : undefined;
          await articles.update(tx, id, {
            ...(titleOk && title !== current.title ? { title } : {}),
            ...(titleOk && this.slugChange(current, title) ? { unique_key: await articleKey(tx, title, id) } : {}),
            ...(input.excerpt !== undefined ? { excerpt } : {}),
            ...(content && text !== undefined ? { content, content_text: text, word_count: text ? text.split(' ').length : 0 } : {}),
          });
          await articles.refreshSearch(tx, id);
        }
        await articles.upsertAutosave(tx, { article_id: id, title, excerpt, content: content ?? current.content, author_id: principal.user.id });
        return this.present(tx, id);
      })
      .catch(mapErrors);
  }

  async changeStatus(id: number, key: string, status: ArticleStatus): Promise<Article> {
    return this.deps.db.transaction(async (tx) => {
      const locked = await articles.lockByIdAndKey(tx, id, key);
      if (!locked) throw new NotFoundError();
      const publicBefore = await this.publicAt(tx, id);
      await articles.update(tx, id, { status, ...(status === 'published' && !locked.published_at ? { published_at: new Date() } : {}) });
      await contentVersion.bump(tx);
      const article = await this.present(tx, id);
      await this.publishedEvent(tx, id, publicBefore, article);
      return article;
    }).finally(() => wakeWebhooks(this.deps.jobs));
  }

  async remove(id: number, key: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const locked = await articles.lockByIdAndKey(tx, id, key);
      if (!locked) throw new NotFoundError();
      await articles.remove(tx, id);
      await this.publishedEvent(tx, id, null, null);
      await contentVersion.bump(tx);
    });
  }

  /** One language's revisions: the original's (pt-BR) or a translation's. */
  async revisions(id: number, key: string, locale: Locale = 'pt-BR'): Promise<Revision[]> {
    const row = await articles.findByIdAndKey(this.deps.db, id, key);
    if (!row) throw new NotFoundError();
    return (await articles.listRevisions(this.deps.db, id, locale)).map(toRevision);
  }

  /** Puts a revision's title, excerpt and content back (a new 'restore' revision records it). */
  async restore(principal: Principal, id: number, key: string, revisionId: number): Promise<Article> {
    return this.deps.db
      .transaction(async (tx) => {
        const locked = await articles.lockByIdAndKey(tx, id, key);
        if (!locked) throw new NotFoundError();
        const revision = await articles.findRevision(tx, id, revisionId);
        if (!revision) throw new NotFoundError();
        if (revision.locale !== 'pt-BR') {
          await this.restoreTranslation(tx, principal, id, revision);
          await contentVersion.bump(tx);
          return this.present(tx, id);
        }
        const title = revision.title.trim() || locked.title;
        if (title.toLowerCase() !== locked.title.toLowerCase() && (await articles.titleTaken(tx, title, id))) throw titleTaken();
        const body = prepareContent(revision.content);
        await articles.update(tx, id, {
          title,
          ...(this.slugChange(locked, title) ? { unique_key: await articleKey(tx, title, id) } : {}),
          excerpt: revision.excerpt,
          content: body.content,
          content_text: body.text,
          word_count: body.words,
        });
        await articles.refreshSearch(tx, id);
        await articles.addRevision(tx, { article_id: id, kind: 'restore', title, excerpt: revision.excerpt, content: body.content, author_id: principal.user.id });
        await contentVersion.bump(tx);
        return this.present(tx, id);
      })
      .catch(mapErrors);
  }

  // ---- translations (docs/decisions/content-languages.md)

  private async articleId(db: Queryable, id: number, key: string): Promise<number> {
    const row = await articles.lockByIdAndKey(db, id, key);
    if (!row) throw new NotFoundError();
    return row.id;
  }

  /** The article's translations (the original is the article itself). */
  async translations(id: number, key: string): Promise<ArticleTranslation[]> {
    const row = await articles.findByIdAndKey(this.deps.db, id, key);
    if (!row) throw new NotFoundError();
    return (await translations.listFor(this.deps.db, id)).map(toTranslation);
  }

  /**
   * Writes one language's translation whole, with a revision; its state is its own (the original and the other
   * translations never change). Left out, `status` is kept (a new translation: draft, or scheduled with a
   * publish_at); `published_at` is set on its first publication.
   */
  async saveTranslation(principal: Principal, id: number, key: string, locale: TranslationLocale, input: ArticleTranslationInput): Promise<ArticleTranslation> {
    const title = cleanTitle(input.title);
    if (!title) throw missing('title');
    const body = prepareContent(input.content);
    const excerpt = input.excerpt?.trim() || defaultExcerpt(body.text);
    return this.deps.db.transaction(async (tx) => {
      await this.articleId(tx, id, key);
      const current = await translations.lock(tx, id, locale);
      const existing = current ? await translations.find(tx, id, locale) : undefined;
      const publishAt = input.publish_at !== undefined ? toDate(input.publish_at) ?? null : existing?.publish_at ?? null;
      const status = input.status ?? (current ? (current.status as 'draft' | 'published') : input.publish_at ? 'published' : 'draft');
      await translations.save(tx, id, locale, {
        title,
        excerpt,
        content: body.content,
        content_text: body.text,
        word_count: body.words,
        image_alt: input.image_alt !== undefined ? input.image_alt.trim() : existing?.image_alt ?? '',
        seo_description: input.seo_description !== undefined ? input.seo_description.trim() : existing?.seo_description ?? '',
        status,
        publish_at: publishAt,
        published_at: current?.published_at ?? (status === 'published' ? new Date() : null),
        author_id: principal.user.id,
      });
      await articles.addRevision(tx, { article_id: id, kind: 'save', title, excerpt, content: body.content, author_id: principal.user.id, locale });
      await contentVersion.bump(tx);
      const saved = await translations.find(tx, id, locale);
      if (!saved) throw new NotFoundError();
      return toTranslation(saved);
    });
  }

  /** Deletes one language's translation (its revisions stay with the article); the others and the original stay as they are. */
  async removeTranslation(id: number, key: string, locale: TranslationLocale): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.articleId(tx, id, key);
      if (!(await translations.remove(tx, id, locale))) throw new NotFoundError();
      await contentVersion.bump(tx);
    });
  }

  /** A translation's revision put back: its text only (its state stays); a deleted translation comes back as a draft. */
  private async restoreTranslation(tx: Queryable, principal: Principal, id: number, revision: articles.RevisionRow): Promise<void> {
    const locale = revision.locale as TranslationLocale;
    const current = await translations.lock(tx, id, locale);
    const existing = current ? await translations.find(tx, id, locale) : undefined;
    const body = prepareContent(revision.content);
    await translations.save(tx, id, locale, {
      title: revision.title,
      excerpt: revision.excerpt,
      content: body.content,
      content_text: body.text,
      word_count: body.words,
      image_alt: existing?.image_alt ?? '',
      seo_description: existing?.seo_description ?? '',
      status: existing?.status ?? 'draft',
      publish_at: existing?.publish_at ?? null,
      published_at: existing?.published_at ?? null,
      author_id: principal.user.id,
    });
    await articles.addRevision(tx, { article_id: id, kind: 'restore', title: revision.title, excerpt: revision.excerpt, content: body.content, author_id: principal.user.id, locale });
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_LOCALE, type Locale } from '@vitrine/contracts';
import type { ArticleCard, AuthorProfile, HomeSections, ListPage, PublicArticle, PublicArticlesInput, PublicCategory, SearchInput } from '@vitrine/contracts';
import type { ReadResult, SearchPage } from '@vitrine/contracts/schemas';
import { slugify } from '@vitrine/utils';
import { NotFoundError } from '../errors';
import { HIGHLIGHT_START, HIGHLIGHT_STOP, highlightToHtml } from '../lib/html';
import { Semaphore } from '../lib/semaphore';
import * as articles from '../repositories/articles';
import * as categories from '../repositories/categories';
import * as reads from '../repositories/reads';
import type { ServiceDeps } from './context';
import { toArticle, toAuthor, toCard, toChip, toPublicCategory } from './content-presenters';

export const HOME_SIZES = { emphasis: 4, recent: 6, popular: 6, tendencies: 4 } as const;
export const POPULAR_DAYS = 30;
export const READ_WINDOW_MINUTES = 30;
export const RELATED_SIZE = 4;
export const OTHER_AUTHORS = 6;
/**
 * A search ranks at most this many matches, the newest; a broader one answers `partial: true` with this
 * total (docs/performance.md, "Database queries at 10 000 articles"). Ranking reads each candidate's vector.
 */
export const SEARCH_CANDIDATES = 1000;
/** Crawlers, link previews, monitors and scripts: their visits never count as reads. */
export const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|skypeuripreview|headlesschrome|phantomjs|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python-requests|python-urllib|go-http-client|java\/|okhttp|axios\/|node-fetch|libwww|httpclient|scrapy/i;

/** ts_headline options: two fragments, matches between control-character markers turned into <mark> after escaping. */
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … "`;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_USER_AGENT.test(userAgent);
}

export class PublicContentService {
  /**
   * Heavy public reads (every search) run at most `heavyReadConcurrency`
   * at once per process, `heavyReadQueue` more wait, the rest get 503 SERVER_BUSY: 40 anonymous
   * broad searches cannot queue 40 statements in front of everyone (docs/decisions/faults.md).
   */
  readonly heavyReads: Semaphore;

  constructor(private readonly deps: ServiceDeps) {
    this.heavyReads = new Semaphore(deps.config.heavyReadConcurrency, deps.config.heavyReadQueue);
  }

  private cards(rows: articles.ArticleRow[]): ArticleCard[] {
    return rows.map((r) => toCard(r, this.deps.storage));
  }

  /**
   * The home sections (category names in `lang`, pt-BR fallback). The heaviest public read: its route keeps the
   * answer in the answer cache (one per content version and language), the only cache in front of it.
   */
  async home(lang: Locale = DEFAULT_LOCALE): Promise<HomeSections> {
    const db = this.deps.db;
    const [emphasis, recent, popular, tendencies, tags] = await Promise.all([
      articles.listPublic(db, { limit: HOME_SIZES.emphasis, offset: 0, emphasis: true, lang }),
      articles.listPublic(db, { limit: HOME_SIZES.recent, offset: 0, lang }),
      articles.popular(db, POPULAR_DAYS, HOME_SIZES.popular, lang),
      articles.tendencies(db, HOME_SIZES.tendencies, lang),
      categories.activeWithCounts(db, lang),
    ]);
    return {
      emphasis: this.cards(emphasis),
      recent: this.cards(recent),
      popular: this.cards(popular),
      tendencies: this.cards(tendencies),
      tags: tags
        .filter((c) => c.visible > 0)
        .sort((a, b) => b.visible - a.visible || a.name.localeCompare(b.name))
        .map((c) => ({ category: toChip(c), count: c.visible })),
    };
  }

  private async categoryId(key: string | undefined): Promise<number | undefined> {
    if (key === undefined) return undefined;
    const category = await categories.findActiveByKey(this.deps.db, key);
    if (!category) throw new NotFoundError();
    return category.id;
  }

  /** Any page costs about what page 1 costs (cards are built for the page's rows only): never capped. */
  async articles(input: PublicArticlesInput, lang: Locale = DEFAULT_LOCALE): Promise<ListPage<ArticleCard>> {
    const limit = input.limit ?? 12;
    const page = input.page ?? 1;
    const categoryId = await this.categoryId(input.category);
    const [rows, total] = await Promise.all([
      articles.listPublic(this.deps.db, { limit, offset: (page - 1) * limit, categoryId, lang }),
      articles.countPublic(this.deps.db, { categoryId }),
    ]);
    return { items: this.cards(rows), total, page, limit };
  }

  /** The whole search (its topic lookup too) holds one heavy-read slot, so a burst never fills the database's queue. */
  search(input: SearchInput, lang: Locale = DEFAULT_LOCALE): Promise<SearchPage> {
    return this.heavyReads.run(() => this.readSearch(input, lang));
  }

  private async readSearch(input: SearchInput, lang: Locale): Promise<SearchPage> {
    const limit = input.limit ?? 12;
    const page = input.page ?? 1;
    const q = input.q.trim();
    const categoryId = await this.categoryId(input.category);
    const topic = q ? await categories.findActiveByNameOrKey(this.deps.db, q, slugify(q), lang) : undefined;
    if (!q) return { items: [], total: 0, page, limit, topic: null, partial: false };
    const { rows, total, partial } = await articles.search(this.deps.db, {
      q,
      limit,
      offset: (page - 1) * limit,
      categoryId,
      topicId: topic?.id,
      headlineOptions: HEADLINE_OPTIONS,
      candidates: SEARCH_CANDIDATES,
      lang,
    });
    return {
      items: rows.map((r) => toCard(r, this.deps.storage, highlightToHtml(r.headline ?? ''))),
      total,
      page,
      limit,
      topic: topic ? toChip(topic) : null,
      partial,
    };
  }

  async article(id: number, key: string, lang: Locale = DEFAULT_LOCALE): Promise<PublicArticle> {
    const row = await articles.findPublic(this.deps.db, id, key, lang);
    if (!row) throw new NotFoundError();
    const related = await articles.related(this.deps.db, id, RELATED_SIZE, lang);
    return { article: toArticle(row, this.deps.storage), related: this.cards(related) };
  }

  async author(id: number, key: string, lang: Locale = DEFAULT_LOCALE): Promise<AuthorProfile> {
    const author = await articles.findPublicAuthor(this.deps.db, id, key);
    if (!author) throw new NotFoundError();
    const [rows, others] = await Promise.all([
      articles.listPublic(this.deps.db, { limit: 48, offset: 0, authorId: id, lang }),
      articles.publicAuthors(this.deps.db, id, OTHER_AUTHORS),
    ]);
    return { author: toAuthor(author), articles: this.cards(rows), others: others.map(toAuthor) };
  }

  /** Active categories, named and described in `lang` (pt-BR fallback) and ordered by the name. */
  async categories(lang: Locale = DEFAULT_LOCALE): Promise<PublicCategory[]> {
    return (await categories.activeWithCounts(this.deps.db, lang)).map(toPublicCategory);
  }

  /**
   * One read per visitor per article per 30 minutes. The visitor is
   * sha256(ip + user agent + today's salt): nothing identifying is stored, and
   * hashes cannot be linked across days. Bots never count.
   */
  async read(id: number, ip: string, userAgent: string | undefined): Promise<ReadResult> {
    const db = this.deps.db;
    if (!(await articles.isVisible(db, id))) throw new NotFoundError();
    if (isBot(userAgent)) return { counted: false };
    const salt = await reads.dailySalt(db, randomBytes(16).toString('hex'));
    const visitor = createHash('sha256').update(`${ip}\n${userAgent ?? ''}\n${salt}`).digest('hex');
    const counted = await db.transaction(async (tx) => {
      const fresh = await reads.claimRead(tx, visitor, id, READ_WINDOW_MINUTES);
      if (fresh) await reads.addRead(tx, id);
      return fresh;
    });
    return { counted };
  }
}

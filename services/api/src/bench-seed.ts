// Bulk content for benchmarks (scripts/bench-seed.mjs, `npm run bench`): never loaded by the server.
//
// Thousands of published pt-BR-ish articles generated from word lists, 1–3 categories each,
// spread over the authors and over two years, with reads over the last five weeks. Set-based:
// multi-row inserts through unnest() in one transaction; the search vectors are filled by the
// app's own statement (articles.refreshSearchOfIds), so search behaves as for articles saved
// through the API. Needs the categories and authors of the demo seed (or any others).
import { slugify } from '@vitrine/utils';
import type { Db, Queryable } from './db';
import { defaultExcerpt, htmlToText } from './lib/html';
import * as articles from './repositories/articles';

export interface BenchSeedOptions {
  /** How many articles to add (10 000 for `npm run bench`). */
  count: number;
  /** Rows per INSERT statement. */
  batch?: number;
  /** The clock the dates are spread back from (tests). */
  now?: Date;
}

export interface BenchSeedResult {
  articles: number;
  categoryLinks: number;
  reads: number;
  ms: number;
}

/** A word that appears in about one article in 400: the selective search of the benchmark. */
export const RARE_TERM = 'criptografia quântica';
export const RARE_EVERY = 397;

const DAY = 86_400_000;
const SPAN_DAYS = 730;

/** Subject, the category it belongs to (by unique_key) and a plural noun for the sentences. */
const SUBJECTS: { s: string; cat: string }[] = [
  { s: 'inteligência artificial', cat: 'tecnologia' },
  { s: 'computação em nuvem', cat: 'tecnologia' },
  { s: 'segurança da informação', cat: 'tecnologia' },
  { s: 'automação de processos', cat: 'tecnologia' },
  { s: 'análise de dados', cat: 'tecnologia' },
  { s: 'desenvolvimento de software', cat: 'tecnologia' },
  { s: 'aplicativos móveis', cat: 'tecnologia' },
  { s: 'infraestrutura de redes', cat: 'tecnologia' },
  { s: 'design de interfaces', cat: 'design' },
  { s: 'experiência do usuário', cat: 'design' },
  { s: 'acessibilidade digital', cat: 'design' },
  { s: 'identidade visual', cat: 'design' },
  { s: 'tipografia', cat: 'design' },
  { s: 'pesquisa com usuários', cat: 'design' },
  { s: 'marketing de conteúdo', cat: 'marketing' },
  { s: 'otimização para buscadores', cat: 'marketing' },
  { s: 'e-mail marketing', cat: 'marketing' },
  { s: 'redes sociais', cat: 'marketing' },
  { s: 'gestão de marca', cat: 'marketing' },
  { s: 'publicidade digital', cat: 'marketing' },
  { s: 'comércio eletrônico', cat: 'comercio' },
  { s: 'varejo físico', cat: 'comercio' },
  { s: 'precificação', cat: 'comercio' },
  { s: 'logística de entrega', cat: 'comercio' },
  { s: 'atendimento pós-venda', cat: 'comercio' },
  { s: 'vendas consultivas', cat: 'comercio' },
  { s: 'recrutamento e seleção', cat: 'recursos-humanos' },
  { s: 'trabalho híbrido', cat: 'recursos-humanos' },
  { s: 'feedback contínuo', cat: 'recursos-humanos' },
  { s: 'saúde mental no trabalho', cat: 'recursos-humanos' },
  { s: 'desenvolvimento de lideranças', cat: 'recursos-humanos' },
  { s: 'cultura organizacional', cat: 'recursos-humanos' },
  { s: 'inovação aberta', cat: 'inovacao' },
  { s: 'experimentação rápida', cat: 'inovacao' },
  { s: 'sustentabilidade', cat: 'inovacao' },
  { s: 'novos modelos de negócio', cat: 'inovacao' },
  { s: 'economia circular', cat: 'inovacao' },
  { s: 'transformação digital', cat: 'inovacao' },
  { s: 'produtos digitais', cat: 'inovacao' },
  { s: 'internet das coisas', cat: 'tecnologia' },
];

const AUDIENCES = [
  'pequenas empresas', 'startups', 'indústrias', 'escritórios de contabilidade', 'lojas de bairro', 'clínicas', 'escolas', 'restaurantes',
  'equipes remotas', 'times de produto', 'gestores', 'lideranças', 'equipes de vendas', 'equipes de suporte', 'agências', 'cooperativas',
  'empresas familiares', 'prestadores de serviço', 'e-commerces', 'hospitais', 'construtoras', 'transportadoras', 'hotéis', 'ONGs', 'órgãos públicos',
];

const TITLE_PATTERNS: ((s: string, a: string) => string)[] = [
  (s, a) => `Guia prático de ${s} para ${a}`,
  (s, a) => `${cap(s)} em ${a}: por onde começar`,
  (s, a) => `O que ${a} precisam saber sobre ${s}`,
  (s, a) => `${cap(s)} para ${a}: erros comuns e como evitar`,
  (s, a) => `Cinco lições de ${s} aprendidas com ${a}`,
  (s, a) => `Como medir resultados de ${s} em ${a}`,
  (s, a) => `${cap(s)} sem complicação para ${a}`,
  (s, a) => `Um ano de ${s} em ${a}: o que mudou`,
  (s, a) => `Checklist de ${s} para ${a}`,
  (s, a) => `${cap(s)}: tendências para ${a}`,
  (s, a) => `Perguntas frequentes sobre ${s} em ${a}`,
  (s, a) => `Estudo de caso: ${s} em ${a}`,
];

const HEADINGS = ['Contexto', 'Por que isso importa agora', 'Primeiros passos', 'O que observar no caminho', 'Erros comuns', 'Como medir os resultados', 'Um exemplo real', 'Ferramentas úteis', 'Próximos passos', 'Conclusão'];
const VERBS = ['planejar', 'medir', 'testar', 'documentar', 'priorizar', 'simplificar', 'automatizar', 'revisar', 'comunicar', 'acompanhar', 'integrar', 'padronizar'];
const NOUNS = ['processos', 'indicadores', 'clientes', 'equipes', 'orçamentos', 'prazos', 'ferramentas', 'contratos', 'fornecedores', 'metas', 'relatórios', 'canais', 'projetos', 'custos', 'dados', 'riscos'];
const ADJECTIVES = ['simples', 'claros', 'consistentes', 'mensuráveis', 'sustentáveis', 'flexíveis', 'seguros', 'rápidos', 'transparentes', 'realistas'];
const SENTENCES: ((s: string, a: string, w: () => string, v: () => string, j: () => string) => string)[] = [
  (s, a) => `Nos últimos anos, ${s} deixou de ser assunto de especialistas e passou a fazer parte da rotina de ${a}.`,
  (s, a, w, v) => `O primeiro passo é ${v()} os ${w()} atuais antes de escolher qualquer solução.`,
  (s, a, w, v, j) => `Ciclos curtos, com ${w()} ${j()} e revisões frequentes, entregam resultados mais consistentes.`,
  (s, a, w) => `Quem trabalha com ${s} sabe que os ${w()} mudam mais rápido do que os planos.`,
  (s, a, w, v) => `Vale ${v()} os ${w()} toda semana e compartilhar os números com o time.`,
  (s, a) => `Em ${a}, a diferença costuma aparecer nas pequenas decisões do dia a dia.`,
  (s, a, w, v, j) => `Sem ${w()} ${j()}, fica difícil ${v()} o que realmente funciona.`,
  (s) => `Não existe receita pronta: adaptar ${s} à realidade da empresa faz parte do trabalho.`,
  (s, a, w, v) => `Um bom ponto de partida é ${v()} dois ou três ${w()} e acompanhar a evolução mês a mês.`,
  (s, a, w) => `Os ${w()} de hoje serão a base das decisões de amanhã, por isso merecem cuidado.`,
  (s, a, w, v, j) => `Equipes que aprendem a ${v()} com ${w()} ${j()} erram menos e corrigem o rumo mais cedo.`,
  (s, a) => `Conversar com ${a} que já passaram por isso economiza meses de tentativa e erro.`,
];

function cap(s: string): string {
  return `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}`;
}

/** mulberry32: the same articles on every run. */
function rng(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let x = Math.imul(t ^ (t >>> 15), 1 | t);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface GeneratedArticle {
  title: string;
  content: string;
  /** Category unique_keys, the subject's first. */
  categories: string[];
}

/** Article `index`: a title unique for index < 12 000 (a numbered suffix beyond), 3–6 sections of 2–4 paragraphs. */
export function benchArticle(index: number): GeneratedArticle {
  const random = rng(index + 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const subject = SUBJECTS[index % SUBJECTS.length] ?? SUBJECTS[0]!;
  const audience = AUDIENCES[Math.floor(index / SUBJECTS.length) % AUDIENCES.length] ?? 'empresas';
  const pattern = TITLE_PATTERNS[Math.floor(index / (SUBJECTS.length * AUDIENCES.length)) % TITLE_PATTERNS.length] ?? TITLE_PATTERNS[0]!;
  const round = Math.floor(index / (SUBJECTS.length * AUDIENCES.length * TITLE_PATTERNS.length));
  const title = `${pattern(subject.s, audience)}${round > 0 ? ` (${round + 1})` : ''}`;
  const w = () => pick(NOUNS);
  const v = () => pick(VERBS);
  const j = () => pick(ADJECTIVES);
  const paragraph = (count: number) =>
    `<p>${Array.from({ length: count }, () => pick(SENTENCES)(subject.s, audience, w, v, j)).join(' ')}</p>`;
  const parts = [paragraph(3)];
  const sections = 3 + Math.floor(random() * 4);
  const first = Math.floor(random() * HEADINGS.length);
  for (let s = 0; s < sections; s += 1) {
    parts.push(`<h2>${HEADINGS[(first + s) % HEADINGS.length] ?? ''}</h2>`);
    const paragraphs = 2 + Math.floor(random() * 3);
    for (let p = 0; p < paragraphs; p += 1) parts.push(paragraph(2 + Math.floor(random() * 3)));
    if (s === 1) parts.push(`<ul>${Array.from({ length: 4 }, () => `<li>${cap(v())} os ${w()} ${j()}</li>`).join('')}</ul>`);
  }
  if (index % RARE_EVERY === 0) parts.push(`<p>Uma aposta de longo prazo: ${RARE_TERM} e o que ela pode mudar para ${audience}.</p>`);
  const categories = [subject.cat];
  const extra = Math.floor(random() * 3); // 0–2 more
  const others = ['tecnologia', 'design', 'marketing', 'comercio', 'recursos-humanos', 'inovacao'].filter((c) => c !== subject.cat);
  for (let e = 0; e < extra; e += 1) {
    const c = pick(others);
    if (!categories.includes(c)) categories.push(c);
  }
  return { title, content: parts.join(''), categories };
}

/**
 * Inserts `count` published articles in one transaction. Categories are matched by
 * unique_key (the demo's six); authors are the active users with article_management;
 * covers are reused from the images already stored. Bumps the content version and ANALYZEs.
 */
export async function seedBenchArticles(db: Db, options: BenchSeedOptions): Promise<BenchSeedResult> {
  const started = Date.now();
  const batch = options.batch ?? 500;
  const now = (options.now ?? new Date()).getTime();
  const result = await db.transaction(async (tx) => {
    const cats = new Map(
      (await tx.query<{ id: number; unique_key: string }>('SELECT id, unique_key FROM categories ORDER BY id')).map((c) => [c.unique_key, c.id]),
    );
    const allCats = [...cats.values()];
    if (allCats.length === 0) throw new Error('bench seed: no categories (seed the demo content first)');
    const authors = (
      await tx.query<{ id: number }>(
        `SELECT u.id FROM users u WHERE u.status = 'active'
           AND EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_name = 'article_management') ORDER BY u.id`,
      )
    ).map((r) => r.id);
    if (authors.length === 0) throw new Error('bench seed: no authors with article_management');
    const covers = (await tx.query<{ id: string }>('SELECT DISTINCT image_id AS id FROM articles WHERE image_id IS NOT NULL ORDER BY 1')).map((r) => r.id);

    const ids: number[] = [];
    let links = 0;
    for (let from = 0; from < options.count; from += batch) {
      const cols = { key: [] as string[], title: [] as string[], excerpt: [] as string[], content: [] as string[], text: [] as string[] };
      const words: number[] = [];
      const author: number[] = [];
      const image: (string | null)[] = [];
      const emphasis: boolean[] = [];
      const published: string[] = [];
      const categoryLists: number[][] = [];
      for (let i = from; i < Math.min(options.count, from + batch); i += 1) {
        const a = benchArticle(i);
        const text = htmlToText(a.content);
        cols.key.push(slugify(a.title));
        cols.title.push(a.title);
        cols.excerpt.push(defaultExcerpt(text));
        cols.content.push(a.content);
        cols.text.push(text);
        words.push(text.split(' ').length);
        // Uneven: the first author writes about a third of everything.
        author.push(authors[i % 3 === 0 ? 0 : i % authors.length] ?? authors[0]!);
        image.push(covers.length ? (covers[i % covers.length] ?? null) : null);
        emphasis.push(i % 200 === 7);
        // Oldest first, so ids grow with the date; the newest is one hour old.
        const age = ((options.count - 1 - i) / Math.max(1, options.count)) * SPAN_DAYS * DAY + 3_600_000 + ((i * 7919) % 36_000_000);
        published.push(new Date(now - age).toISOString());
        categoryLists.push(a.categories.map((k) => cats.get(k)).filter((id): id is number => id !== undefined));
      }
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO articles (unique_key, title, excerpt, content, content_text, word_count, image_id, author_id, status, emphasis,
                               published_at, created_at, updated_at)
         SELECT k, t, e, c, x, w, img, au, 'published', em, p, p, p
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::int[], $9::bool[], $10::timestamptz[])
              WITH ORDINALITY AS v(k, t, e, c, x, w, img, au, em, p, n)
         ORDER BY n RETURNING id`,
        [cols.key, cols.title, cols.excerpt, cols.content, cols.text, words, image, author, emphasis, published],
      );
      const batchIds = inserted.map((r) => r.id).sort((x, y) => x - y);
      const linkArticle: number[] = [];
      const linkCategory: number[] = [];
      batchIds.forEach((id, k) => {
        const list = categoryLists[k]?.length ? categoryLists[k] : [allCats[k % allCats.length] ?? allCats[0]!];
        for (const c of list ?? []) {
          linkArticle.push(id);
          linkCategory.push(c);
        }
      });
      await tx.query('INSERT INTO article_categories (article_id, category_id) SELECT * FROM unnest($1::int[], $2::int[])', [linkArticle, linkCategory]);
      links += linkArticle.length;
      ids.push(...batchIds);
    }
    // The app's own statement: title (A), excerpt + categories + author (B), body (C).
    for (let k = 0; k < ids.length; k += 2000) await articles.refreshSearchOfIds(tx, ids.slice(k, k + 2000));
    const reads = await seedReads(tx, ids[0] ?? 0);
    await tx.query('UPDATE content_version SET version = version + 1');
    return { articles: ids.length, categoryLinks: links, reads };
  });
  // The steady state autovacuum reaches on PostgreSQL soon after a bulk load: statistics and the
  // visibility map (index-only scans). PGlite has no autovacuum: see docs/performance.md.
  // One statement per call: VACUUM cannot run in the implicit transaction of a multi-statement string.
  for (const table of ['articles', 'article_categories', 'article_reads_daily']) await db.exec(`VACUUM ANALYZE ${table}`);
  return { ...result, ms: Date.now() - started };
}

/**
 * Reads over the last 35 days (UTC) for the articles from `firstId` on: every day for
 * articles younger than 60 days (fading with age), one day in seven for older ones,
 * and every eleventh article trending this week.
 */
async function seedReads(db: Queryable, firstId: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH today AS (SELECT (now() AT TIME ZONE 'UTC')::date AS d),
     ins AS (
       INSERT INTO article_reads_daily (article_id, day, reads)
       SELECT a.id, today.d - g.day,
              GREATEST(1, (5 + (a.id * 37) % 40) * (35 - g.day) / 35
                          * CASE WHEN a.public_at > now() - interval '60 days' THEN 4 ELSE 1 END
                          + CASE WHEN a.id % 11 = 0 AND g.day < 7 THEN 50 ELSE 0 END
                          + (g.day * 7 + a.id) % 9)
       FROM articles a CROSS JOIN generate_series(0, 34) AS g(day) CROSS JOIN today
       WHERE a.id >= $1 AND a.public_at::date <= today.d - g.day
         AND (a.public_at > now() - interval '60 days' OR (a.id * 31 + g.day * 17) % 7 = 0)
       ON CONFLICT (article_id, day) DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [firstId],
  );
  return rows[0]?.n ?? 0;
}

export interface QueryPlan {
  sql: string;
  params: readonly unknown[];
  plan: string[];
}

/**
 * A Db that runs `EXPLAIN (ANALYZE, BUFFERS)` before every query while `capture` is on
 * and hands the plan to `onPlan`, then runs the query itself: the plans of exactly the
 * statements the app sends (bench only).
 */
export function explainingDb(db: Db, onPlan: (plan: QueryPlan) => void): Db & { capture: boolean } {
  const wrapped = (q: Queryable): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      if (self.capture && /^\s*(SELECT|WITH)\b/i.test(sql)) {
        const plan = await q.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        onPlan({ sql, params, plan: plan.map((r) => Object.values(r)[0] ?? '') });
      }
      return q.query<T>(sql, params);
    },
    exec: (sql: string) => q.exec(sql),
  });
  const base = wrapped(db);
  const self: Db & { capture: boolean } = {
    ...db,
    capture: false,
    query: base.query,
    exec: base.exec,
    transaction: (fn) => db.transaction((tx) => fn(wrapped(tx))),
    close: () => db.close(),
  };
  return self;
}

// Bulk content for benchmarks (scripts/bench-seed.mjs, `npm run bench`): never loaded by the server.
//
// Thousands of published pt-BR-ish articles generated from word lists, 1–3 categories each,
// spread over the authors and over two years, with reads over the last five weeks, and a published
// translation of every one in English and Spanish (the same text in those languages). Set-based:
// multi-row inserts through unnest() in one transaction; the search vectors are filled by the
// app's own statements (articles.refreshSearchOfIds, translations.refreshSearchOfIds), so search
// behaves as for articles and translations saved through the API. Needs the categories and authors
// of the demo seed (or any others).
import { slugify } from '@vitrine/utils';
import type { Db, Queryable } from './db';
import { defaultExcerpt, htmlToText } from './lib/html';
import * as translations from './repositories/article-translations';
import type { TranslationLocale } from './repositories/article-translations';
import * as articles from './repositories/articles';

export interface BenchSeedOptions {
  /** How many articles to add (10 000 for `npm run bench`). */
  count: number;
  /** Rows per INSERT statement. */
  batch?: number;
  /** The clock the dates are spread back from (tests). */
  now?: Date;
  /** The languages every article gets a published translation in (BENCH_TRANSLATIONS when not given; [] for none). */
  translations?: readonly BenchTranslation[];
}

export interface BenchSeedResult {
  articles: number;
  /** Translations added (articles × languages). */
  translations: number;
  categoryLinks: number;
  reads: number;
  ms: number;
}

/** The languages of the benchmark's articles: the originals (pt-BR) and the translations seeded for every one of them. */
export type BenchLanguage = 'pt-BR' | 'en-US' | 'es-ES';
export type BenchTranslation = Exclude<BenchLanguage, 'pt-BR'> & TranslationLocale;
/** The translations `npm run bench` seeds for every article. */
export const BENCH_TRANSLATIONS: readonly BenchTranslation[] = ['en-US', 'es-ES'];

/** Words that appear in about one article in 400, in each language: the selective search of the benchmark. */
export const RARE_TERMS: Record<BenchLanguage, string> = { 'pt-BR': 'criptografia quântica', 'en-US': 'quantum cryptography', 'es-ES': 'criptografía cuántica' };
export const RARE_TERM = RARE_TERMS['pt-BR'];
export const RARE_EVERY = 397;
/**
 * The broad search of the benchmark in each language: the name of the category 'tecnologia' in that language (every
 * search vector holds its article's category names in its language, and the query names the category: a third of
 * the articles match).
 */
export const BROAD_TERMS: Record<BenchLanguage, string> = { 'pt-BR': 'tecnologia', 'en-US': 'technology', 'es-ES': 'tecnología' };

const DAY = 86_400_000;
const SPAN_DAYS = 730;

type Words = () => string;

/**
 * The words one language writes the benchmark's articles with. Every list has the same length and order in each
 * language, and the sentences call the word pickers in the same order (noun, then adjective, whatever the order
 * the language writes them in), so that article `index` in another language is the translation of the original:
 * the same sections, paragraphs, sentences and picks.
 */
interface BenchWords {
  /** A subject per category (unique_key of the demo categories), in SUBJECT_CATEGORIES' order. */
  subjects: string[];
  audiences: string[];
  titles: ((s: string, a: string) => string)[];
  headings: string[];
  verbs: string[];
  nouns: string[];
  adjectives: string[];
  sentences: ((s: string, a: string, w: Words, v: Words, j: Words) => string)[];
  /** A list item: verb, noun, adjective (called in that order). */
  item: (v: Words, w: Words, j: Words) => string;
  /** The paragraph of the rare words. */
  rare: (term: string, a: string) => string;
}

/** The category of each subject (by unique_key), in the subjects' order. */
const SUBJECT_CATEGORIES = [
  ...Array<string>(8).fill('tecnologia'),
  ...Array<string>(6).fill('design'),
  ...Array<string>(6).fill('marketing'),
  ...Array<string>(6).fill('comercio'),
  ...Array<string>(6).fill('recursos-humanos'),
  ...Array<string>(7).fill('inovacao'),
  'tecnologia',
];

const WORDS: Record<BenchLanguage, BenchWords> = {
  'pt-BR': {
    subjects: [
      'inteligência artificial', 'computação em nuvem', 'segurança da informação', 'automação de processos', 'análise de dados', 'desenvolvimento de software',
      'aplicativos móveis', 'infraestrutura de redes', 'design de interfaces', 'experiência do usuário', 'acessibilidade digital', 'identidade visual', 'tipografia',
      'pesquisa com usuários', 'marketing de conteúdo', 'otimização para buscadores', 'e-mail marketing', 'redes sociais', 'gestão de marca', 'publicidade digital',
      'comércio eletrônico', 'varejo físico', 'precificação', 'logística de entrega', 'atendimento pós-venda', 'vendas consultivas', 'recrutamento e seleção',
      'trabalho híbrido', 'feedback contínuo', 'saúde mental no trabalho', 'desenvolvimento de lideranças', 'cultura organizacional', 'inovação aberta',
      'experimentação rápida', 'sustentabilidade', 'novos modelos de negócio', 'economia circular', 'transformação digital', 'produtos digitais', 'internet das coisas',
    ],
    audiences: [
      'pequenas empresas', 'startups', 'indústrias', 'escritórios de contabilidade', 'lojas de bairro', 'clínicas', 'escolas', 'restaurantes',
      'equipes remotas', 'times de produto', 'gestores', 'lideranças', 'equipes de vendas', 'equipes de suporte', 'agências', 'cooperativas',
      'empresas familiares', 'prestadores de serviço', 'e-commerces', 'hospitais', 'construtoras', 'transportadoras', 'hotéis', 'ONGs', 'órgãos públicos',
    ],
    titles: [
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
    ],
    headings: ['Contexto', 'Por que isso importa agora', 'Primeiros passos', 'O que observar no caminho', 'Erros comuns', 'Como medir os resultados', 'Um exemplo real', 'Ferramentas úteis', 'Próximos passos', 'Conclusão'],
    verbs: ['planejar', 'medir', 'testar', 'documentar', 'priorizar', 'simplificar', 'automatizar', 'revisar', 'comunicar', 'acompanhar', 'integrar', 'padronizar'],
    nouns: ['processos', 'indicadores', 'clientes', 'equipes', 'orçamentos', 'prazos', 'ferramentas', 'contratos', 'fornecedores', 'metas', 'relatórios', 'canais', 'projetos', 'custos', 'dados', 'riscos'],
    adjectives: ['simples', 'claros', 'consistentes', 'mensuráveis', 'sustentáveis', 'flexíveis', 'seguros', 'rápidos', 'transparentes', 'realistas'],
    sentences: [
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
    ],
    item: (v, w, j) => `${cap(v())} os ${w()} ${j()}`,
    rare: (term, a) => `Uma aposta de longo prazo: ${term} e o que ela pode mudar para ${a}.`,
  },
  'en-US': {
    subjects: [
      'artificial intelligence', 'cloud computing', 'information security', 'process automation', 'data analysis', 'software development',
      'mobile apps', 'network infrastructure', 'interface design', 'user experience', 'digital accessibility', 'visual identity', 'typography',
      'user research', 'content marketing', 'search engine optimization', 'email marketing', 'social media', 'brand management', 'digital advertising',
      'online retail', 'brick-and-mortar retail', 'pricing', 'delivery logistics', 'after-sales service', 'consultative selling', 'recruiting and hiring',
      'hybrid work', 'continuous feedback', 'mental health at work', 'leadership development', 'company culture', 'open innovation',
      'rapid experimentation', 'sustainability', 'new business models', 'the circular economy', 'digital transformation', 'digital products', 'the internet of things',
    ],
    audiences: [
      'small businesses', 'startups', 'manufacturers', 'accounting firms', 'neighborhood shops', 'clinics', 'schools', 'restaurants',
      'remote teams', 'product teams', 'managers', 'team leads', 'sales teams', 'support teams', 'agencies', 'cooperatives',
      'family businesses', 'service providers', 'online stores', 'hospitals', 'builders', 'freight companies', 'hotels', 'nonprofits', 'government agencies',
    ],
    titles: [
      (s, a) => `A practical guide to ${s} for ${a}`,
      (s, a) => `${cap(s)} in ${a}: where to start`,
      (s, a) => `What ${a} need to know about ${s}`,
      (s, a) => `${cap(s)} for ${a}: common mistakes and how to avoid them`,
      (s, a) => `Five lessons in ${s} learned from ${a}`,
      (s, a) => `How to measure the results of ${s} in ${a}`,
      (s, a) => `${cap(s)} made simple for ${a}`,
      (s, a) => `A year of ${s} in ${a}: what changed`,
      (s, a) => `Checklist: ${s} for ${a}`,
      (s, a) => `${cap(s)}: trends for ${a}`,
      (s, a) => `Frequently asked questions about ${s} in ${a}`,
      (s, a) => `Case study: ${s} in ${a}`,
    ],
    headings: ['Background', 'Why it matters now', 'First steps', 'What to watch along the way', 'Common mistakes', 'How to measure the results', 'A real example', 'Useful tools', 'Next steps', 'Conclusion'],
    verbs: ['plan', 'measure', 'test', 'document', 'prioritize', 'simplify', 'automate', 'review', 'communicate', 'track', 'integrate', 'standardize'],
    nouns: ['processes', 'metrics', 'customers', 'teams', 'budgets', 'deadlines', 'tools', 'contracts', 'suppliers', 'goals', 'reports', 'channels', 'projects', 'costs', 'data', 'risks'],
    adjectives: ['simple', 'clear', 'consistent', 'measurable', 'sustainable', 'flexible', 'secure', 'fast', 'transparent', 'realistic'],
    sentences: [
      (s, a) => `In recent years, ${s} has stopped being a matter for specialists and become part of the daily routine of ${a}.`,
      (s, a, w, v) => {
        const verb = v();
        return `The first step is to ${verb} the current ${w()} before choosing any solution.`;
      },
      (s, a, w, v, j) => {
        const noun = w();
        return `Short cycles, with ${j()} ${noun} and frequent reviews, deliver more consistent results.`;
      },
      (s, a, w) => `Anyone who works with ${s} knows that ${w()} change faster than plans do.`,
      (s, a, w, v) => {
        const verb = v();
        return `It pays to ${verb} your ${w()} every week and share the numbers with the team.`;
      },
      (s, a) => `In ${a}, the difference usually shows in small everyday decisions.`,
      (s, a, w, v, j) => {
        const noun = w();
        const adjective = j();
        return `Without ${adjective} ${noun}, it is hard to ${v()} what really works.`;
      },
      (s) => `There is no ready-made recipe: adapting ${s} to the company's reality is part of the job.`,
      (s, a, w, v) => {
        const verb = v();
        return `A good starting point is to ${verb} two or three ${w()} and follow how they evolve month by month.`;
      },
      (s, a, w) => `Today's ${w()} will be the basis of tomorrow's decisions, so they deserve care.`,
      (s, a, w, v, j) => {
        const verb = v();
        const noun = w();
        return `Teams that learn to ${verb} with ${j()} ${noun} make fewer mistakes and correct course sooner.`;
      },
      (s, a) => `Talking to ${a} that have already been through this saves months of trial and error.`,
    ],
    item: (v, w, j) => {
      const verb = cap(v());
      const noun = w();
      return `${verb} ${j()} ${noun}`;
    },
    rare: (term, a) => `A long-term bet: ${term} and what it could change for ${a}.`,
  },
  'es-ES': {
    subjects: [
      'inteligencia artificial', 'computación en la nube', 'seguridad de la información', 'automatización de procesos', 'análisis de datos', 'desarrollo de software',
      'aplicaciones móviles', 'infraestructura de redes', 'diseño de interfaces', 'experiencia de usuario', 'accesibilidad digital', 'identidad visual', 'tipografía',
      'investigación con usuarios', 'marketing de contenidos', 'posicionamiento en buscadores', 'email marketing', 'redes sociales', 'gestión de marca', 'publicidad digital',
      'comercio electrónico', 'tienda física', 'fijación de precios', 'logística de entregas', 'atención posventa', 'venta consultiva', 'reclutamiento y selección',
      'trabajo híbrido', 'feedback continuo', 'salud mental en el trabajo', 'desarrollo de líderes', 'cultura organizacional', 'innovación abierta',
      'experimentación rápida', 'sostenibilidad', 'nuevos modelos de negocio', 'economía circular', 'transformación digital', 'productos digitales', 'internet de las cosas',
    ],
    audiences: [
      'pequeñas empresas', 'startups', 'industrias', 'gestorías', 'comercios de barrio', 'clínicas', 'colegios', 'restaurantes',
      'equipos remotos', 'equipos de producto', 'directivos', 'mandos intermedios', 'equipos de ventas', 'equipos de soporte', 'agencias', 'cooperativas',
      'empresas familiares', 'proveedores de servicios', 'tiendas online', 'hospitales', 'constructoras', 'transportistas', 'hoteles', 'ONG', 'organismos públicos',
    ],
    titles: [
      (s, a) => `Guía práctica de ${s} para ${a}`,
      (s, a) => `${cap(s)} en ${a}: por dónde empezar`,
      (s, a) => `Lo que necesitan saber ${a} sobre ${s}`,
      (s, a) => `${cap(s)} para ${a}: errores comunes y cómo evitarlos`,
      (s, a) => `Cinco lecciones de ${s} aprendidas con ${a}`,
      (s, a) => `Cómo medir los resultados de ${s} en ${a}`,
      (s, a) => `${cap(s)} sin complicaciones para ${a}`,
      (s, a) => `Un año de ${s} en ${a}: qué ha cambiado`,
      (s, a) => `Lista de comprobación de ${s} para ${a}`,
      (s, a) => `${cap(s)}: tendencias para ${a}`,
      (s, a) => `Preguntas frecuentes sobre ${s} en ${a}`,
      (s, a) => `Caso práctico: ${s} en ${a}`,
    ],
    headings: ['Contexto', 'Por qué importa ahora', 'Primeros pasos', 'Qué observar por el camino', 'Errores comunes', 'Cómo medir los resultados', 'Un ejemplo real', 'Herramientas útiles', 'Próximos pasos', 'Conclusión'],
    verbs: ['planificar', 'medir', 'probar', 'documentar', 'priorizar', 'simplificar', 'automatizar', 'revisar', 'comunicar', 'seguir', 'integrar', 'estandarizar'],
    nouns: ['procesos', 'indicadores', 'clientes', 'equipos', 'presupuestos', 'plazos', 'recursos', 'contratos', 'proveedores', 'objetivos', 'informes', 'canales', 'proyectos', 'costes', 'datos', 'riesgos'],
    adjectives: ['sencillos', 'claros', 'coherentes', 'medibles', 'sostenibles', 'flexibles', 'seguros', 'rápidos', 'transparentes', 'realistas'],
    sentences: [
      (s, a) => `En los últimos años, ${s} ha dejado de ser un asunto de especialistas y ya forma parte de la rutina de ${a}.`,
      (s, a, w, v) => `El primer paso es ${v()} los ${w()} actuales antes de elegir cualquier solución.`,
      (s, a, w, v, j) => `Los ciclos cortos, con ${w()} ${j()} y revisiones frecuentes, dan resultados más coherentes.`,
      (s, a, w) => `Quien trabaja con ${s} sabe que los ${w()} cambian más rápido que los planes.`,
      (s, a, w, v) => `Conviene ${v()} los ${w()} cada semana y compartir las cifras con el equipo.`,
      (s, a) => `En ${a}, la diferencia suele notarse en las pequeñas decisiones del día a día.`,
      (s, a, w, v, j) => `Sin ${w()} ${j()}, es difícil ${v()} lo que de verdad funciona.`,
      (s) => `No hay recetas mágicas: adaptar ${s} a la realidad de la empresa forma parte del trabajo.`,
      (s, a, w, v) => `Un buen punto de partida es ${v()} dos o tres ${w()} y ver cómo evolucionan mes a mes.`,
      (s, a, w) => `Los ${w()} de hoy serán la base de las decisiones de mañana; por eso merecen atención.`,
      (s, a, w, v, j) => `Los equipos que aprenden a ${v()} con ${w()} ${j()} se equivocan menos y corrigen el rumbo antes.`,
      (s, a) => `Hablar con ${a} que ya han pasado por esto ahorra meses de ensayo y error.`,
    ],
    item: (v, w, j) => `${cap(v())} los ${w()} ${j()}`,
    rare: (term, a) => `Una apuesta a largo plazo: ${term} y lo que puede cambiar para ${a}.`,
  },
};

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

/**
 * Article `index` in `language`: a title unique for index < 12 000 (a numbered suffix beyond), 3–6 sections of 2–4
 * paragraphs. The same index in another language is its translation: the same structure, sentences and sizes, the
 * same categories.
 */
export function benchArticle(index: number, language: BenchLanguage = 'pt-BR'): GeneratedArticle {
  const words = WORDS[language];
  const random = rng(index + 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const subjectIndex = index % words.subjects.length;
  const subject = words.subjects[subjectIndex] ?? '';
  const audience = words.audiences[Math.floor(index / words.subjects.length) % words.audiences.length] ?? '';
  const pattern = words.titles[Math.floor(index / (words.subjects.length * words.audiences.length)) % words.titles.length] ?? words.titles[0]!;
  const round = Math.floor(index / (words.subjects.length * words.audiences.length * words.titles.length));
  const title = `${pattern(subject, audience)}${round > 0 ? ` (${round + 1})` : ''}`;
  const w = () => pick(words.nouns);
  const v = () => pick(words.verbs);
  const j = () => pick(words.adjectives);
  const paragraph = (count: number) => `<p>${Array.from({ length: count }, () => pick(words.sentences)(subject, audience, w, v, j)).join(' ')}</p>`;
  const parts = [paragraph(3)];
  const sections = 3 + Math.floor(random() * 4);
  const first = Math.floor(random() * words.headings.length);
  for (let s = 0; s < sections; s += 1) {
    parts.push(`<h2>${words.headings[(first + s) % words.headings.length] ?? ''}</h2>`);
    const paragraphs = 2 + Math.floor(random() * 3);
    for (let p = 0; p < paragraphs; p += 1) parts.push(paragraph(2 + Math.floor(random() * 3)));
    if (s === 1) parts.push(`<ul>${Array.from({ length: 4 }, () => `<li>${words.item(v, w, j)}</li>`).join('')}</ul>`);
  }
  if (index % RARE_EVERY === 0) parts.push(`<p>${words.rare(RARE_TERMS[language], audience)}</p>`);
  const subjectCategory = SUBJECT_CATEGORIES[subjectIndex] ?? 'tecnologia';
  const categories = [subjectCategory];
  const extra = Math.floor(random() * 3); // 0–2 more
  const others = ['tecnologia', 'design', 'marketing', 'comercio', 'recursos-humanos', 'inovacao'].filter((c) => c !== subjectCategory);
  for (let e = 0; e < extra; e += 1) {
    const c = pick(others);
    if (!categories.includes(c)) categories.push(c);
  }
  return { title, content: parts.join(''), categories };
}

/**
 * Inserts `count` published articles in one transaction, and a published translation of each in every language of
 * `options.translations` (published a few minutes after its original, by the same author, up to date with it).
 * Categories are matched by unique_key (the demo's six); authors are the active users with article_management;
 * covers are reused from the images already stored. Bumps the content version and VACUUM ANALYZEs.
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
    const publishedAt: string[] = [];
    let links = 0;
    // In a savepoint: see seedTranslations.
    await tx.query('SAVEPOINT bench_articles');
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
      publishedAt.push(...published);
    }
    await tx.query('RELEASE SAVEPOINT bench_articles');
    const translated = await seedTranslations(tx, ids, publishedAt, options.translations ?? BENCH_TRANSLATIONS, batch);
    // The app's own statement: title (A), excerpt + categories + author (B), body (C).
    for (let k = 0; k < ids.length; k += 2000) await articles.refreshSearchOfIds(tx, ids.slice(k, k + 2000));
    const reads = await seedReads(tx, ids[0] ?? 0);
    await tx.query('UPDATE content_version SET version = version + 1');
    return { articles: ids.length, translations: translated, categoryLinks: links, reads };
  });
  // The steady state autovacuum reaches on PostgreSQL soon after a bulk load: statistics and the
  // visibility map (index-only scans). PGlite has no autovacuum: see docs/performance.md.
  // One statement per call: VACUUM cannot run in the implicit transaction of a multi-statement string.
  for (const table of ['articles', 'article_translations', 'article_categories', 'article_reads_daily']) await db.exec(`VACUUM ANALYZE ${table}`);
  return { ...result, ms: Date.now() - started };
}

/**
 * A published translation of article `ids[i]` (benchArticle(i) in each language), `languages` one after the
 * other: published 10–50 minutes after the original (so listed_at, the first public version's moment, stays the
 * original's), by the article's author, measured against the original as it is (not out of date); then their search
 * vectors by the app's own statement. The translations' triggers keep listed_at as for a translation saved through
 * the API (one update of its article per row).
 */
async function seedTranslations(db: Queryable, ids: readonly number[], publishedAt: readonly string[], languages: readonly BenchTranslation[], batch: number): Promise<number> {
  if (!languages.length) return 0;
  // Each translation's trigger updates its article, and that update's trigger (articles_listed_at) reads the
  // article's translations through the SQL function article_listed_at, whose plan PostgreSQL keeps from its first
  // call to the end of the (sub)transaction that made it. Planned while article_translations was empty (the articles'
  // inserts call it too), it read an article's translations through article_translations_public_idx, every published
  // translation each time: 5 ms a call at 6 000 translations, quadratic over the seed (at 20 000, slower than the
  // server's 10 s statement bound). So the articles and the first batch of translations are each written in a
  // savepoint, and once both are released and the tables analyzed, the next call plans with real statistics (the
  // primary key: one article's rows).
  await db.query('ANALYZE articles');
  let count = 0;
  for (const [n, locale] of languages.entries()) {
    for (let from = 0; from < ids.length; from += batch) {
      const first = count === 0;
      if (first) await db.query('SAVEPOINT bench_translations');
      const cols = { id: [] as number[], title: [] as string[], excerpt: [] as string[], content: [] as string[], text: [] as string[], words: [] as number[], at: [] as string[] };
      for (let i = from; i < Math.min(ids.length, from + batch); i += 1) {
        const t = benchArticle(i, locale);
        const text = htmlToText(t.content);
        cols.id.push(ids[i]!);
        cols.title.push(t.title);
        cols.excerpt.push(defaultExcerpt(text));
        cols.content.push(t.content);
        cols.text.push(text);
        cols.words.push(text.split(' ').length);
        const minutes = 10 + ((i * 13 + n * 17) % 41);
        cols.at.push(new Date(new Date(publishedAt[i]!).getTime() + minutes * 60_000).toISOString());
      }
      await db.query(
        `INSERT INTO article_translations (article_id, locale, title, excerpt, content, content_text, word_count, status, published_at, author_id,
                                           source_hash, created_at, updated_at)
         SELECT v.id, $1, v.t, v.e, v.c, v.x, v.w, 'published', v.p, a.author_id, ${articles.ORIGINAL_HASH}, v.p, v.p
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::timestamptz[]) AS v(id, t, e, c, x, w, p)
         JOIN articles a ON a.id = v.id`,
        [locale, cols.id, cols.title, cols.excerpt, cols.content, cols.text, cols.words, cols.at],
      );
      count += cols.id.length;
      if (first) {
        await db.query('RELEASE SAVEPOINT bench_translations');
        await db.query('ANALYZE article_translations');
      }
    }
  }
  await db.query('ANALYZE article_translations');
  // The app's own statement: title (A), excerpt + categories named in the language + author (B), body (C), in the
  // language's text-search configuration.
  for (let k = 0; k < ids.length; k += 2000) await translations.refreshSearchOfIds(db, ids.slice(k, k + 2000));
  return count;
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

import { slugify } from '@vitrine/utils';
import type { Queryable } from './db';
import { defaultExcerpt, htmlToText } from './lib/html';
import { imageTool, processImage } from './lib/image-pipeline';
import type { ImageStorage } from './lib/image-storage';
import { uniqueKey } from './lib/security';
import * as articles from './repositories/articles';
import * as categories from './repositories/categories';
import * as images from './repositories/images';
import * as users from './repositories/users';

/**
 * The demo categories (technology, design, ...) with pt-BR names for display and the other languages' in `names`
 * (migration 017 writes the same translations on databases seeded before it), the same for the descriptions in
 * `descriptions` (migration 019); the slug is the unique_key.
 */
export const DEMO_CATEGORIES = [
  { key: 'technology', name: 'Tecnologia', names: { 'en-US': 'Technology', 'es-ES': 'Tecnología', 'fr-FR': 'Technologie', 'ht-HT': 'Teknoloji' }, description: 'Ferramentas, dados e software que mudam a rotina das empresas.', descriptions: { 'en-US': 'Tools, data and software that change how businesses work every day.', 'es-ES': 'Herramientas, datos y software que cambian el día a día de las empresas.', 'fr-FR': 'Des outils, des données et des logiciels qui changent le quotidien des entreprises.', 'ht-HT': 'Zouti, done ak lojisyèl ki chanje woutin antrepriz yo.' }, text: '#ffffff', bg: '#1d4ed8', accent: '#60a5fa' },
  { key: 'design', name: 'Design', names: { 'en-US': 'Design', 'es-ES': 'Diseño', 'fr-FR': 'Design', 'ht-HT': 'Design' }, description: 'Interfaces, marcas e experiências pensadas para as pessoas.', descriptions: { 'en-US': 'Interfaces, brands and experiences designed for people.', 'es-ES': 'Interfaces, marcas y experiencias pensadas para las personas.', 'fr-FR': 'Des interfaces, des marques et des expériences pensées pour les personnes.', 'ht-HT': 'Entèfas, mak ak eksperyans ki fèt pou moun.' }, text: '#ffffff', bg: '#9333ea', accent: '#f0abfc' },
  { key: 'marketing', name: 'Marketing', names: { 'en-US': 'Marketing', 'es-ES': 'Marketing', 'fr-FR': 'Marketing', 'ht-HT': 'Maketing' }, description: 'Conteúdo, campanhas e relacionamento com clientes.', descriptions: { 'en-US': 'Content, campaigns and customer relationships.', 'es-ES': 'Contenido, campañas y relación con los clientes.', 'fr-FR': 'Contenu, campagnes et relation client.', 'ht-HT': 'Kontni, kanpay ak relasyon ak kliyan yo.' }, text: '#1f2937', bg: '#fbbf24', accent: '#f97316' },
  { key: 'commerce', name: 'Comércio', names: { 'en-US': 'Commerce', 'es-ES': 'Comercio', 'fr-FR': 'Commerce', 'ht-HT': 'Komès' }, description: 'Vendas, varejo e comércio eletrônico na prática.', descriptions: { 'en-US': 'Sales, retail and e-commerce in practice.', 'es-ES': 'Ventas, comercio minorista y comercio electrónico en la práctica.', 'fr-FR': 'Vente, commerce de détail et e-commerce en pratique.', 'ht-HT': 'Lavant, komès an detay ak komès sou entènèt, nan pratik.' }, text: '#ffffff', bg: '#047857', accent: '#6ee7b7' },
  { key: 'human_resources', name: 'Recursos Humanos', names: { 'en-US': 'Human Resources', 'es-ES': 'Recursos Humanos', 'fr-FR': 'Ressources humaines', 'ht-HT': 'Resous imen' }, description: 'Pessoas, cultura, carreira e bem-estar no trabalho.', descriptions: { 'en-US': 'People, culture, careers and well-being at work.', 'es-ES': 'Personas, cultura, carrera profesional y bienestar en el trabajo.', 'fr-FR': 'Personnes, culture, carrière et bien-être au travail.', 'ht-HT': 'Moun, kilti, karyè ak byennèt nan travay.' }, text: '#ffffff', bg: '#be123c', accent: '#fda4af' },
  { key: 'innovation', name: 'Inovação', names: { 'en-US': 'Innovation', 'es-ES': 'Innovación', 'fr-FR': 'Innovation', 'ht-HT': 'Inovasyon' }, description: 'Novos modelos de negócio, experimentos e tendências.', descriptions: { 'en-US': 'New business models, experiments and trends.', 'es-ES': 'Nuevos modelos de negocio, experimentos y tendencias.', 'fr-FR': 'Nouveaux modèles économiques, expérimentations et tendances.', 'ht-HT': 'Nouvo modèl biznis, eksperimantasyon ak tandans.' }, text: '#ffffff', bg: '#0f766e', accent: '#5eead4' },
] as const;

export type CategoryKey = (typeof DEMO_CATEGORIES)[number]['key'];

/** Title, categories and the subject the paragraphs talk about. */
const TOPICS: { title: string; cats: CategoryKey[]; subject: string; audience: string }[] = [
  { title: 'Como a inteligência artificial está mudando o atendimento ao cliente', cats: ['technology', 'innovation'], subject: 'a inteligência artificial no atendimento', audience: 'equipes de suporte' },
  { title: 'Computação em nuvem para pequenas empresas: por onde começar', cats: ['technology'], subject: 'a migração para a nuvem', audience: 'pequenas empresas' },
  { title: 'Segurança da informação: hábitos simples que evitam grandes problemas', cats: ['technology'], subject: 'a segurança da informação', audience: 'times de todas as áreas' },
  { title: 'Automação de processos sem código: ganhos rápidos no escritório', cats: ['technology', 'innovation'], subject: 'a automação sem código', audience: 'áreas administrativas' },
  { title: 'Dados no dia a dia: decisões melhores com painéis simples', cats: ['technology', 'marketing'], subject: 'o uso de painéis de dados', audience: 'gestores' },
  { title: 'Design system: consistência que acelera o produto', cats: ['design', 'technology'], subject: 'um design system', audience: 'times de produto' },
  { title: 'Acessibilidade digital não é opcional', cats: ['design'], subject: 'a acessibilidade digital', audience: 'designers e desenvolvedores' },
  { title: 'Tipografia na web: escolhas que melhoram a leitura', cats: ['design'], subject: 'a tipografia na web', audience: 'quem publica conteúdo' },
  { title: 'Pesquisa com usuários em uma semana', cats: ['design', 'innovation'], subject: 'a pesquisa com usuários', audience: 'times enxutos' },
  { title: 'Identidade visual: quando vale a pena renovar a marca', cats: ['design', 'marketing'], subject: 'a renovação de uma identidade visual', audience: 'empresas em crescimento' },
  { title: 'Marketing de conteúdo que gera clientes, não só visitas', cats: ['marketing'], subject: 'o marketing de conteúdo', audience: 'equipes de marketing' },
  { title: 'SEO em 2024: o que ainda funciona', cats: ['marketing', 'technology'], subject: 'a otimização para buscadores', audience: 'quem mantém um site' },
  { title: 'E-mail marketing com boas taxas de abertura', cats: ['marketing'], subject: 'o e-mail marketing', audience: 'equipes de relacionamento' },
  { title: 'Redes sociais para empresas B2B', cats: ['marketing', 'commerce'], subject: 'a presença B2B nas redes sociais', audience: 'empresas que vendem para empresas' },
  { title: 'Funil de vendas: medindo cada etapa', cats: ['marketing', 'commerce'], subject: 'a medição do funil de vendas', audience: 'times comerciais' },
  { title: 'Loja virtual: os erros mais comuns no checkout', cats: ['commerce', 'design'], subject: 'o checkout da loja virtual', audience: 'lojistas' },
  { title: 'Omnichannel na prática para o varejo', cats: ['commerce'], subject: 'a estratégia omnichannel', audience: 'varejistas' },
  { title: 'Precificação: como definir o preço certo', cats: ['commerce'], subject: 'a precificação', audience: 'empreendedores' },
  { title: 'Logística de entrega: prazos que fidelizam', cats: ['commerce', 'innovation'], subject: 'a logística de entrega', audience: 'operações de e-commerce' },
  { title: 'Pós-venda: o cliente que volta', cats: ['commerce', 'marketing'], subject: 'o pós-venda', audience: 'equipes de atendimento' },
  { title: 'Onboarding de novos colaboradores que funciona', cats: ['human_resources'], subject: 'o onboarding', audience: 'líderes e RH' },
  { title: 'Trabalho híbrido: acordos que mantêm o time unido', cats: ['human_resources', 'innovation'], subject: 'o trabalho híbrido', audience: 'gestores de equipes' },
  { title: 'Feedback contínuo no lugar da avaliação anual', cats: ['human_resources'], subject: 'o feedback contínuo', audience: 'lideranças' },
  { title: 'Saúde mental no trabalho: papel da liderança', cats: ['human_resources'], subject: 'a saúde mental no trabalho', audience: 'líderes' },
  { title: 'Recrutamento com menos vieses', cats: ['human_resources', 'technology'], subject: 'o recrutamento com menos vieses', audience: 'recrutadores' },
  { title: 'Inovação aberta com startups', cats: ['innovation', 'commerce'], subject: 'a inovação aberta', audience: 'empresas tradicionais' },
  { title: 'Experimentos rápidos: testar antes de investir', cats: ['innovation'], subject: 'a cultura de experimentação', audience: 'times de produto e negócio' },
  { title: 'Sustentabilidade como vantagem competitiva', cats: ['innovation', 'commerce'], subject: 'a sustentabilidade nos negócios', audience: 'empresas de todos os portes' },
  { title: 'Tendências de tecnologia para o próximo ano', cats: ['innovation', 'technology'], subject: 'as tendências de tecnologia', audience: 'decisores' },
  { title: 'Produtos digitais: do MVP à escala', cats: ['innovation', 'design'], subject: 'a evolução de um produto digital', audience: 'fundadores' },
  { title: 'Cultura de aprendizado dentro das empresas', cats: ['human_resources', 'innovation'], subject: 'a cultura de aprendizado', audience: 'áreas de pessoas' },
  { title: 'Branding para marcas pequenas', cats: ['marketing', 'design'], subject: 'o branding de marcas pequenas', audience: 'pequenos negócios' },
];

const HEADINGS = ['Por que isso importa agora', 'Primeiros passos', 'O que observar no caminho', 'Erros comuns', 'Como medir os resultados', 'Um exemplo real', 'Próximos passos'];
const PARAGRAPHS = [
  (s: string, a: string) => `Nos últimos anos, ${s} deixou de ser assunto de especialistas e passou a fazer parte da rotina de ${a}. A mudança não veio de uma vez: ela aparece em pequenas decisões do dia a dia, que somadas mudam a forma como o trabalho acontece.`,
  (s: string, a: string) => `O primeiro passo é entender o problema antes da solução. Conversar com ${a}, mapear o que já funciona e anotar onde o tempo se perde costuma revelar oportunidades simples, que não exigem grandes investimentos.`,
  (s: string) => `Quando falamos de ${s}, é comum querer resolver tudo em um único projeto. Na prática, ciclos curtos, com metas claras e revisões frequentes, entregam resultados mais consistentes e reduzem o risco de retrabalho.`,
  (s: string, a: string) => `Outro ponto importante é a comunicação. ${a[0]?.toUpperCase()}${a.slice(1)} precisam saber o que muda, por que muda e como vão participar. Sem isso, até a melhor iniciativa perde força nas primeiras semanas.`,
  (s: string) => `Medir é o que separa a opinião do aprendizado. Defina poucos indicadores, acompanhe-os com regularidade e compartilhe os números com o time: ${s} melhora mais rápido quando todos enxergam o efeito do próprio trabalho.`,
  (s: string, a: string) => `Em uma empresa de médio porte que acompanhamos, ${s} começou com um piloto de quatro semanas. O grupo escolhido representava bem ${a}, e os aprendizados do piloto orientaram a expansão para as demais áreas.`,
  (s: string) => `Por fim, vale lembrar que não existe receita pronta. O que funciona em um contexto pode não funcionar em outro, e adaptar ${s} à realidade da sua empresa é parte do trabalho, não um desvio do plano.`,
];
const LISTS = [
  ['Comece pequeno e com um objetivo claro', 'Envolva quem vai usar a solução desde o início', 'Registre as decisões e o motivo de cada uma', 'Revise os resultados a cada duas semanas'],
  ['Defina um responsável', 'Escolha dois ou três indicadores', 'Combine prazos realistas', 'Comemore as primeiras vitórias'],
  ['Mapeie o processo atual', 'Liste os gargalos', 'Priorize pelo impacto', 'Teste, meça e ajuste'],
];
const QUOTES = [
  'Não é a ferramenta que transforma a empresa, são as pessoas que decidem usá-la bem.',
  'Um bom processo é aquele que as pessoas conseguem explicar em poucas frases.',
  'Resultados consistentes vêm de pequenas melhorias feitas todas as semanas.',
];

/**
 * The words of a demo body in one language: seven headings, seven paragraphs about the subject (for the audience),
 * three lists and three quotes. pt-BR's are above; the translations' in seed-translations.ts.
 */
export interface DemoBodyWords {
  headings: readonly string[];
  paragraphs: readonly ((subject: string, audience: string) => string)[];
  lists: readonly (readonly string[])[];
  quotes: readonly string[];
}

const PT_BR_WORDS: DemoBodyWords = { headings: HEADINGS, paragraphs: PARAGRAPHS, lists: LISTS, quotes: QUOTES };

/** 3–6 sections with h2, paragraphs, a list and a quote; lengths vary with the index (the same in every language). */
export function demoArticleHtml(index: number, subject: string, audience: string, words: DemoBodyWords = PT_BR_WORDS): string {
  const { headings, paragraphs: texts, lists, quotes } = words;
  const sections = 3 + (index % 4);
  const parts: string[] = [`<p>${texts[0]?.(subject, audience) ?? ''}</p>`];
  for (let s = 0; s < sections; s += 1) {
    parts.push(`<h2>${headings[(index + s) % headings.length] ?? ''}</h2>`);
    const paragraphs = 1 + ((index + s) % 3);
    for (let p = 0; p < paragraphs; p += 1) {
      const make = texts[(index + s * 2 + p + 1) % texts.length];
      if (make) parts.push(`<p>${make(subject, audience)}</p>`);
    }
    if (s === 1) parts.push(`<ul>${(lists[index % lists.length] ?? []).map((item) => `<li>${item}</li>`).join('')}</ul>`);
    if (s === 2) parts.push(`<blockquote><p>${quotes[index % quotes.length] ?? ''}</p></blockquote>`);
  }
  return parts.join('');
}

/** Renders an SVG and stores it through the upload pipeline (WebP widths in the ImageStorage). */
async function storeSvg(db: Queryable, storage: ImageStorage, svg: string, name: string, createdBy: number | null): Promise<string> {
  const pngData = await (await imageTool(Buffer.from(svg))).png({ compressionLevel: 0 }).toBuffer();
  const processed = await processImage(pngData, { quality: 70 });
  const id = uniqueKey().slice(0, 22);
  for (const v of processed.variants) await storage.save(id, v.width, v.data);
  await images.insert(db, {
    id,
    original_name: name,
    mime: processed.mime,
    width: processed.width,
    height: processed.height,
    bytes: pngData.length,
    variants: processed.variants.map(({ width, height, bytes }) => ({ width, height, bytes })),
    created_by: createdBy,
  });
  return id;
}

/** A cover: a gradient in the category colours and a simple geometric motif, no text. */
export function coverSvg(index: number, from: string, to: string): string {
  const shapes: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const x = (index * 97 + i * 151) % 960;
    const y = (index * 53 + i * 89) % 540;
    const r = 30 + ((index + i) % 5) * 22;
    shapes.push(index % 2 === 0 ? `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${0.08 + (i % 3) * 0.05}"/>` : `<rect x="${x}" y="${y}" width="${r * 2}" height="${r * 2}" rx="${r / 4}" transform="rotate(${(index * 17 + i * 30) % 90} ${x} ${y})" fill="#ffffff" fill-opacity="${0.08 + (i % 3) * 0.05}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540" viewBox="0 0 960 540">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="960" height="540" fill="url(#g)"/>${shapes.join('')}</svg>`;
}

export function avatarSvg(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <rect width="256" height="256" fill="${color}"/>
    <text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="104" font-weight="bold" fill="#ffffff">${initials}</text></svg>`;
}

export interface DemoAuthor {
  id: number;
  name: string;
  last_name: string;
}

const AVATAR_COLORS = ['#1d4ed8', '#9333ea', '#047857', '#be123c', '#b45309', '#0f766e'];
const DAY = 86_400_000;

/** A demo article as seeded: its place in TOPICS (which also picks its cover's motif), its main category (the cover's colours). */
export interface DemoArticle {
  topic: number;
  id: number;
  author_id: number;
  category: CategoryKey;
  /** When the original became public; null for the drafts and the scheduled one. */
  published_at: Date | null;
}

/**
 * Demo content for an empty database: the six categories, avatars for the
 * authors, and 32 pt-BR articles with generated covers, spread over ten weeks
 * (6 emphasised, 2 drafts, 1 scheduled) with reads over the last four weeks. Returns the articles (their
 * translations are seeded by seed-translations.ts).
 */
export async function seedDemoContent(db: Queryable, storage: ImageStorage, authors: DemoAuthor[], adminId: number): Promise<DemoArticle[]> {
  const categoryIds = new Map<CategoryKey, number>();
  for (const c of DEMO_CATEGORIES) {
    const id = await categories.insert(db, {
      unique_key: slugify(c.name),
      name: c.name,
      names: { ...c.names },
      description: c.description,
      descriptions: { ...c.descriptions },
      image_id: null,
      text_color: c.text,
      background_color: c.bg,
      active: true,
    });
    categoryIds.set(c.key, id);
  }
  for (const [i, author] of authors.entries()) {
    const initials = `${author.name[0] ?? ''}${author.last_name[0] ?? ''}`.toUpperCase();
    const photo = await storeSvg(db, storage, avatarSvg(initials, AVATAR_COLORS[i % AVATAR_COLORS.length] ?? '#1d4ed8'), `${initials}.svg`, adminId);
    await users.update(db, author.id, { photo: storage.url(photo, 256) });
  }

  const now = Date.now();
  const emphasised = new Set([0, 3, 7, 11, 16, 21]);
  const drafts = new Set([TOPICS.length - 1, TOPICS.length - 2]);
  const scheduled = TOPICS.length - 3;
  const seeded: DemoArticle[] = [];
  for (const [index, topic] of TOPICS.entries()) {
    const main = DEMO_CATEGORIES.find((c) => c.key === topic.cats[0]) ?? DEMO_CATEGORIES[0];
    const image = await storeSvg(db, storage, coverSvg(index, main.bg, main.accent), `capa-${index + 1}.svg`, adminId);
    const content = demoArticleHtml(index, topic.subject, topic.audience);
    const text = htmlToText(content);
    const author = authors[index % authors.length];
    const publishedAt = new Date(now - (2 + index * 2.1) * DAY - (index % 5) * 3_600_000);
    const isDraft = drafts.has(index);
    const id = await articles.insert(db, {
      unique_key: slugify(topic.title),
      title: topic.title,
      excerpt: defaultExcerpt(text),
      content,
      content_text: text,
      word_count: text.split(' ').length,
      image_id: image,
      social_image_id: null,
      meta_description: '',
      author_id: author?.id ?? adminId,
      status: isDraft ? 'draft' : 'published',
      emphasis: emphasised.has(index),
      publish_at: index === scheduled ? new Date(now + 5 * DAY) : null,
      published_at: isDraft ? null : index === scheduled ? new Date(now) : publishedAt,
      created_at: publishedAt,
    });
    await articles.setCategories(db, id, topic.cats.map((key) => categoryIds.get(key) ?? 0));
    await articles.refreshSearch(db, id);
    await articles.addRevision(db, { article_id: id, kind: 'save', title: topic.title, excerpt: defaultExcerpt(text), content, author_id: author?.id ?? adminId });
    const visible = !isDraft && index !== scheduled;
    seeded.push({ topic: index, id, author_id: author?.id ?? adminId, category: topic.cats[0] ?? 'technology', published_at: visible ? publishedAt : null });
    if (!visible) continue;
    // Reads over the last 28 days: older articles fade, every fifth one is trending this week.
    const age = Math.floor((now - publishedAt.getTime()) / DAY);
    const weight = 8 + ((index * 37) % 40);
    const trending = index % 5 === 2 ? 60 : 0;
    await db.query(
      `INSERT INTO article_reads_daily (article_id, day, reads)
       SELECT $1, (now() AT TIME ZONE 'UTC')::date - d,
              GREATEST(1, ($2::int * (28 - d) / 28) + CASE WHEN d < 7 THEN $3::int ELSE 0 END + ((d * 7 + $1) % 9))
       FROM generate_series(0, LEAST(27, $4::int)) AS d`,
      [id, weight, trending, age],
    );
  }
  return seeded;
}

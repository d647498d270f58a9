import { TRANSLATED_LOCALES } from '@vitrine/contracts';
import type { Queryable } from './db';
import { defaultExcerpt, htmlToText } from './lib/html';
import * as translations from './repositories/article-translations';
import type { TranslationLocale } from './repositories/article-translations';
import * as articles from './repositories/articles';
import { demoArticleHtml, type CategoryKey, type DemoArticle, type DemoBodyWords } from './seed-content';

/**
 * Translations of some demo articles, so a new site shows articles in five languages: each language's body is the
 * pt-BR template's equivalent (same sections, same length), about the topic's subject translated.
 */

/** The body template's words in each language (pt-BR's are in seed-content.ts, in the same order). */
const BODY_WORDS: Record<TranslationLocale, DemoBodyWords> = {
  'en-US': {
    headings: ['Why it matters now', 'First steps', 'What to watch along the way', 'Common mistakes', 'How to measure the results', 'A real example', 'Next steps'],
    paragraphs: [
      (s, a) => `In recent years, ${s} has stopped being a topic for specialists and become part of the daily routine of ${a}. The change did not happen all at once: it shows up in small everyday decisions that, added together, change the way work gets done.`,
      (_s, a) => `The first step is to understand the problem before the solution. Talking with ${a}, mapping what already works and noting where time gets lost usually reveals simple opportunities that do not require big investments.`,
      (s) => `When it comes to ${s}, it is tempting to solve everything in a single project. In practice, short cycles with clear goals and frequent reviews deliver more consistent results and reduce the risk of rework.`,
      (_s, a) => `Communication is another key point. ${capitalize(a)} need to know what is changing, why it is changing and how they will take part. Without that, even the best initiative loses steam in the first few weeks.`,
      (s) => `Measuring is what separates opinion from learning. Pick a few indicators, follow them regularly and share the numbers with the team: ${s} improves faster when everyone can see the effect of their own work.`,
      (s, a) => `At a mid-sized company we worked with, ${s} started with a four-week pilot. The group chosen was a good sample of ${a}, and the lessons from the pilot guided the rollout to the other departments.`,
      (s) => `Finally, remember that there is no ready-made recipe. What works in one context may not work in another, and adapting ${s} to your company's reality is part of the job, not a detour from the plan.`,
    ],
    lists: [
      ['Start small, with a clear goal', 'Involve the people who will use the solution from day one', 'Write down each decision and the reason behind it', 'Review the results every two weeks'],
      ['Name one person in charge', 'Pick two or three indicators', 'Agree on realistic deadlines', 'Celebrate the first wins'],
      ['Map the current process', 'List the bottlenecks', 'Prioritize by impact', 'Test, measure and adjust'],
    ],
    quotes: [
      'It is not the tool that transforms a company; it is the people who decide to use it well.',
      'A good process is one that people can explain in a few sentences.',
      'Consistent results come from small improvements made every week.',
    ],
  },
  'es-ES': {
    headings: ['Por qué importa ahora', 'Primeros pasos', 'Qué observar por el camino', 'Errores comunes', 'Cómo medir los resultados', 'Un ejemplo real', 'Próximos pasos'],
    paragraphs: [
      (s, a) => `En los últimos años, ${s} ha dejado de ser un asunto de especialistas para formar parte de la rutina de ${a}. El cambio no llegó de golpe: aparece en pequeñas decisiones del día a día que, sumadas, transforman la manera de trabajar.`,
      (_s, a) => `El primer paso es entender el problema antes que la solución. Hablar con ${a}, identificar lo que ya funciona y anotar dónde se pierde el tiempo suele revelar oportunidades sencillas, que no exigen grandes inversiones.`,
      (s) => `Cuando el tema es ${s}, es habitual querer resolverlo todo en un único proyecto. En la práctica, los ciclos cortos, con metas claras y revisiones frecuentes, dan resultados más consistentes y reducen el riesgo de tener que rehacer el trabajo.`,
      (_s, a) => `Otro punto importante es la comunicación. ${capitalize(a)} necesitan saber qué cambia, por qué cambia y cómo van a participar. Sin eso, hasta la mejor iniciativa pierde fuerza en las primeras semanas.`,
      (s) => `Medir es lo que separa la opinión del aprendizaje. Define pocos indicadores, síguelos con regularidad y comparte los números con el equipo: ${s} mejora más rápido cuando todos ven el efecto de su propio trabajo.`,
      (s, a) => `En una empresa mediana con la que trabajamos, ${s} empezó con un piloto de cuatro semanas. El grupo elegido representaba bien a ${a}, y lo aprendido en el piloto orientó la expansión al resto de las áreas.`,
      (s) => `Por último, conviene recordar que no existen recetas mágicas. Lo que funciona en un contexto puede no funcionar en otro, y adaptar ${s} a la realidad de tu empresa es parte del trabajo, no un desvío del plan.`,
    ],
    lists: [
      ['Empieza por algo pequeño y con un objetivo claro', 'Involucra desde el principio a quienes usarán la solución', 'Registra las decisiones y el motivo de cada una', 'Revisa los resultados cada dos semanas'],
      ['Nombra a un responsable', 'Elige dos o tres indicadores', 'Acuerda plazos realistas', 'Celebra las primeras victorias'],
      ['Describe el proceso actual', 'Enumera los cuellos de botella', 'Prioriza según el impacto', 'Prueba, mide y ajusta'],
    ],
    quotes: [
      'No es la herramienta la que transforma la empresa, son las personas que deciden usarla bien.',
      'Un buen proceso es aquel que las personas pueden explicar en pocas frases.',
      'Los resultados consistentes nacen de pequeñas mejoras hechas cada semana.',
    ],
  },
  'fr-FR': {
    headings: ["Pourquoi c'est important maintenant", 'Premiers pas', "Ce qu'il faut surveiller en chemin", 'Les erreurs fréquentes', 'Comment mesurer les résultats', 'Un exemple concret', 'Prochaines étapes'],
    paragraphs: [
      (s, a) => `Ces dernières années, ${s} n'est plus un sujet réservé aux spécialistes : pour ${a}, c'est devenu une affaire de tous les jours. Le changement ne s'est pas fait d'un coup : il se voit dans de petites décisions quotidiennes qui, mises bout à bout, transforment la façon de travailler.`,
      (_s, a) => `La première étape consiste à comprendre le problème avant de chercher la solution. Discuter avec ${a}, repérer ce qui fonctionne déjà et noter où le temps se perd révèle souvent des pistes simples, qui ne demandent pas de gros investissements.`,
      (s) => `Lorsqu'on aborde ${s}, on est souvent tenté de tout régler en un seul projet. En pratique, des cycles courts, avec des objectifs clairs et des revues fréquentes, donnent des résultats plus réguliers et réduisent le risque de devoir tout refaire.`,
      (_s, a) => `La communication est un autre point important. ${capitalize(a)} doivent savoir ce qui change, pourquoi cela change et quel sera leur rôle. Sans cela, même la meilleure initiative s'essouffle dès les premières semaines.`,
      (s) => `Mesurer, c'est ce qui sépare l'opinion de l'apprentissage. Choisissez quelques indicateurs, suivez-les régulièrement et partagez les chiffres avec l'équipe : ${s} progresse plus vite quand chacun voit l'effet de son propre travail.`,
      (s, a) => `Dans une entreprise de taille moyenne que nous avons accompagnée, ${s} a commencé par un pilote de quatre semaines. Le groupe choisi représentait bien ${a}, et les enseignements du pilote ont guidé le déploiement dans les autres services.`,
      (s) => `Enfin, rappelons qu'il n'existe pas de recette toute faite. Ce qui fonctionne dans un contexte peut échouer dans un autre, et adapter ${s} à la réalité de votre entreprise fait partie du travail : ce n'est pas un écart par rapport au plan.`,
    ],
    lists: [
      ['Commencez petit, avec un objectif clair', 'Impliquez dès le début ceux qui utiliseront la solution', 'Notez chaque décision et ce qui la motive', 'Faites le point sur les résultats toutes les deux semaines'],
      ['Désignez un responsable', 'Choisissez deux ou trois indicateurs', 'Fixez des délais réalistes', 'Célébrez les premières réussites'],
      ['Décrivez le processus actuel', "Listez les goulots d'étranglement", "Priorisez selon l'impact", 'Testez, mesurez et ajustez'],
    ],
    quotes: [
      "Ce n'est pas l'outil qui transforme l'entreprise, ce sont les personnes qui décident de bien s'en servir.",
      "Un bon processus, c'est celui que l'on peut expliquer en quelques phrases.",
      'Les résultats durables naissent de petites améliorations apportées chaque semaine.',
    ],
  },
  'ht-HT': {
    headings: ['Poukisa sa enpòtan kounye a', 'Premye pa yo', 'Sa pou veye sou wout la', 'Erè moun fè souvan', 'Kijan pou mezire rezilta yo', 'Yon egzanp reyèl', 'Pwochen etap yo'],
    paragraphs: [
      (s, a) => `Depi kèk ane, ${s} pa yon sijè pou espesyalis sèlman ankò: li fè pati woutin ${a} chak jou. Chanjman an pa rive yon sèl kou: li parèt nan ti desizyon moun pran chak jou, epi lè yo mete ansanm, yo chanje fason travay la fèt.`,
      (_s, a) => `Premye etap la se konprann pwoblèm nan anvan ou chèche solisyon an. Lè ou pale ak ${a}, lè ou note sa ki deja mache ak kote tan an ap pèdi, ou souvan dekouvri opòtinite ki senp, ki pa mande gwo envestisman.`,
      (s) => `Lè n ap pale de ${s}, anpil moun vle rezoud tout bagay nan yon sèl pwojè. Nan pratik, sik ki kout, ak objektif ki klè ak revizyon souvan, bay rezilta ki pi solid epi yo diminye risk pou refè travay la.`,
      (_s, a) => `Kominikasyon se yon lòt pwen ki enpòtan. ${capitalize(a)} bezwen konnen sa k ap chanje, poukisa l ap chanje ak ki wòl yo pral jwe. San sa, menm pi bon inisyativ la ap pèdi fòs depi premye semèn yo.`,
      (s) => `Mezire se sa ki fè diferans ant opinyon ak aprantisaj. Chwazi kèk endikatè, swiv yo regilyèman epi pataje chif yo ak ekip la: ${s} amelyore pi vit lè tout moun wè efè pwòp travay yo.`,
      (s, a) => `Nan yon antrepriz mwayen nou te travay avè l, ${s} te kòmanse ak yon pilòt kat semèn. Gwoup yo te chwazi a te byen reprezante ${a}, epi leson pilòt la te gide ekspansyon an nan lòt depatman yo.`,
      (s) => `Finalman, pa bliye pa gen resèt ki fèt davans. Sa ki mache nan yon kontèks ka pa mache nan yon lòt, epi adapte ${s} ak reyalite antrepriz ou a se yon pati nan travay la, se pa yon detou nan plan an.`,
    ],
    lists: [
      ['Kòmanse piti, ak yon objektif ki klè', 'Fè moun ki pral sèvi ak solisyon an patisipe depi nan kòmansman', 'Ekri chak desizyon ak rezon ki fè yo pran l', 'Revize rezilta yo chak de semèn'],
      ['Nonmen yon responsab', 'Chwazi de oswa twa endikatè', 'Dakò sou delè ki reyalis', 'Selebre premye siksè yo'],
      ['Dekri pwosesis la jan l ye kounye a', 'Fè lis blokaj yo', 'Bay priyorite selon enpak la', 'Teste, mezire epi ajiste'],
    ],
    quotes: [
      'Se pa zouti a ki transfòme antrepriz la, se moun ki deside sèvi avè l byen yo.',
      'Yon bon pwosesis se yon pwosesis moun ka esplike nan kèk fraz.',
      'Rezilta solid soti nan ti amelyorasyon ou fè chak semèn.',
    ],
  },
};

/** The search engines' description, about the subject, for the audience. */
const SEO_DESCRIPTION: Record<TranslationLocale, (subject: string, audience: string) => string> = {
  'en-US': (s, a) => `A practical guide to ${s} for ${a}: where to start, which mistakes to avoid and how to measure the results.`,
  'es-ES': (s, a) => `Guía práctica sobre ${s} para ${a}: por dónde empezar, qué errores evitar y cómo medir los resultados.`,
  'fr-FR': (s, a) => `Un guide pratique sur ${s} pour ${a} : par où commencer, quelles erreurs éviter et comment mesurer les résultats.`,
  'ht-HT': (s, a) => `Yon gid pratik sou ${s} pou ${a}: ki kote pou kòmanse, ki erè pou evite ak kijan pou mezire rezilta yo.`,
};

/**
 * The cover's alternative text: what coverSvg draws, a gradient in the main category's colours with translucent
 * circles (even topics) or rounded squares (odd ones).
 */
const COVER_ALT: Record<TranslationLocale, { text: (colours: string, shapes: string) => string; colours: Record<CategoryKey, string>; shapes: readonly [string, string] }> = {
  'en-US': {
    text: (c, s) => `Abstract cover: a gradient from ${c} with translucent ${s}`,
    colours: { technology: 'dark blue to light blue', design: 'purple to pink', marketing: 'yellow to orange', commerce: 'dark green to mint', human_resources: 'crimson to pink', innovation: 'teal to aqua' },
    shapes: ['circles', 'rounded squares'],
  },
  'es-ES': {
    text: (c, s) => `Portada abstracta: degradado del ${c} con ${s} translúcidos`,
    colours: { technology: 'azul oscuro al azul claro', design: 'morado al rosa', marketing: 'amarillo al naranja', commerce: 'verde oscuro al verde menta', human_resources: 'carmesí al rosa', innovation: 'verde azulado al aguamarina' },
    shapes: ['círculos', 'cuadrados redondeados'],
  },
  'fr-FR': {
    text: (c, s) => `Couverture abstraite : dégradé du ${c}, avec des ${s} translucides`,
    colours: { technology: 'bleu foncé au bleu clair', design: 'violet au rose', marketing: "jaune à l'orange", commerce: 'vert foncé au vert menthe', human_resources: 'rouge carmin au rose', innovation: "bleu canard à l'aigue-marine" },
    shapes: ['cercles', 'carrés arrondis'],
  },
  'ht-HT': {
    text: (c, s) => `Kouvèti abstrè: yon degrade ${c}, ak ${s}`,
    colours: { technology: 'ble fonse ak ble klè', design: 'vyolèt ak woz', marketing: 'jòn ak zoranj', commerce: 'vèt fonse ak vèt klè', human_resources: 'wouj ak woz', innovation: 'ble vèt fonse ak ble vèt klè' },
    shapes: ['sèk transparan', 'kare transparan ki gen kwen won'],
  },
};

/** One language's version of a topic: its title, and the subject and audience its body's template talks about. */
export interface DemoTranslationTexts {
  title: string;
  subject: string;
  audience: string;
  /** Left as a draft; or published, then shown out of date (its original changed since). Published otherwise. */
  state?: 'draft' | 'out_of_date';
}

/**
 * Which demo articles are translated (by their place in seed-content.ts's TOPICS): four in all four languages, the
 * others in one or two; every language has at least five published. Topics 0, 3, 7 and 11 are emphasised (the home's
 * emphasis section), 0–5 the newest (its recent ones and the blog's first page).
 */
export const DEMO_TRANSLATIONS: { topic: number; texts: Partial<Record<TranslationLocale, DemoTranslationTexts>> }[] = [
  {
    topic: 0, // Como a inteligência artificial está mudando o atendimento ao cliente
    texts: {
      'en-US': { title: 'How artificial intelligence is changing customer service', subject: 'artificial intelligence in customer service', audience: 'support teams' },
      'es-ES': { title: 'Cómo la inteligencia artificial está cambiando la atención al cliente', subject: 'la inteligencia artificial en la atención al cliente', audience: 'los equipos de soporte' },
      'fr-FR': { title: "Comment l'intelligence artificielle transforme le service client", subject: "l'intelligence artificielle dans le service client", audience: 'les équipes de support' },
      'ht-HT': { title: 'Kijan entèlijans atifisyèl ap chanje sèvis kliyan', subject: 'entèlijans atifisyèl nan sèvis kliyan', audience: 'ekip sipò yo' },
    },
  },
  {
    topic: 1, // Computação em nuvem para pequenas empresas: por onde começar
    texts: {
      'en-US': { title: 'Cloud computing for small businesses: where to start', subject: 'cloud migration', audience: 'small businesses' },
      'es-ES': { title: 'Computación en la nube para pequeñas empresas: por dónde empezar', subject: 'la migración a la nube', audience: 'las pequeñas empresas' },
      'fr-FR': { title: 'Le cloud pour les petites entreprises : par où commencer', subject: 'la migration vers le cloud', audience: 'les petites entreprises' },
      'ht-HT': { title: 'Sèvis nan nwaj pou ti antrepriz: ki kote pou kòmanse', subject: 'migrasyon nan nwaj la', audience: 'ti antrepriz yo' },
    },
  },
  {
    topic: 3, // Automação de processos sem código: ganhos rápidos no escritório
    texts: {
      'en-US': { title: 'No-code process automation: quick wins in the office', subject: 'no-code automation', audience: 'administrative teams' },
      'es-ES': { title: 'Automatización de procesos sin código: mejoras rápidas en la oficina', subject: 'la automatización sin código', audience: 'las áreas administrativas' },
      'fr-FR': { title: 'Automatiser ses processus sans code : des gains rapides au bureau', subject: "l'automatisation sans code", audience: 'les services administratifs' },
      'ht-HT': { title: 'Otomatize pwosesis san kòd: rezilta rapid nan biwo a', subject: 'otomatizasyon san kòd', audience: 'sèvis administratif yo' },
    },
  },
  {
    topic: 6, // Acessibilidade digital não é opcional
    texts: {
      'en-US': { title: 'Digital accessibility is not optional', subject: 'digital accessibility', audience: 'designers and developers' },
      'es-ES': { title: 'La accesibilidad digital no es opcional', subject: 'la accesibilidad digital', audience: 'los diseñadores y desarrolladores' },
      'fr-FR': { title: "L'accessibilité numérique n'est pas une option", subject: "l'accessibilité numérique", audience: 'les designers et les développeurs' },
      'ht-HT': { title: 'Aksesibilite dijital pa yon opsyon', subject: 'aksesibilite dijital', audience: 'designer ak devlopè yo' },
    },
  },
  {
    topic: 2, // Segurança da informação: hábitos simples que evitam grandes problemas
    texts: {
      'en-US': { title: 'Information security: simple habits that prevent big problems', subject: 'information security', audience: 'teams in every department' },
      'es-ES': { title: 'Seguridad de la información: hábitos sencillos que evitan grandes problemas', subject: 'la seguridad de la información', audience: 'los equipos de todas las áreas' },
    },
  },
  {
    topic: 5, // Design system: consistência que acelera o produto
    texts: {
      'es-ES': { title: 'Sistema de diseño: coherencia que acelera el producto', subject: 'un sistema de diseño', audience: 'los equipos de producto' },
      // Still being written: the editor's list shows a draft, the public page the original.
      'ht-HT': { title: 'Design system: konsistans ki akselere pwodwi a', subject: 'yon design system', audience: 'ekip pwodwi yo', state: 'draft' },
    },
  },
  {
    topic: 7, // Tipografia na web: escolhas que melhoram a leitura
    texts: {
      'fr-FR': { title: 'La typographie sur le web : des choix qui améliorent la lecture', subject: 'la typographie web', audience: 'les personnes qui publient du contenu' },
      'ht-HT': { title: 'Tipografi sou entènèt: chwa ki fè lekti a pi fasil', subject: 'tipografi sou entènèt', audience: 'moun ki pibliye kontni yo' },
    },
  },
  {
    topic: 11, // SEO em 2024: o que ainda funciona
    texts: {
      // Published, and out of date: the editor's list shows that the original changed after it was translated.
      'en-US': { title: 'SEO in 2024: what still works', subject: 'search engine optimization', audience: 'people who run a website', state: 'out_of_date' },
    },
  },
];

const HOUR = 3_600_000;
/** How long after the original each language's translation was published (never later than an hour or so ago). */
const LAG: Record<TranslationLocale, number> = { 'en-US': 24 * HOUR, 'es-ES': 36 * HOUR, 'fr-FR': 60 * HOUR, 'ht-HT': 84 * HOUR };

function capitalize(text: string): string {
  return `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;
}

/** The translations above, saved as the editor saves them (each with its revision), for the seeded articles. */
export async function seedDemoTranslations(db: Queryable, seeded: readonly DemoArticle[], now = Date.now()): Promise<void> {
  for (const { topic, texts } of DEMO_TRANSLATIONS) {
    const article = seeded.find((a) => a.topic === topic);
    if (!article?.published_at) throw new Error(`demo translations: topic ${topic} is not a published demo article`);
    for (const [rank, locale] of TRANSLATED_LOCALES.entries()) {
      const version = texts[locale];
      if (!version) continue;
      const content = demoArticleHtml(topic, version.subject, version.audience, BODY_WORDS[locale]);
      const text = htmlToText(content);
      const excerpt = defaultExcerpt(text);
      const alt = COVER_ALT[locale];
      const draft = version.state === 'draft';
      await translations.save(db, article.id, locale, {
        title: version.title,
        excerpt,
        content,
        content_text: text,
        word_count: text.split(' ').length,
        image_alt: alt.text(alt.colours[article.category], alt.shapes[topic % 2] ?? ''),
        seo_description: SEO_DESCRIPTION[locale](version.subject, version.audience),
        status: draft ? 'draft' : 'published',
        publish_at: null,
        published_at: draft ? null : new Date(Math.min(article.published_at.getTime() + LAG[locale], now - (TRANSLATED_LOCALES.length - rank) * HOUR)),
        author_id: article.author_id,
      });
      await articles.addRevision(db, { article_id: article.id, kind: 'save', title: version.title, excerpt, content, author_id: article.author_id, locale });
      if (version.state === 'out_of_date') {
        // The demo's out-of-date state: the translation was saved against an earlier text of the original.
        await db.query(`UPDATE article_translations SET source_hash = md5('an earlier text of the original') WHERE article_id = $1 AND locale = $2`, [article.id, locale]);
      }
    }
  }
}

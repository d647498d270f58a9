import type { FaqTranslations } from '@vitrine/contracts';
import type { Queryable } from './db';
import { uniqueKey } from './lib/security';
import * as siteSettings from './repositories/site-settings';

/** Demo contact messages: who wrote, about what, how long ago (hours), and whether staff have read it. */
const DEMO_MESSAGES = [
  { name: 'Juliana Prado', email: 'juliana.prado@exemplo.com.br', company: 'Prado Arquitetura', telephone: '+55 11 98123-4567', subject: 'Orçamento para um site novo', body: 'Olá! Somos um escritório de arquitetura com 12 pessoas e queremos um site com portfólio e blog.\nVocês conseguem nos enviar um orçamento e um prazo estimado?\n\nObrigada,\nJuliana', hours: 3, read: false },
  { name: 'Marcos Teixeira', email: 'marcos@padariateixeira.com.br', company: 'Padaria Teixeira', telephone: '+55 21 99876-1122', subject: 'Newsletter para clientes', body: 'Bom dia. Gostaria de entender como funciona a newsletter semanal e se posso usar para divulgar promoções da padaria.', hours: 26, read: false },
  { name: 'Renata Alves', email: 'renata.alves@contabilra.com.br', company: 'RA Contabilidade', telephone: '+55 31 3222-9090', subject: 'Parceria de conteúdo', body: 'Escrevo artigos sobre gestão financeira para pequenas empresas e gostaria de propor uma parceria de conteúdo para o blog de vocês.', hours: 50, read: true },
];

/** Demo newsletter subscribers: confirmed, one waiting for confirmation, one who left with a reason. */
const DEMO_SUBSCRIBERS = [
  { email: 'leitora.assidua@exemplo.com.br', name: 'Carla Nunes', state: 'active' },
  { email: 'gestor.ti@exemplo.com.br', name: 'Paulo Mendes', state: 'active' },
  { email: 'aguardando@exemplo.com.br', name: '', state: 'pending' },
  { email: 'saiu.da.lista@exemplo.com.br', name: 'Tiago Rocha', state: 'cancelled' },
] as const;

/** The demo company's social profiles (the public footer's links). */
const DEMO_SOCIAL = [
  { network: 'instagram', url: 'https://www.instagram.com/vitrine.demo' },
  { network: 'linkedin', url: 'https://www.linkedin.com/company/vitrine-demo' },
  { network: 'youtube', url: 'https://www.youtube.com/@vitrine-demo' },
] as const;

/**
 * The demo's audience: an inbox with unread messages, their contact leads, a few subscribers, the social links and the
 * welcome mail turned on with the texts migration 024 wrote in the five languages (first start only).
 */
export async function seedDemoAudience(db: Queryable): Promise<void> {
  await siteSettings.save(db, 'social', [...DEMO_SOCIAL]);
  const { welcome } = await siteSettings.read(db, ['welcome']);
  await siteSettings.save(db, 'welcome', { ...welcome, enabled: true });
  for (const m of DEMO_MESSAGES) {
    const at = new Date(Date.now() - m.hours * 3_600_000);
    const [lead] = await db.query<{ id: string }>(
      `INSERT INTO leads (unique_key, module, email, name, company, telephone, subject, message, classification, created_at, updated_at)
       VALUES ($1, 'contact', $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id::text AS id`,
      [uniqueKey(), m.email, m.name, m.company, m.telephone, m.subject, m.body, m.read ? 'warm' : 'none', at],
    );
    await db.query(
      `INSERT INTO messages (unique_key, lead_id, name, email, company, telephone, subject, body, locale, read_at, notified_at, created_at)
       VALUES ($1, $2::bigint, $3, $4, $5, $6, $7, $8, 'pt-BR', $9, $10, $10)`,
      [uniqueKey(), lead?.id, m.name, m.email, m.company, m.telephone, m.subject, m.body, m.read ? at : null, at],
    );
  }
  for (const [i, s] of DEMO_SUBSCRIBERS.entries()) {
    const at = new Date(Date.now() - (i + 2) * 86_400_000);
    await db.query(
      `INSERT INTO leads (unique_key, module, email, name, newsletter_status, confirmed_at, unsubscribe_reason, unsubscribed_at, created_at, updated_at)
       VALUES ($1, 'newsletter', $2, $3, $4, $5, $6, $7, $8, $8)`,
      [
        uniqueKey(),
        s.email,
        s.name,
        s.state === 'pending' ? null : s.state,
        s.state === 'pending' ? null : at,
        s.state === 'cancelled' ? 'too-frequent' : null,
        s.state === 'cancelled' ? new Date(at.getTime() + 86_400_000) : null,
        at,
      ],
    );
  }
}

/**
 * The demo FAQ's products in the other languages (an entry's `product_names`; the product's name is the same on all
 * its entries). RC Sistem I is a brand: the same in every language, so it has none.
 */
export const DEMO_FAQ_PRODUCTS: Record<string, FaqTranslations> = {
  'RC Sistem I': {},
  'Sites e blog': { 'en-US': 'Websites and blog', 'es-ES': 'Sitios web y blog', 'fr-FR': 'Sites web et blog', 'ht-HT': 'Sit entènèt ak blog' },
  Newsletter: { 'en-US': 'Newsletter', 'es-ES': 'Boletín', 'fr-FR': 'Newsletter', 'ht-HT': 'Bilten' },
};

/**
 * Demo FAQ: questions of the systems product, of the site and of the newsletter, in pt-BR with their translations
 * (migration 019 writes the same translations on databases seeded before it).
 */
export const DEMO_FAQ: { product: string; slug: string; question: string; answer: string; questions: FaqTranslations; answers: FaqTranslations }[] = [
  {
    product: 'RC Sistem I',
    slug: 'o-que-e-o-rc-sistem-i',
    question: 'O que é o RC Sistem I?',
    answer: 'O RC Sistem I é o sistema de gestão da Vitrine para pequenas e médias empresas: vendas, estoque, financeiro e atendimento em um só lugar, no navegador e no celular.',
    questions: { 'en-US': 'What is RC Sistem I?', 'es-ES': '¿Qué es RC Sistem I?', 'fr-FR': 'Qu’est-ce que RC Sistem I ?', 'ht-HT': 'Kisa RC Sistem I ye?' },
    answers: {
      'en-US': "RC Sistem I is Vitrine's management system for small and medium-sized businesses: sales, inventory, finance and customer service in one place, in the browser and on your phone.",
      'es-ES': 'RC Sistem I es el sistema de gestión de Vitrine para pequeñas y medianas empresas: ventas, inventario, finanzas y atención al cliente en un solo lugar, en el navegador y en el móvil.',
      'fr-FR': 'RC Sistem I est le logiciel de gestion de Vitrine pour les petites et moyennes entreprises : ventes, stocks, finances et service client au même endroit, dans le navigateur et sur mobile.',
      'ht-HT': 'RC Sistem I se sistèm jesyon Vitrine pou ti ak mwayen antrepriz: lavant, stòk, finans ak sèvis kliyan nan yon sèl kote, nan navigatè a ak sou telefòn.',
    },
  },
  {
    product: 'RC Sistem I',
    slug: 'preciso-instalar-alguma-coisa',
    question: 'Preciso instalar alguma coisa?',
    answer: 'Não. O RC Sistem I roda na nuvem: basta um navegador atualizado. Seus dados ficam em servidores no Brasil, com cópias de segurança diárias.',
    questions: { 'en-US': 'Do I need to install anything?', 'es-ES': '¿Tengo que instalar algo?', 'fr-FR': 'Dois-je installer quelque chose ?', 'ht-HT': 'Èske m bezwen enstale kèk bagay?' },
    answers: {
      'en-US': 'No. RC Sistem I runs in the cloud: all you need is an up-to-date browser. Your data is kept on servers in Brazil, with daily backups.',
      'es-ES': 'No. RC Sistem I funciona en la nube: basta con un navegador actualizado. Tus datos se guardan en servidores en Brasil, con copias de seguridad diarias.',
      'fr-FR': 'Non. RC Sistem I fonctionne dans le cloud : un navigateur à jour suffit. Vos données sont hébergées sur des serveurs au Brésil, avec des sauvegardes quotidiennes.',
      'ht-HT': 'Non. RC Sistem I mache nan nyaj la: ou bezwen yon navigatè ki ajou sèlman. Done ou yo sere sou sèvè ki nan Brezil, ak yon kopi sekirite chak jou.',
    },
  },
  {
    product: 'RC Sistem I',
    slug: 'posso-importar-meus-dados',
    question: 'Posso importar meus dados de outro sistema?',
    answer: 'Sim. Importamos clientes, produtos e saldos de planilhas (CSV ou Excel) e dos sistemas mais usados do mercado.\n\nA equipe de implantação acompanha a primeira importação com você.',
    questions: {
      'en-US': 'Can I import my data from another system?',
      'es-ES': '¿Puedo importar mis datos de otro sistema?',
      'fr-FR': 'Puis-je importer mes données depuis un autre logiciel ?',
      'ht-HT': 'Èske m ka enpòte done m yo soti nan yon lòt sistèm?',
    },
    answers: {
      'en-US': 'Yes. We import customers, products and balances from spreadsheets (CSV or Excel) and from the most widely used systems on the market.\n\nOur onboarding team goes through the first import with you.',
      'es-ES': 'Sí. Importamos clientes, productos y saldos desde hojas de cálculo (CSV o Excel) y desde los sistemas más usados del mercado.\n\nEl equipo de implantación te acompaña en la primera importación.',
      'fr-FR': 'Oui. Nous importons clients, produits et soldes depuis des tableurs (CSV ou Excel) et depuis les logiciels les plus utilisés du marché.\n\nL’équipe de déploiement vous accompagne lors de la première importation.',
      'ht-HT': 'Wi. Nou enpòte kliyan, pwodui ak balans ki nan fèy kalkil (CSV oswa Excel) ak nan sistèm moun plis itilize sou mache a.\n\nEkip enstalasyon an akonpaye w pandan premye enpòtasyon an.',
    },
  },
  {
    product: 'RC Sistem I',
    slug: 'quanto-custa',
    question: 'Quanto custa?',
    answer: 'Os planos são mensais, por número de usuários, sem taxa de implantação. Fale com a gente pelo formulário de contato para receber uma proposta.',
    questions: { 'en-US': 'How much does it cost?', 'es-ES': '¿Cuánto cuesta?', 'fr-FR': 'Combien ça coûte ?', 'ht-HT': 'Konbyen li koute?' },
    answers: {
      'en-US': 'Plans are monthly, priced by number of users, with no setup fee. Get in touch through the contact form to receive a proposal.',
      'es-ES': 'Los planes son mensuales, según el número de usuarios, sin cuota de implantación. Escríbenos desde el formulario de contacto para recibir una propuesta.',
      'fr-FR': 'Les formules sont mensuelles, selon le nombre d’utilisateurs, sans frais de mise en service. Écrivez-nous via le formulaire de contact pour recevoir une proposition.',
      'ht-HT': 'Plan yo se pa mwa, selon kantite itilizatè, san frè enstalasyon. Ekri nou nan fòmilè kontak la pou w resevwa yon pwopozisyon.',
    },
  },
  {
    product: 'Sites e blog',
    slug: 'quanto-tempo-leva-um-site-novo',
    question: 'Quanto tempo leva para um site novo ficar pronto?',
    answer: 'Um site institucional com blog fica pronto em quatro a seis semanas, contando com a revisão dos textos e das imagens pela sua equipe.',
    questions: {
      'en-US': 'How long does a new website take to be ready?',
      'es-ES': '¿Cuánto tarda un sitio web nuevo en estar listo?',
      'fr-FR': 'En combien de temps un nouveau site est-il prêt ?',
      'ht-HT': 'Konbyen tan sa pran pou yon nouvo sit entènèt pare?',
    },
    answers: {
      'en-US': "A company website with a blog is ready in four to six weeks, including your team's review of the texts and images.",
      'es-ES': 'Un sitio web corporativo con blog está listo en un plazo de cuatro a seis semanas, incluida la revisión de los textos y las imágenes por parte de tu equipo.',
      'fr-FR': 'Un site vitrine avec blog est prêt en quatre à six semaines, relecture des textes et des images par votre équipe comprise.',
      'ht-HT': 'Yon sit entènèt pou antrepriz ak yon blog pare nan kat a sis semèn, ansanm ak tan ekip ou a pran pou revize tèks yo ak imaj yo.',
    },
  },
  {
    product: 'Sites e blog',
    slug: 'eu-mesmo-posso-publicar-artigos',
    question: 'Eu mesmo posso publicar artigos?',
    answer: 'Sim. A área administrativa tem um editor de artigos com imagens, categorias, rascunhos e agendamento; qualquer pessoa da equipe com acesso publica em minutos.',
    questions: { 'en-US': 'Can I publish articles myself?', 'es-ES': '¿Puedo publicar artículos yo mismo?', 'fr-FR': 'Puis-je publier des articles moi-même ?', 'ht-HT': 'Èske mwen menm ka pibliye atik?' },
    answers: {
      'en-US': 'Yes. The admin area has an article editor with images, categories, drafts and scheduling; anyone on your team with access can publish in minutes.',
      'es-ES': 'Sí. El área de administración tiene un editor de artículos con imágenes, categorías, borradores y programación; cualquier persona del equipo con acceso publica en minutos.',
      'fr-FR': 'Oui. L’espace d’administration comprend un éditeur d’articles avec images, catégories, brouillons et programmation ; toute personne de l’équipe qui y a accès publie en quelques minutes.',
      'ht-HT': 'Wi. Espas administrasyon an gen yon editè atik ak imaj, kategori, bouyon ak pwogramasyon; nenpòt moun nan ekip la ki gen aksè ka pibliye nan kèk minit.',
    },
  },
  {
    product: 'Newsletter',
    slug: 'com-que-frequencia-a-newsletter-chega',
    question: 'Com que frequência a newsletter chega?',
    answer: 'Uma vez por semana, às segundas-feiras de manhã, com os artigos publicados na semana. Se não houver artigo novo, não enviamos nada.',
    questions: {
      'en-US': 'How often does the newsletter arrive?',
      'es-ES': '¿Con qué frecuencia llega el boletín?',
      'fr-FR': 'À quelle fréquence la newsletter arrive-t-elle ?',
      'ht-HT': 'Chak konbyen tan bilten an rive?',
    },
    answers: {
      'en-US': 'Once a week, on Monday mornings, with the articles published that week. If there is no new article, we send nothing.',
      'es-ES': 'Una vez por semana, los lunes por la mañana, con los artículos publicados esa semana. Si no hay ningún artículo nuevo, no enviamos nada.',
      'fr-FR': 'Une fois par semaine, le lundi matin, avec les articles publiés dans la semaine. S’il n’y a pas de nouvel article, nous n’envoyons rien.',
      'ht-HT': 'Yon fwa pa semèn, lendi maten, ak atik ki pibliye pandan semèn nan. Si pa gen nouvo atik, nou pa voye anyen.',
    },
  },
  {
    product: 'Newsletter',
    slug: 'como-cancelo-a-inscricao',
    question: 'Como cancelo a inscrição?',
    answer: 'Todo e-mail da newsletter traz um link "Cancelar a inscrição" no rodapé. O cancelamento vale na hora, e você pode voltar quando quiser.',
    questions: { 'en-US': 'How do I unsubscribe?', 'es-ES': '¿Cómo cancelo la suscripción?', 'fr-FR': 'Comment me désabonner ?', 'ht-HT': 'Kijan pou m dezabone?' },
    answers: {
      'en-US': 'Every newsletter email has an “Unsubscribe” link in its footer. Unsubscribing takes effect right away, and you can come back whenever you like.',
      'es-ES': 'Todos los correos del boletín llevan un enlace «Cancelar la suscripción» al pie. La baja es inmediata y puedes volver cuando quieras.',
      'fr-FR': 'Chaque e-mail de la newsletter contient un lien « Se désabonner » en bas de page. Le désabonnement prend effet immédiatement, et vous pouvez revenir quand vous le souhaitez.',
      'ht-HT': 'Chak email bilten an gen yon lyen “Dezabone” anba paj la. Dezabònman an fèt touswit, epi ou ka tounen nenpòt lè ou vle.',
    },
  },
];

/** The demo FAQ with its translations; an entry whose slug is taken is left as it is. */
export async function seedDemoFaq(db: Queryable): Promise<void> {
  for (const [position, entry] of DEMO_FAQ.entries()) {
    await db.query(
      `INSERT INTO faq_entries (product, slug, question, answer, position, product_names, questions, answers)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb) ON CONFLICT (slug) DO NOTHING`,
      [
        entry.product,
        entry.slug,
        entry.question,
        entry.answer,
        position,
        JSON.stringify(DEMO_FAQ_PRODUCTS[entry.product] ?? {}),
        JSON.stringify(entry.questions),
        JSON.stringify(entry.answers),
      ],
    );
  }
}

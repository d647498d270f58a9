import type {
  Article,
  ArticleTranslation,
  Category,
  DigestSendStates,
  FaqEntry,
  Image,
  LeadWithBounce,
  MessageReply,
  ReceivedMessage,
  ReceivedMessageDetail,
  WhatsappSettings,
} from '@vitrine/contracts';

export function makeImage(overrides: Partial<Image> = {}): Image {
  return {
    id: 'img-1',
    url: '/uploads/img-1-1280.webp',
    srcset: '/uploads/img-1-480.webp 480w, /uploads/img-1-1280.webp 1280w',
    width: 1280,
    height: 720,
    ...overrides,
  };
}

export function makeCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: 1,
    unique_key: 'technology',
    name: 'Tecnologia',
    names: {},
    description: 'Tudo sobre tecnologia',
    descriptions: {},
    image: null,
    text_color: '#ffffff',
    background_color: '#1e3a8a',
    active: true,
    article_count: 3,
    created_at: '2026-01-10T10:00:00.000Z',
    updated_at: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function makeArticle(overrides: Partial<Article> = {}): Article {
  return {
    id: 5,
    unique_key: 'como-vender-mais',
    title: 'Como vender mais',
    excerpt: 'Dicas práticas',
    content: '<p>Conteúdo do artigo</p>',
    image: makeImage(),
    categories: [{ id: 1, unique_key: 'technology', name: 'Tecnologia', text_color: '#ffffff', background_color: '#1e3a8a' }],
    author: { id: 1, unique_key: 'u-1', name: 'Ana', last_name: 'Souza', position: 'Editora', photo: null, biography: null },
    status: 'draft',
    emphasis: false,
    meta_description: '',
    social_image: null,
    publish_at: null,
    published_at: null,
    published_on: null,
    reading_minutes: 1,
    reads: 0,
    created_at: '2026-01-10T10:00:00.000Z',
    updated_at: '2026-01-12T10:00:00.000Z',
    ...overrides,
  };
}

export function makeTranslation(overrides: Partial<ArticleTranslation> = {}): ArticleTranslation {
  return {
    locale: 'en-US',
    title: 'How to sell more',
    excerpt: 'Practical tips',
    content: '<p>The article body</p>',
    image_alt: '',
    seo_description: '',
    status: 'draft',
    state: 'draft',
    publish_at: null,
    published_at: null,
    reading_minutes: 1,
    out_of_date: false,
    author: { id: 1, name: 'Ana', last_name: 'Souza' },
    created_at: '2026-01-13T10:00:00.000Z',
    updated_at: '2026-01-13T10:00:00.000Z',
    ...overrides,
  };
}

export function makeReceivedMessage(overrides: Partial<ReceivedMessage> = {}): ReceivedMessage {
  return {
    id: 12,
    unique_key: 'k3y-abc',
    name: 'Carla Dias',
    email: 'carla@empresa.com.br',
    company: 'Empresa SA',
    telephone: '+55 (11) 98888-7777',
    subject: 'Orçamento do site',
    preview: 'Olá, gostaria de um orçamento',
    read: false,
    archived: false,
    suspected: null,
    replies: 0,
    created_at: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function makeMessageDetail(overrides: Partial<ReceivedMessageDetail> = {}): ReceivedMessageDetail {
  const { preview: _preview, replies: _replies, ...message } = makeReceivedMessage({ read: true });
  return {
    ...message,
    message: 'Olá, gostaria de um orçamento.\nPodem me ligar amanhã?',
    read_at: '2026-01-10T11:00:00.000Z',
    replies: [],
    ...overrides,
  };
}

export function makeMessageReply(overrides: Partial<MessageReply> = {}): MessageReply {
  return {
    id: 1,
    body: 'Olá, Carla! Ligamos amanhã às 10h.',
    author: { id: 1, name: 'Ana Souza' },
    delivery: 'queued',
    created_at: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

export function makeLead(overrides: Partial<LeadWithBounce> = {}): LeadWithBounce {
  return {
    id: 21,
    unique_key: 'l34d-abc',
    module: 'contact',
    name: 'Carla Dias',
    email: 'carla@empresa.com.br',
    company: 'Empresa SA',
    telephone: '+55 (11) 98888-7777',
    subject: 'Orçamento do site',
    message: 'Olá, gostaria de um orçamento.\nPodem me ligar amanhã?',
    classification: 'none',
    status: 'active',
    newsletter_status: null,
    confirmed: false,
    is_lead: false,
    converted_at: null,
    unsubscribe_reason: null,
    bounced_at: null,
    bounce_reason: null,
    created_at: '2026-01-10T10:00:00.000Z',
    updated_at: '2026-01-12T10:00:00.000Z',
    ...overrides,
  };
}

export function makeDigestSend(overrides: Partial<DigestSendStates> = {}): DigestSendStates {
  return {
    id: 3,
    week: '2026-W02',
    status: 'done',
    subject: 'Resumo da semana: 3 artigos novos',
    articles: 3,
    total: 120,
    sent: 118,
    failed: 2,
    queued: 0,
    created_at: '2026-01-12T12:00:00.000Z',
    finished_at: '2026-01-12T12:05:00.000Z',
    states: { queued: 0, sending: 0, sent: 118, stored: 0, deferred: 0, failed: 2, bounced: 0, skipped: 0 },
    ...overrides,
  };
}

export function makeWhatsappSettings(overrides: Partial<WhatsappSettings> = {}): WhatsappSettings {
  return {
    enabled: true,
    description: 'Fale com a gente',
    phone: '+5511912345678',
    message: 'Olá! Vim pelo site e quero saber mais.',
    color: '#1e3a8a',
    ...overrides,
  };
}

export function makeFaqEntry(overrides: Partial<FaqEntry> = {}): FaqEntry {
  return {
    id: 1,
    product: 'RC Sistem I',
    slug: 'quanto-custa',
    question: 'Quanto custa?',
    answer: 'Há três planos, a partir de R$ 99 por mês.\n\nO primeiro mês é grátis.',
    position: 0,
    active: true,
    product_names: {},
    questions: {},
    answers: {},
    ...overrides,
  };
}

export const listPage = <T>(items: T[], total = items.length) => ({ items, total, page: 1, limit: 10 });

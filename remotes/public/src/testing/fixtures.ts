import type { Article, ArticleCard, AuthorCard, CategoryChip, HomeSections, SiteInfo } from '@vitrine/contracts';

export const tech: CategoryChip = { id: 1, unique_key: 'tecnologia', name: 'Tecnologia', text_color: '#ffffff', background_color: '#1b2a4a' };
export const design: CategoryChip = { id: 2, unique_key: 'design', name: 'Design', text_color: '#1b2a4a', background_color: '#f3e8ff' };

export const author: AuthorCard = {
  id: 7,
  unique_key: '5d8f3c1a-9b7e-4f2a-8c6d-1e2f3a4b5c6d',
  name: 'Ana',
  last_name: 'Souza',
  position: 'Editora',
  photo: null,
  biography: 'Escreve sobre tecnologia.',
};

let next = 100;
export function card(overrides: Partial<ArticleCard> = {}): ArticleCard {
  next += 1;
  return {
    id: next,
    unique_key: `artigo-${next}`,
    title: `Artigo ${next}`,
    excerpt: 'Um resumo curto do artigo.',
    image: { id: `img-${next}`, url: `/uploads/${next}.webp`, srcset: `/uploads/${next}-480.webp 480w, /uploads/${next}-960.webp 960w`, width: 960, height: 540 },
    categories: [tech],
    author,
    published_at: '2025-03-10T12:00:00.000Z',
    published_on: '2025-03-10',
    reading_minutes: 4,
    emphasis: false,
    ...overrides,
  };
}

export function article(overrides: Partial<Article> = {}): Article {
  return {
    ...card({ id: 42, unique_key: 'design-que-vende', title: 'Design que vende' }),
    content: '<p>Um texto curto sobre design.</p>',
    status: 'published',
    meta_description: 'Como o design ajuda a vender.',
    social_image: null,
    publish_at: null,
    reads: 3,
    created_at: '2025-03-01T12:00:00.000Z',
    updated_at: '2025-03-10T12:00:00.000Z',
    ...overrides,
  };
}

export function home(overrides: Partial<HomeSections> = {}): HomeSections {
  return {
    emphasis: [card({ title: 'Destaque principal', emphasis: true }), card({ title: 'Destaque dois' }), card({ title: 'Destaque três' })],
    recent: [card({ title: 'Recente um' }), card({ title: 'Recente dois' })],
    popular: [card({ title: 'Popular um' })],
    tendencies: [card({ title: 'Tendência um' })],
    tags: [
      { category: tech, count: 12 },
      { category: design, count: 5 },
    ],
    ...overrides,
  };
}

/** GET /public/site: the site's name (no logo), the company's contact details. */
export const site: SiteInfo = {
  identity: { name: 'Vitrine', logo: null },
  contact: {
    name: 'Vitrine Comunicação Ltda.',
    email: 'contato@vitrine.example',
    phone: '+55 (11) 4000-1234',
    address: 'Av. Paulista, 1000 – São Paulo, SP',
    hours: 'Segunda a sexta, das 9h às 18h',
  },
  social: [
    { network: 'instagram', url: 'https://www.instagram.com/vitrine.example' },
    { network: 'linkedin', url: 'https://www.linkedin.com/company/vitrine-example' },
  ],
  whatsapp: null,
};

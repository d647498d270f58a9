import { ArticlesService } from './articles';
import { AuthService } from './auth';
import { CategoriesService } from './categories';
import { ContactService } from './contact';
import { ImagesService } from './images';
import { MessagesService } from './messages';
import { NewsletterService } from './newsletter';
import { LeadsService } from './leads';
import { FaqService } from './faq';
import { DigestService, type DigestTuning } from './digest';
import { PublicContentService } from './public-content';
import { ReportsService } from './reports';
import type { ServiceDeps } from './context';
import { PasswordHasher } from './passwords';
import { SeoService } from './seo';
import { UsersService } from './users';
import { WebhooksService } from './webhooks';

export interface Services {
  auth: AuthService;
  users: UsersService;
  seo: SeoService;
  images: ImagesService;
  categories: CategoriesService;
  articles: ArticlesService;
  publicContent: PublicContentService;
  contact: ContactService;
  messages: MessagesService;
  newsletter: NewsletterService;
  digest: DigestService;
  leads: LeadsService;
  faq: FaqService;
  reports: ReportsService;
  webhooks: WebhooksService;
}

export function createServices(deps: ServiceDeps, tuning: { digest?: Partial<DigestTuning> | undefined } = {}): Services {
  const hasher = new PasswordHasher(deps.config.scryptCost, { concurrency: deps.config.hashConcurrency, queue: deps.config.hashQueue, perClient: deps.config.hashPerClient });
  return {
    auth: new AuthService(deps, hasher),
    users: new UsersService(deps, hasher),
    seo: new SeoService(deps),
    images: new ImagesService(deps),
    categories: new CategoriesService(deps),
    articles: new ArticlesService(deps),
    publicContent: new PublicContentService(deps),
    contact: new ContactService(deps),
    messages: new MessagesService(deps),
    newsletter: new NewsletterService(deps),
    digest: new DigestService(deps, tuning.digest),
    leads: new LeadsService(deps),
    faq: new FaqService(deps),
    reports: new ReportsService(deps),
    webhooks: new WebhooksService(deps),
  };
}

import type { ComponentType } from 'react';
import type { RemotePagesModule } from '@vitrine/contracts';
import { browserRoute, type PageDefinition } from './lib/route';
import { blogRoute } from './features/blog/route';
import { contactRoute } from './features/contact/route';
import { faqRoute } from './features/faq/route';
import { homeRoute } from './features/home/route';
import { unsubscribeRoute } from './features/newsletter/route';
import { postRoute } from './features/post/route';
import { playgroundRoute } from './features/playground/route';
import { loadPlaygroundTexts } from './features/playground/texts';
import { profileRoute } from './features/profile/route';
import { rcSistemRoute } from './features/rc-sistem/route';
import { searchRoute } from './features/search/route';
import { loadPublicTexts } from './texts';

/** A page's chunk and the public texts of the current language, fetched together (lib/route.tsx). */
const route = (definition: PageDefinition, load: () => Promise<ComponentType>) => browserRoute(definition, load, loadPublicTexts);

const home = route(homeRoute, () => import('./features/home/home-page').then((m) => m.HomePage));
const blog = route(blogRoute, () => import('./features/blog/blog-page').then((m) => m.BlogPage));
const search = route(searchRoute, () => import('./features/search/search-page').then((m) => m.SearchPage));
const post = route(postRoute, () => import('./features/post/post-page').then((m) => m.PostPage));
const profile = route(profileRoute, () => import('./features/profile/profile-page').then((m) => m.ProfilePage));
const contact = route(contactRoute, () => import('./features/contact/contact-page').then((m) => m.ContactPage));
const unsubscribe = route(unsubscribeRoute, () => import('./features/newsletter/unsubscribe-page').then((m) => m.UnsubscribePage));
const faq = route(faqRoute, () => import('./features/faq/faq-page').then((m) => m.FaqPage));
const rcSistem = route(rcSistemRoute, () => import('./features/rc-sistem/rc-sistem-page').then((m) => m.RcSistemPage));
// The playground's texts are its own namespace, fetched with it (features/playground/texts.ts).
const playground = browserRoute(
  playgroundRoute,
  () => import('./features/playground/playground-page').then((m) => m.PlaygroundPage),
  () => Promise.all([loadPublicTexts(), loadPlaygroundTexts()]).then(() => undefined),
);

/**
 * The public remote's surface: per route name, its server-renderable route (data, page, head) and,
 * for shells that predate routes, the page alone (it then loads its own data).
 */
export const routes = { home, blog, 'list-article-results': search, post, profile, contact, 'unsubscribe-newsletter': unsubscribe, faq, 'rc-sistemI': rcSistem, playground } satisfies RemotePagesModule['routes'];

export const pages = {
  home: home.Page,
  blog: blog.Page,
  'list-article-results': search.Page,
  post: post.Page,
  profile: profile.Page,
  contact: contact.Page,
  'unsubscribe-newsletter': unsubscribe.Page,
  faq: faq.Page,
  'rc-sistemI': rcSistem.Page,
  playground: playground.Page,
} satisfies RemotePagesModule['pages'];

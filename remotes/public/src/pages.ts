import type { ComponentType } from 'react';
import type { RemotePagesModule } from '@vitrine/contracts';
import { browserRoute, preloadable, type PageDefinition } from './lib/route';
import { blogRoute } from './features/blog/route';
import { contactRoute } from './features/contact/route';
import { faqRoute } from './features/faq/route';
import { homeRoute } from './features/home/route';
import { unsubscribeRoute } from './features/newsletter/route';
import { postRoute } from './features/post/route';
import { playgroundRoute } from './features/playground/route';
import { profileRoute } from './features/profile/route';
import { rcSistemRoute } from './features/rc-sistem/route';
import { searchRoute } from './features/search/route';
import { loadPublicTexts } from './texts';

/**
 * This remote's part of the public footer (RemotePagesModule.footer), in a chunk of its own fetched with
 * the public texts and with every page's code, so a server-rendered page hydrates it at once.
 */
const footerPart = preloadable(() => Promise.all([import('./components/site-footer'), loadPublicTexts()]).then(([m]) => m.SiteFooter));

/** A page's chunk, the footer's and the public texts of the current language, fetched together (lib/route.tsx). */
const withFooter = (loadTexts: () => Promise<void>) => () => Promise.all([loadTexts(), footerPart.preload()]).then(() => undefined);
const route = (definition: PageDefinition, load: () => Promise<ComponentType>) => browserRoute(definition, load, withFooter(loadPublicTexts));

const home = route(homeRoute, () => import('./features/home/home-page').then((m) => m.HomePage));
const blog = route(blogRoute, () => import('./features/blog/blog-page').then((m) => m.BlogPage));
const search = route(searchRoute, () => import('./features/search/search-page').then((m) => m.SearchPage));
const post = route(postRoute, () => import('./features/post/post-page').then((m) => m.PostPage));
const profile = route(profileRoute, () => import('./features/profile/profile-page').then((m) => m.ProfilePage));
// The contact, newsletter-leaving and FAQ pages' texts are a namespace of their own, fetched with them (texts.ts);
// so is what registers it (page-texts.ts).
const loadPageTexts = () => import('./page-texts').then((m) => m.loadPageTexts());
const withPageTexts = (definition: PageDefinition, load: () => Promise<ComponentType>) => browserRoute(definition, load, withFooter(loadPageTexts));
const contact = withPageTexts(contactRoute, () => import('./features/contact/contact-page').then((m) => m.ContactPage));
const unsubscribe = withPageTexts(unsubscribeRoute, () => import('./features/newsletter/unsubscribe-page').then((m) => m.UnsubscribePage));
const faq = withPageTexts(faqRoute, () => import('./features/faq/faq-page').then((m) => m.FaqPage));
// The landing's and the playground's texts are namespaces of their own, fetched with them; what registers each is a
// chunk of its own too, fetched with its page (none of it in every page's first load).
const loadLandingTexts = () => import('./features/rc-sistem/texts').then((m) => m.loadLandingTexts());
const loadPlaygroundTexts = () => import('./features/playground/texts').then((m) => m.loadPlaygroundTexts());
// The landing's content is its own namespace, fetched with it (features/rc-sistem/texts.ts).
const rcSistem = browserRoute(
  rcSistemRoute,
  () => import('./features/rc-sistem/rc-sistem-page').then((m) => m.RcSistemPage),
  withFooter(() => Promise.all([loadPublicTexts(), loadLandingTexts()]).then(() => undefined)),
);
// The playground's texts are its own namespace, fetched with it (features/playground/texts.ts); its layout has no public footer.
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

export const footer = footerPart.Component satisfies RemotePagesModule['footer'];

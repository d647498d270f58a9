import type { ServerRemoteModule } from '@vitrine/contracts';
import { BlogPage } from './features/blog/blog-page';
import { blogRoute } from './features/blog/route';
import { ContactPage } from './features/contact/contact-page';
import { contactRoute } from './features/contact/route';
import { FaqPage } from './features/faq/faq-page';
import { faqRoute } from './features/faq/route';
import { HomePage } from './features/home/home-page';
import { homeRoute } from './features/home/route';
import { unsubscribeRoute } from './features/newsletter/route';
import { UnsubscribePage } from './features/newsletter/unsubscribe-page';
import { PlaygroundPage } from './features/playground/playground-page';
import { playgroundRoute } from './features/playground/route';
import { PLAYGROUND_NS, registerPlaygroundTexts } from './features/playground/texts';
import { PostPage } from './features/post/post-page';
import { postRoute } from './features/post/route';
import { ProfilePage } from './features/profile/profile-page';
import { profileRoute } from './features/profile/route';
import { RcSistemPage } from './features/rc-sistem/rc-sistem-page';
import { rcSistemRoute } from './features/rc-sistem/route';
import { LANDING_NS, registerLandingTexts } from './features/rc-sistem/texts';
import { SearchPage } from './features/search/search-page';
import { searchRoute } from './features/search/route';
import { serverRoute } from './lib/route';
import { SiteFooter } from './components/site-footer';
import { registerPageTexts } from './page-texts';
import { PAGES_NS, PUBLIC_NS, registerPublicTexts } from './texts';

/**
 * The public remote's server build (dist/server/pages.js): the same routes as ./pages, with their
 * pages loaded. The server loads this file by path and hands it the shell's shared singletons
 * (docs/decisions/server-rendering.md); it never runs in a browser.
 */
const remote: ServerRemoteModule = {
  routes: {
    home: serverRoute(homeRoute, HomePage),
    blog: serverRoute(blogRoute, BlogPage),
    'list-article-results': serverRoute(searchRoute, SearchPage),
    post: serverRoute(postRoute, PostPage),
    profile: serverRoute(profileRoute, ProfilePage),
    contact: serverRoute(contactRoute, ContactPage),
    'unsubscribe-newsletter': serverRoute(unsubscribeRoute, UnsubscribePage),
    faq: serverRoute(faqRoute, FaqPage),
    'rc-sistemI': serverRoute(rcSistemRoute, RcSistemPage),
    playground: serverRoute(playgroundRoute, PlaygroundPage),
  },
  footer: SiteFooter,
  registerTexts() {
    registerPublicTexts();
    registerPageTexts();
    registerPlaygroundTexts();
    registerLandingTexts();
    return [PUBLIC_NS, PAGES_NS, PLAYGROUND_NS, LANDING_NS];
  },
};

export default remote;

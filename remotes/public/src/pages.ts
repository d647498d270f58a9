import { lazy, type ComponentType } from 'react';
import type { RemotePagesModule } from '@vitrine/contracts';
import { loadPublicTexts } from './texts';

/** A page's chunk and the public texts of the current language, fetched together. */
const page = (load: () => Promise<ComponentType>) =>
  lazy(() => Promise.all([load(), loadPublicTexts()]).then(([Component]) => ({ default: Component })));

/** The public remote's surface: one lazy page per route name, each its own chunk. */
export const pages = {
  home: page(() => import('./features/home/home-page').then((m) => m.HomePage)),
  blog: page(() => import('./features/blog/blog-page').then((m) => m.BlogPage)),
  'list-article-results': page(() => import('./features/search/search-page').then((m) => m.SearchPage)),
  post: page(() => import('./features/post/post-page').then((m) => m.PostPage)),
  profile: page(() => import('./features/profile/profile-page').then((m) => m.ProfilePage)),
} satisfies RemotePagesModule['pages'];

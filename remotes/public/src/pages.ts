import { lazy } from 'react';
import type { RemotePagesModule } from '@vitrine/contracts';

/** The public remote's surface: one lazy page per route name, each its own chunk. */
export const pages = {
  home: lazy(() => import('./features/home/home-page').then((m) => ({ default: m.HomePage }))),
  blog: lazy(() => import('./features/blog/blog-page').then((m) => ({ default: m.BlogPage }))),
  'list-article-results': lazy(() => import('./features/search/search-page').then((m) => ({ default: m.SearchPage }))),
  post: lazy(() => import('./features/post/post-page').then((m) => ({ default: m.PostPage }))),
  profile: lazy(() => import('./features/profile/profile-page').then((m) => ({ default: m.ProfilePage }))),
} satisfies RemotePagesModule['pages'];

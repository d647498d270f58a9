import { lazy } from 'react';
import type { RemotePagesModule } from '@vitrine/contracts';

/** The admin remote's surface: one lazy page (its own chunk) per admin route name. */
export const pages = {
  dashboard: lazy(() => import('./features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage }))),
  'list-of-articles': lazy(() =>
    import('./features/list-of-articles/components/articles-page').then((m) => ({ default: m.ArticlesPage })),
  ),
  compose: lazy(() => import('./features/compose/components/compose-page').then((m) => ({ default: m.ComposePage }))),
  'list-of-categories': lazy(() =>
    import('./features/list-of-categories/components/categories-page').then((m) => ({ default: m.CategoriesPage })),
  ),
} satisfies RemotePagesModule['pages'];

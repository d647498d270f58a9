import { lazy, type ComponentType } from 'react';
import type { RemotePagesModule } from '@vitrine/contracts';
import { withQueryClient } from './lib/query-provider';
import { loadAdminTexts } from './texts';

/**
 * A page's chunk and the admin texts, fetched together (the page never renders without its texts),
 * inside the remote's own QueryClient.
 */
const page = (load: () => Promise<ComponentType>) =>
  lazy(() => Promise.all([load(), loadAdminTexts()]).then(([Component]) => ({ default: withQueryClient(Component) })));

/** The admin remote's surface: one lazy page (its own chunk) per admin route name. */
export const pages = {
  dashboard: page(() => import('./features/dashboard/dashboard-page').then((m) => m.DashboardPage)),
  'list-of-articles': page(() => import('./features/list-of-articles/components/articles-page').then((m) => m.ArticlesPage)),
  compose: page(() => import('./features/compose/components/compose-page').then((m) => m.ComposePage)),
  'list-of-categories': page(() => import('./features/list-of-categories/components/categories-page').then((m) => m.CategoriesPage)),
} satisfies RemotePagesModule['pages'];

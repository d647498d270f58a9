import { lazy, type ComponentType } from 'react';
import type { RemotePagesModule } from '@vitrine/contracts';
import { withQueryClient } from './lib/query-provider';
import { loadAdminTexts } from './texts';

/**
 * A page's chunk and the admin texts, fetched together (the page never renders without its texts),
 * inside the remote's own QueryClient. Menu badges are loaded the same way.
 */
const page = (load: () => Promise<ComponentType>) =>
  lazy(() => Promise.all([load(), loadAdminTexts()]).then(([Component]) => ({ default: withQueryClient(Component) })));

/** The admin remote's surface: one lazy page (its own chunk) per admin route name. */
export const pages = {
  dashboard: page(() => import('./features/dashboard/components/dashboard-page').then((m) => m.DashboardPage)),
  users: page(() => import('./features/users/components/users-page').then((m) => m.UsersPage)),
  'list-of-articles': page(() => import('./features/list-of-articles/components/articles-page').then((m) => m.ArticlesPage)),
  compose: page(() => import('./features/compose/components/compose-page').then((m) => m.ComposePage)),
  'list-of-categories': page(() => import('./features/list-of-categories/components/categories-page').then((m) => m.CategoriesPage)),
  'message-received': page(() => import('./features/message-received/components/messages-page').then((m) => m.MessagesPage)),
  'list-leads': page(() => import('./features/list-leads/components/leads-page').then((m) => m.LeadsPage)),
  'settings-whatsapp': page(() => import('./features/settings-whatsapp/components/whatsapp-page').then((m) => m.WhatsappPage)),
  seo: page(() => import('./features/seo/components/seo-page').then((m) => m.SeoPage)),
  settings: page(() => import('./features/settings/components/settings-page').then((m) => m.SettingsPage)),
  'list-faq': page(() => import('./features/list-faq/components/faq-page').then((m) => m.FaqPage)),
  'settings-profile': page(() => import('./features/settings-profile/components/profile-page').then((m) => m.ProfilePage)),
  'audit-log': page(() => import('./features/audit-log/components/audit-log-page').then((m) => m.AuditLogPage)),
} satisfies RemotePagesModule['pages'];

/**
 * What the shell draws next to a menu label (RemotePagesModule.badges): the inbox's unread count, in a
 * chunk of its own, sharing the inbox's cache (reading, archiving or deleting there updates it at once).
 */
export const badges = {
  'message-received': page(() => import('./features/message-received/components/unread-badge').then((m) => m.UnreadBadge)),
} satisfies RemotePagesModule['badges'];

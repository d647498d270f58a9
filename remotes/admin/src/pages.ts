import type { RemotePagesModule } from '@vitrine/contracts';
import type { ComponentType } from 'react';
import { lazyPart } from './lib/lazy-part';

/** A screen built on antd (its own chunk, with antd's configuration). */
const page = (load: () => Promise<ComponentType>) => lazyPart(load, { antd: true });

/** The admin remote's surface: one lazy page (its own chunk) per admin route name. */
export const pages = {
  // The first screen after signing in: plain React and CSS, no antd.
  dashboard: lazyPart(() => import('./features/dashboard/components/dashboard-page').then((m) => m.DashboardPage), { antd: false }),
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

/** The chrome around the admin pages (RemotePagesModule.layout): menu, header, user menu, antd's configuration. */
export const layout = lazyPart(() => import('./layout/admin-layout').then((m) => m.AdminLayout), { antd: false });

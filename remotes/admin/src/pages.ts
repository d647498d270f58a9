import { lazy } from 'react';
import type { RemotePagesModule } from '@vitrine/contracts';

/** The admin remote's surface: one lazy page per admin route name. */
export const pages = {
  dashboard: lazy(() => import('./features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage }))),
} satisfies RemotePagesModule['pages'];

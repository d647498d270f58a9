import { lazy } from 'react';
import type { RemotePagesModule } from '@vitrine/contracts';

/** The public remote's surface: one lazy page per route name. */
export const pages = {
  home: lazy(() => import('./features/home/home-page').then((m) => ({ default: m.HomePage }))),
} satisfies RemotePagesModule['pages'];

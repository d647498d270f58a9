import type { ComponentType } from 'react';
import type { AdminRouteName } from '@vitrine/contracts';
import { lazyPart } from '../lib/lazy-part';

/**
 * What the menu draws next to a route's label: the inbox's unread count, in a chunk of its own, sharing the
 * inbox's cache (reading, archiving or deleting there updates it at once).
 */
export const badges: Partial<Record<AdminRouteName, ComponentType>> = {
  'message-received': lazyPart(() => import('../features/message-received/components/unread-badge').then((m) => m.UnreadBadge), { antd: false }),
};

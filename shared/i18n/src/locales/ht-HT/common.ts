import type { NotificationMessages } from '../../types';

/** Haitian Creole holds only the action success/failed texts (SPEC §1); everything else falls back to en-US. */
export const common: NotificationMessages = {
  notifications: {
    success: 'Aksyon an fèt avèk siksè.',
    failed: 'Nou pa t kapab fè aksyon an.',
  },
};

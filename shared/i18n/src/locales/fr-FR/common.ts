import type { NotificationMessages } from '../../types';

/** French holds only the action success/failed texts (SPEC §1); everything else falls back to en-US. */
export const common: NotificationMessages = {
  notifications: {
    success: 'Action effectuée avec succès.',
    failed: "L'action n'a pas pu être effectuée.",
  },
};

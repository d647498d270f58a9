import type { NotificationMessages } from '../../types';

/** Spanish holds only the action success/failed texts (SPEC §1); everything else falls back to en-US. */
export const common: NotificationMessages = {
  notifications: {
    success: 'Acción realizada con éxito.',
    failed: 'No se pudo completar la acción.',
  },
};

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WhatsappSettings } from '@vitrine/contracts';
import { getWhatsappSettings, saveWhatsappSettings } from '../../../api/whatsapp';
import { queryKeys } from '../../../lib/queries';

/** The chat button's settings: on/off, its label, the phone, the pre-filled message and the colour. */
export function useWhatsappSettings() {
  return useQuery({ queryKey: queryKeys.whatsapp.settings, queryFn: getWhatsappSettings });
}

/** Saves the settings and keeps the saved value in the cache (a failure throws for the form to show). */
export function useSaveWhatsappSettings() {
  const queryClient = useQueryClient();
  return async (settings: WhatsappSettings) => {
    const saved = await saveWhatsappSettings(settings);
    queryClient.setQueryData(queryKeys.whatsapp.settings, saved);
    return saved;
  };
}

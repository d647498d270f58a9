import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WelcomePreviewInput, WelcomeSettings } from '@vitrine/contracts';
import { getWelcomeMail, previewWelcomeMail, saveWelcomeMail } from '../../../api/welcome-mail';

export const welcomeMailKey = ['settings', 'welcome-mail'] as const;

/** The welcome mail's settings as saved. */
export function useWelcomeMail() {
  return useQuery({ queryKey: welcomeMailKey, queryFn: getWelcomeMail });
}

/** Saves them and keeps the saved value in the cache (a failure throws for the form to show). */
export function useSaveWelcomeMail() {
  const queryClient = useQueryClient();
  return async (settings: WelcomeSettings) => {
    const saved = await saveWelcomeMail(settings);
    queryClient.setQueryData(welcomeMailKey, saved);
    return saved;
  };
}

/** The mail rendered by the API for these texts and language; the last one stays on screen while the next is asked. */
export function useWelcomePreview(input: WelcomePreviewInput) {
  return useQuery({ queryKey: [...welcomeMailKey, 'preview', input], queryFn: () => previewWelcomeMail(input), placeholderData: keepPreviousData, staleTime: Infinity, gcTime: 60_000 });
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSettingsInput } from '@vitrine/contracts';
import { getSiteSettings, saveSiteSettings } from '../../../api/site-settings';

export const siteSettingsKey = ['settings', 'site'] as const;

/** The site's identity and the company's details as saved. */
export function useSiteSettings() {
  return useQuery({ queryKey: siteSettingsKey, queryFn: getSiteSettings });
}

/** Saves them and keeps the saved value in the cache (a failure throws for the form to show). */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return async (settings: SiteSettingsInput) => {
    const saved = await saveSiteSettings(settings);
    queryClient.setQueryData(siteSettingsKey, saved);
    return saved;
  };
}

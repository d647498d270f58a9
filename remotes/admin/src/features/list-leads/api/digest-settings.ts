import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DigestSettingsValue } from '@vitrine/contracts';
import { getDigestSettings, saveDigestSettings } from '../../../api/newsletter';
import { queryKeys } from '../../../lib/queries';

/** The digest's schedule: send day (0 = Sunday), hour, time zone and rate per second. */
export function useDigestSettings() {
  return useQuery({ queryKey: queryKeys.newsletter.settings, queryFn: getDigestSettings });
}

/** Saves the schedule and keeps the saved value in the cache (a failure throws for the form to show). */
export function useSaveDigestSettings() {
  const queryClient = useQueryClient();
  return async (settings: DigestSettingsValue) => {
    const saved = await saveDigestSettings(settings);
    queryClient.setQueryData(queryKeys.newsletter.settings, saved);
    return saved;
  };
}

import { useQuery } from '@tanstack/react-query';
import { getDigestPreview } from '../../../api/newsletter';
import { queryKeys } from '../../../lib/queries';

/** The next digest as it stands now: asked each time the preview opens (articles may have been published since). */
export function useDigestPreview(open: boolean) {
  return useQuery({ queryKey: queryKeys.newsletter.preview, queryFn: getDigestPreview, enabled: open, staleTime: 0, gcTime: 0 });
}

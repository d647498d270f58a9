import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { openMessage, type MessageRef } from '../../../api/messages';
import { queryKeys } from '../../../lib/queries';

/**
 * The selected message, whole. Opening it marks it read on the server, so the lists and the
 * counters (the menu badge too) refetch once it has arrived.
 */
export function useOpenedMessage(ref: MessageRef | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.messages.detail(ref?.id ?? 0, ref?.unique_key ?? ''),
    queryFn: ref
      ? async () => {
          const detail = await openMessage(ref);
          void queryClient.invalidateQueries({ queryKey: queryKeys.messages.inbox });
          return detail;
        }
      : skipToken,
  });
}

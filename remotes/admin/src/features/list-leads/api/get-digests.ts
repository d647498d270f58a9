import { skipToken, useQuery } from '@tanstack/react-query';
import type { DigestSend } from '@vitrine/contracts';
import { listDigests, listDigestFailures } from '../../../api/newsletter';
import { queryKeys } from '../../../lib/queries';

/** While a send is under way its counts are asked again this often, so its progress is live. */
export const SENDING_POLL_MS = 3000;

export const isSending = (sends: readonly DigestSend[] | undefined) => Boolean(sends?.some((send) => send.status === 'sending'));

/** The weekly sends, newest first; polled every 3 s while any of them is sending. */
export function useDigests() {
  return useQuery({
    queryKey: queryKeys.newsletter.digests,
    queryFn: listDigests,
    refetchInterval: (query) => (isSending(query.state.data) ? SENDING_POLL_MS : false),
  });
}

/** The failed deliveries of one send (none asked until a send is chosen). */
export function useDigestFailures(id: number | null) {
  return useQuery({
    queryKey: queryKeys.newsletter.failures(id ?? 0),
    queryFn: id === null ? skipToken : () => listDigestFailures(id),
  });
}

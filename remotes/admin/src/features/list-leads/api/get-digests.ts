import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { DigestDeliveriesInput, DigestSend } from '@vitrine/contracts';
import { listDigestDeliveries, listDigests } from '../../../api/newsletter';
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

/**
 * A page of one send's deliveries, optionally of one state (none asked until a send is chosen); asked again every
 * 3 s while the send is under way, so a deferred delivery's answer and its retry show as they change.
 */
export function useDigestDeliveries(send: DigestSend | null, input: DigestDeliveriesInput) {
  return useQuery({
    queryKey: queryKeys.newsletter.deliveries(send?.id ?? 0, input),
    queryFn: send === null ? skipToken : () => listDigestDeliveries(send.id, input),
    placeholderData: keepPreviousData,
    refetchInterval: send?.status === 'sending' ? SENDING_POLL_MS : false,
  });
}

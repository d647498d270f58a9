import { useQuery } from '@tanstack/react-query';
import { countMessages } from '../../../api/messages';
import { queryKeys } from '../../../lib/queries';

/** How often the menu badge asks again while the tab is visible. */
export const UNREAD_POLL_MS = 60_000;

/** The inbox's counters (the filters' numbers). */
export function useMessageCounts() {
  return useQuery({ queryKey: queryKeys.messages.counts, queryFn: countMessages });
}

/**
 * The unread count for the menu badge: the same cached counters as the inbox (a change there
 * refreshes it at once), asked again every minute and whenever the window gets the focus back.
 */
export function useUnreadCount() {
  return useQuery({
    queryKey: queryKeys.messages.counts,
    queryFn: countMessages,
    select: (counts) => counts.unread,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
}

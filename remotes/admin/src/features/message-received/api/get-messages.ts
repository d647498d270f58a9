import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MessagesListInput } from '@vitrine/contracts';
import { listMessages } from '../../../api/messages';
import { queryKeys } from '../../../lib/queries';

/** One page of the inbox for the filter, search and page; the last page stays shown while the next loads. */
export function useMessages(input: MessagesListInput) {
  return useQuery({ queryKey: queryKeys.messages.list(input), queryFn: () => listMessages(input), placeholderData: keepPreviousData });
}

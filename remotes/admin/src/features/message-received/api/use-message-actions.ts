import { useQueryClient } from '@tanstack/react-query';
import type { ReceivedMessageDetail } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { archiveMessage, deleteMessage, markMessageRead, markNotSpam, replyToMessage, type MessageRef } from '../../../api/messages';
import { queryKeys } from '../../../lib/queries';
import { useFeedback } from '../../../lib/use-feedback';

/**
 * What the staff do with an opened message: mark it unread, archive or unarchive it, delete it (those
 * three confirmed first) and reply. Each refreshes the lists and the counters (the menu badge
 * too). `onClosed` leaves the message (mark as unread, delete): it is called before anything is
 * refetched, so the closed message is never opened (and marked read) again.
 */
export function useMessageActions(onClosed: () => void) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  const { confirm, fail, success } = useFeedback();

  const refreshInbox = () => void queryClient.invalidateQueries({ queryKey: queryKeys.messages.inbox });
  const detailKey = (m: MessageRef) => queryKeys.messages.detail(m.id, m.unique_key);
  const patch = (m: MessageRef, change: (detail: ReceivedMessageDetail) => ReceivedMessageDetail) =>
    queryClient.setQueryData<ReceivedMessageDetail>(detailKey(m), (detail) => detail && change(detail));
  /** The cached copy is stale: opening the message again asks the server (and marks it read). */
  const leave = (m: MessageRef) => {
    onClosed();
    void queryClient.invalidateQueries({ queryKey: detailKey(m), refetchType: 'none' });
  };

  const attempt = async (request: () => Promise<unknown>, done: string, after?: () => void): Promise<boolean> => {
    try {
      await request();
    } catch (error) {
      fail(error);
      return false;
    }
    after?.();
    refreshInbox();
    success(done);
    return true;
  };

  const confirmed = async (title: string, content: string, danger: boolean, request: () => Promise<unknown>, done: string, after: () => void) =>
    (await confirm({ title, content, danger })) && attempt(request, done, after);

  return {
    markUnread: (m: MessageRef) => attempt(() => markMessageRead(m, false), t('messages.done.markedUnread'), () => leave(m)),
    archive: (m: MessageRef) =>
      confirmed(
        t('messages.confirmTitles.archive'),
        t('messages.confirm.archive'),
        false,
        () => archiveMessage(m, true),
        t('messages.done.archived'),
        () => patch(m, (d) => ({ ...d, archived: true })),
      ),
    unarchive: (m: MessageRef) =>
      confirmed(
        t('messages.confirmTitles.unarchive'),
        t('messages.confirm.unarchive'),
        false,
        () => archiveMessage(m, false),
        t('messages.done.unarchived'),
        () => patch(m, (d) => ({ ...d, archived: false })),
      ),
    remove: (m: MessageRef) =>
      confirmed(t('messages.confirmTitles.delete'), t('messages.confirm.delete'), true, () => deleteMessage(m), t('messages.done.deleted'), () => leave(m)),
    /** A message the spam guard held is no spam: it joins the inbox (and makes its lead); the detail stays open. */
    notSpam: (m: MessageRef) => attempt(() => markNotSpam(m), t('messages.done.notSpam'), () => patch(m, (d) => ({ ...d, suspected: null }))),
    /** Sends a reply; it joins the thread at once (with its delivery state as the server answered). */
    reply: (m: MessageRef, body: string) =>
      attempt(async () => {
        const reply = await replyToMessage(m, body);
        patch(m, (d) => ({ ...d, replies: [...d.replies, reply] }));
      }, t('messages.done.replied')),
  };
}

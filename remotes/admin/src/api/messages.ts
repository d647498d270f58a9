import type {
  Envelope,
  ListPage,
  MessageCounts,
  MessageReply,
  MessagesListInput,
  ReceivedMessage,
  ReceivedMessageDetail,
  SpamGuardCounts,
} from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** A message is named by its id and random key (both must match). */
export type MessageRef = Pick<ReceivedMessage, 'id' | 'unique_key'>;
const path = (base: string, m: MessageRef) => `${base}/${m.id}/${encodeURIComponent(m.unique_key)}`;

/** The inbox, newest first: `filter` active (default: not archived), unread, read or archived. */
export async function listMessages(input: MessagesListInput): Promise<ListPage<ReceivedMessage>> {
  const { data } = await http.post<Envelope<ListPage<ReceivedMessage>>>('/message/messages-list', input);
  return data.data;
}

/** The inbox's counters (`unread` counts only messages not archived). */
export async function countMessages(): Promise<MessageCounts> {
  const { data } = await http.get<Envelope<MessageCounts>>('/message/messages-count');
  return data.data;
}

/** The whole message with its replies; the server marks it read. */
export async function openMessage(ref: MessageRef): Promise<ReceivedMessageDetail> {
  const { data } = await http.post<Envelope<ReceivedMessageDetail>>(path('/message/message-open', ref));
  return data.data;
}

export async function markMessageRead(ref: MessageRef, read: boolean): Promise<ReceivedMessage> {
  const { data } = await http.put<Envelope<ReceivedMessage>>(path('/message/message-read', ref), { read });
  return data.data;
}

export async function archiveMessage(ref: MessageRef, archived: boolean): Promise<ReceivedMessage> {
  const { data } = await http.put<Envelope<ReceivedMessage>>(path('/message/message-archive', ref), { archived });
  return data.data;
}

export async function deleteMessage(ref: MessageRef): Promise<void> {
  await http.delete(path('/message/message', ref));
}

/** Saves a staff reply; the server's job engine emails it to the visitor. */
export async function replyToMessage(ref: MessageRef, body: string): Promise<MessageReply> {
  const { data } = await http.post<Envelope<MessageReply>>(path('/message/message-reply', ref), { body });
  return data.data;
}

/** A message the spam guard held for review is no spam: it joins the inbox and makes its sender's contact lead. */
export async function markNotSpam(ref: MessageRef): Promise<ReceivedMessage> {
  const { data } = await http.put<Envelope<ReceivedMessage>>(path('/message/message-not-spam', ref));
  return data.data;
}

/** What the spam guard doubted in the last days, per form (contact, newsletter) and reason. */
export async function spamGuardCounts(): Promise<SpamGuardCounts> {
  const { data } = await http.get<Envelope<SpamGuardCounts>>('/message/spam-guard');
  return data.data;
}

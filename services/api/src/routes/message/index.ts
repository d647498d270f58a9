import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AUDIENCE_SUCCESS_MESSAGES,
  Envelope,
  ListEnvelope,
  MessageArchiveBody,
  MessageCountsSchema,
  MessageEnvelope,
  MessageParams,
  MessageReadBody,
  MessageReplyBody,
  MessageReplySchema,
  MessagesListBody,
  ReceivedMessageDetailSchema,
  ReceivedMessageSchema,
  SpamGuardCountsSchema,
} from '@vitrine/contracts/schemas';
import { principalOf } from '../../plugins/auth';
import { BEARER, responses } from '../common';

const tags = ['message'];
const inbox = { routes: ['message-received'] } as const;
/** What the spam guard doubted: the inbox's (contact messages) and the leads screen's (newsletter sign-ups). */
const audience = { routes: ['message-received', 'list-leads'] } as const;

/** The staff's inbox of contact messages (open to staff with the message-received route). */
const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = () => app.services.messages;

  app.post(
    '/message/messages-list',
    {
      config: { policy: inbox },
      schema: {
        tags,
        summary: 'Page through messages, newest first: active (not archived), unread, read or archived; search in sender, company, subject and text',
        security: BEARER,
        body: MessagesListBody,
        response: responses({ 200: ListEnvelope(ReceivedMessageSchema) }, 401, 403),
      },
    },
    async (request) => ({ data: await service().list(request.body) }),
  );

  app.get(
    '/message/messages-count',
    {
      config: { policy: inbox },
      schema: { tags, summary: 'Unread, active and archived counts (the menu badge)', security: BEARER, response: responses({ 200: Envelope(MessageCountsSchema) }, 401, 403) },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await service().counts() };
    },
  );

  app.post(
    '/message/message-open/:id/:unique_key',
    {
      config: { policy: inbox },
      schema: {
        tags,
        summary: 'One message with its replies; marks it read',
        security: BEARER,
        params: MessageParams,
        response: responses({ 200: Envelope(ReceivedMessageDetailSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({ data: await service().open(request.params.id, request.params.unique_key, principalOf(request)) }),
  );

  app.put(
    '/message/message-read/:id/:unique_key',
    {
      config: { policy: inbox },
      schema: {
        tags,
        summary: 'Mark a message read or unread',
        security: BEARER,
        params: MessageParams,
        body: MessageReadBody,
        response: responses({ 200: Envelope(ReceivedMessageSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({ data: await service().setRead(request.params.id, request.params.unique_key, request.body.read, principalOf(request)) }),
  );

  app.put(
    '/message/message-archive/:id/:unique_key',
    {
      config: { policy: inbox },
      schema: {
        tags,
        summary: 'Archive a message or move it back to the inbox',
        security: BEARER,
        params: MessageParams,
        body: MessageArchiveBody,
        response: responses({ 200: Envelope(ReceivedMessageSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({
      data: await service().setArchived(request.params.id, request.params.unique_key, request.body.archived),
      message: request.body.archived ? AUDIENCE_SUCCESS_MESSAGES.MESSAGE_ARCHIVED : AUDIENCE_SUCCESS_MESSAGES.MESSAGE_UNARCHIVED,
    }),
  );

  app.put(
    '/message/message-not-spam/:id/:unique_key',
    {
      config: { policy: inbox },
      schema: {
        tags,
        summary: 'A message the spam guard held for review is no spam: it joins the inbox and makes its contact lead (404 when it is not held)',
        security: BEARER,
        params: MessageParams,
        response: responses({ 200: Envelope(ReceivedMessageSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({
      data: await service().notSpam(request.params.id, request.params.unique_key),
      message: AUDIENCE_SUCCESS_MESSAGES.MESSAGE_NOT_SPAM,
    }),
  );

  app.get(
    '/message/spam-guard',
    {
      config: { policy: audience },
      schema: {
        tags,
        summary:
          'What the spam guard doubted in the last 30 days, per form (contact, newsletter) and reason (honeypot: the trap field was filled; too-fast: sent sooner than a person fills the form in). A doubted message is held for review (filter suspected), a doubted sign-up is mailed its confirmation link as any',
        security: BEARER,
        response: responses({ 200: Envelope(SpamGuardCountsSchema) }, 401, 403),
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await service().spamGuard() };
    },
  );

  app.delete(
    '/message/message/:id/:unique_key',
    {
      config: { policy: inbox },
      schema: { tags, summary: 'Delete a message and its replies', security: BEARER, params: MessageParams, response: responses({ 200: MessageEnvelope }, 401, 403, 404) },
    },
    async (request) => {
      await service().remove(request.params.id, request.params.unique_key);
      return { message: AUDIENCE_SUCCESS_MESSAGES.MESSAGE_DELETED };
    },
  );

  app.post(
    '/message/message-reply/:id/:unique_key',
    {
      config: { policy: inbox },
      schema: {
        tags,
        summary: 'Reply to the sender by email (through the job engine); the reply is kept with the message',
        security: BEARER,
        params: MessageParams,
        body: MessageReplyBody,
        response: responses({ 201: Envelope(MessageReplySchema) }, 401, 403, 404),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service().reply(request.params.id, request.params.unique_key, request.body.body, principalOf(request)),
        message: AUDIENCE_SUCCESS_MESSAGES.REPLY_SENT,
      }),
  );
};

export default messageRoutes;

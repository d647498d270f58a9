import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActiveRoutesParams,
  ActiveRoutesSchema,
  ChangePasswordBody,
  ChangeStatusBody,
  Envelope,
  IdKeyParams,
  IdParams,
  ListEnvelope,
  MessageEnvelope,
  PublicUserParams,
  PublicUserSchema,
  RecentUsersParams,
  SUCCESS_MESSAGES,
  UserCreateBody,
  UserCreatedSchema,
  UsersListBody,
  UserSchema,
  UserUpdateBody,
} from '@vitrine/contracts/schemas';
import { Type } from 'typebox';
import { principalOf, SIGNED_IN } from '../../plugins/auth';
import { servePublicJson } from '../../plugins/answer-cache';
import { BEARER, paramId, responses } from '../common';

const tags = ['user'];
/** Users endpoints belong to the 'users' admin route (user_management access). */
const manageUsers = { routes: ['users'] } as const;
/** ...except a user's own record, which its owner may read and update. */
const ownOrManage = { routes: ['users'], self: paramId } as const;

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/user/:id',
    {
      config: { policy: { ...ownOrManage, firstAccess: 'self' } },
      schema: {
        tags,
        summary: 'One user (own record, or any with user management)',
        security: BEARER,
        params: IdParams,
        response: responses({ 200: Envelope(UserSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({ data: await app.services.users.get(request.params.id) }),
  );

  app.put(
    '/user/user-reset-password',
    {
      config: { policy: SIGNED_IN },
      schema: {
        tags,
        summary: 'The signed-in user changes their password',
        security: BEARER,
        body: ChangePasswordBody,
        response: responses({ 200: Envelope(UserSchema) }, 401, 403),
      },
    },
    async (request) => ({
      data: await app.services.users.changePassword(principalOf(request), request.body),
      message: SUCCESS_MESSAGES.PASSWORD_RESET,
    }),
  );

  app.post(
    '/user/user',
    {
      config: { policy: manageUsers },
      schema: {
        tags,
        summary: 'Create a user (status first-access; the temporary password is answered once)',
        security: BEARER,
        body: UserCreateBody,
        response: responses({ 201: Envelope(UserCreatedSchema) }, 401, 403, 409),
      },
    },
    async (request, reply) => {
      const data = await app.services.users.create(principalOf(request), request.body);
      return reply.code(201).send({ data, message: SUCCESS_MESSAGES.USER_CREATED });
    },
  );

  app.post(
    '/user/users-list',
    {
      config: { policy: manageUsers },
      schema: {
        tags,
        summary: 'Page through users (search, status, type; sorted by created_at, name or email)',
        security: BEARER,
        body: UsersListBody,
        response: responses({ 200: ListEnvelope(UserSchema) }, 401, 403),
      },
    },
    async (request) => ({ data: await app.services.users.list(request.body) }),
  );

  app.put(
    '/user/user/:id/:unique_key',
    {
      config: { policy: ownOrManage },
      schema: {
        tags,
        summary: 'Update a user (own record, or any with user management; only managers change type and accesses)',
        security: BEARER,
        params: IdKeyParams,
        body: UserUpdateBody,
        response: responses({ 200: Envelope(UserSchema) }, 401, 403, 404, 409),
      },
    },
    async (request) => ({
      data: await app.services.users.update(principalOf(request), request.params.id, request.params.unique_key, request.body),
      message: SUCCESS_MESSAGES.USER_UPDATED,
    }),
  );

  app.put(
    '/user/user-change-status/:id/:unique_key',
    {
      config: { policy: manageUsers },
      schema: {
        tags,
        summary: 'Activate, deactivate or block a user (not oneself)',
        security: BEARER,
        params: IdKeyParams,
        body: ChangeStatusBody,
        response: responses({ 200: Envelope(UserSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({
      data: await app.services.users.changeStatus(principalOf(request), request.params.id, request.params.unique_key, request.body.status),
      message: SUCCESS_MESSAGES.STATUS_CHANGED,
    }),
  );

  app.delete(
    '/user/user/:id/:unique_key',
    {
      config: { policy: manageUsers },
      schema: {
        tags,
        summary: 'Delete a user (not oneself)',
        security: BEARER,
        params: IdKeyParams,
        response: responses({ 200: MessageEnvelope }, 401, 403, 404),
      },
    },
    async (request) => {
      await app.services.users.remove(principalOf(request), request.params.id, request.params.unique_key);
      return { message: SUCCESS_MESSAGES.USER_DELETED };
    },
  );

  app.get(
    '/user/user/user-active-routes/:id/:flag',
    {
      config: { policy: { ...ownOrManage, firstAccess: 'self' } },
      schema: {
        tags,
        summary: "The user's roles and whether they may open route `flag` ('all': roles only)",
        security: BEARER,
        params: ActiveRoutesParams,
        response: responses({ 200: Envelope(ActiveRoutesSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({ data: await app.services.users.activeRoutes(request.params.id, request.params.flag) }),
  );

  app.get(
    '/user/user/recent-updated-users/:x',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: 'Public: the x most recently updated authors (active users with a published article whose time has come)',
        params: RecentUsersParams,
        response: responses({ 200: Envelope(Type.Array(PublicUserSchema)) }),
      },
    },
    (request, reply) => servePublicJson(request, reply, [], () => app.services.users.recentAuthors(request.params.x)),
  );

  app.get(
    '/user/user/data-user-router-public/:x/:y',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: "Public: an author's public profile (x = id, y = unique_key)",
        params: PublicUserParams,
        response: responses({ 200: Envelope(PublicUserSchema) }, 404),
      },
    },
    async (request) => ({ data: await app.services.users.publicProfile(request.params.x, request.params.y) }),
  );
};

export default userRoutes;

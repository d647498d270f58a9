import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CategoriesListBody,
  CategoryCreateBody,
  CategorySchema,
  CategoryStatusBody,
  CategoryUpdateBody,
  CONTENT_SUCCESS_MESSAGES,
  Envelope,
  ListEnvelope,
  MessageEnvelope,
  SlugParams,
} from '@vitrine/contracts/schemas';
import { BEARER, responses } from '../common';

const tags = ['category'];
const manage = { routes: ['list-of-categories'] } as const;
/** The compose screen lists categories too. */
const read = { routes: ['list-of-categories', 'list-of-articles', 'compose'] } as const;

const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/category/categories-list',
    {
      config: { policy: read },
      schema: { tags, summary: 'Page through categories (search, active)', security: BEARER, body: CategoriesListBody, response: responses({ 200: ListEnvelope(CategorySchema) }, 401, 403) },
    },
    async (request) => ({ data: await app.services.categories.list(request.body) }),
  );

  app.get(
    '/category/category/:id/:unique_key',
    {
      config: { policy: read },
      schema: { tags, summary: 'One category', security: BEARER, params: SlugParams, response: responses({ 200: Envelope(CategorySchema) }, 401, 403, 404) },
    },
    async (request) => ({ data: await app.services.categories.get(request.params.id, request.params.unique_key) }),
  );

  app.post(
    '/category/category',
    {
      config: { policy: manage },
      schema: { tags, summary: 'Create a category (name unique, description required)', security: BEARER, body: CategoryCreateBody, response: responses({ 201: Envelope(CategorySchema) }, 401, 403, 409) },
    },
    async (request, reply) => reply.code(201).send({ data: await app.services.categories.create(request.body), message: CONTENT_SUCCESS_MESSAGES.CATEGORY_CREATED }),
  );

  app.put(
    '/category/category/:id/:unique_key',
    {
      config: { policy: manage },
      schema: {
        tags,
        summary: 'Update a category (a new name gives a new unique_key)',
        security: BEARER,
        params: SlugParams,
        body: CategoryUpdateBody,
        response: responses({ 200: Envelope(CategorySchema) }, 401, 403, 404, 409),
      },
    },
    async (request) => ({
      data: await app.services.categories.update(request.params.id, request.params.unique_key, request.body),
      message: CONTENT_SUCCESS_MESSAGES.CATEGORY_UPDATED,
    }),
  );

  app.put(
    '/category/category-change-status/:id/:unique_key',
    {
      config: { policy: manage },
      schema: {
        tags,
        summary: 'Activate or deactivate a category (inactive: gone from public answers)',
        security: BEARER,
        params: SlugParams,
        body: CategoryStatusBody,
        response: responses({ 200: Envelope(CategorySchema) }, 401, 403, 404),
      },
    },
    async (request) => ({
      data: await app.services.categories.changeStatus(request.params.id, request.params.unique_key, request.body.active),
      message: CONTENT_SUCCESS_MESSAGES.STATUS_CHANGED,
    }),
  );

  app.delete(
    '/category/category/:id/:unique_key',
    {
      config: { policy: manage },
      schema: {
        tags,
        summary: 'Delete a category, unlinking it from its articles (409 when an article would be left without a category)',
        security: BEARER,
        params: SlugParams,
        response: responses({ 200: MessageEnvelope }, 401, 403, 404, 409),
      },
    },
    async (request) => {
      await app.services.categories.remove(request.params.id, request.params.unique_key);
      return { message: CONTENT_SUCCESS_MESSAGES.CATEGORY_DELETED };
    },
  );
};

export default categoryRoutes;

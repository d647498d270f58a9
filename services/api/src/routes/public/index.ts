import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ArticleCardSchema,
  AuthorParams,
  AuthorProfileSchema,
  Envelope,
  HomeSectionsSchema,
  IdParams,
  ListEnvelope,
  PublicArticleSchema,
  PublicArticlesQuery,
  PublicCategorySchema,
  ReadResultSchema,
  SearchPageSchema,
  SearchQuery,
  SlugParams,
} from '@vitrine/contracts/schemas';
import { normalizeSearch, requestLanguage, servePublicJson as cached } from '../../plugins/answer-cache';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { responses } from '../common';

const tags = ['public'];
const LIST_PARAMS = ['page', 'limit', 'category'] as const;
/**
 * Every read below names categories (chips, tags, a search's topic): in the request's language with the pt-BR
 * fallback (`?lang=`, else the vt_lang cookie, else pt-BR), keyed by it in the answer cache.
 */
const inLanguage = (request: FastifyRequest) => {
  const language = requestLanguage(request);
  return { language, options: { language } };
};
const SEARCH_PARAMS = ['q', 'category', 'page', 'limit'] as const;

const publicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = () => app.services.publicContent;

  app.get(
    '/public/home',
    { config: { policy: 'public' }, schema: { tags, summary: 'Home sections: emphasis (4), recent (6), popular (6, reads in 30 days), tendencies (4), tags', response: responses({ 200: Envelope(HomeSectionsSchema) }) } },
    async (request, reply) => {
      const { language, options } = inLanguage(request);
      return cached(request, reply, [], () => service().home(language), options);
    },
  );

  app.get(
    '/public/articles',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: 'The blog: published articles, newest first (category = an active category unique_key; unknown or inactive: 404)',
        querystring: PublicArticlesQuery,
        response: responses({ 200: ListEnvelope(ArticleCardSchema) }, 404),
      },
    },
    async (request, reply) => {
      const { language, options } = inLanguage(request);
      return cached(request, reply, LIST_PARAMS, () => service().articles(request.query, language), options);
    },
  );

  app.get(
    '/public/search',
    {
      config: { policy: 'public', rateLimit: RATE_LIMITS.search },
      schema: {
        tags,
        summary: 'Full-text search (Portuguese), ranked; `highlight` holds escaped text with <mark> around matches; `topic` when q names a category',
        querystring: SearchQuery,
        response: responses({ 200: Envelope(SearchPageSchema) }, 404, 429),
      },
    },
    async (request, reply) => {
      const { language, options } = inLanguage(request);
      return cached(request, reply, SEARCH_PARAMS, () => service().search({ ...request.query, q: normalizeSearch(request.query.q) }, language), options);
    },
  );

  app.get(
    '/public/article/:id/:unique_key',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: 'One published article and related ones (404 when unpublished, scheduled, unknown or the key does not match)',
        params: SlugParams,
        response: responses({ 200: Envelope(PublicArticleSchema) }, 404),
      },
    },
    async (request, reply) => {
      const { language, options } = inLanguage(request);
      return cached(request, reply, [], () => service().article(request.params.id, request.params.unique_key, language), options);
    },
  );

  app.post(
    '/public/article/:id/read',
    {
      config: { policy: 'public', rateLimit: RATE_LIMITS.readBeacon },
      schema: {
        tags,
        summary: 'Count a read: once per visitor per article per 30 minutes; bots never count',
        params: IdParams,
        response: responses({ 200: Envelope(ReadResultSchema) }, 404, 429),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await service().read(request.params.id, request.ip, request.headers['user-agent']) };
    },
  );

  app.get(
    '/public/author/:id/:unique_key',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: "An author's profile, their published articles and other authors",
        params: AuthorParams,
        response: responses({ 200: Envelope(AuthorProfileSchema) }, 404),
      },
    },
    async (request, reply) => {
      const { language, options } = inLanguage(request);
      return cached(request, reply, [], () => service().author(request.params.id, request.params.unique_key, language), options);
    },
  );

  app.get(
    '/public/categories',
    {
      config: { policy: 'public' },
      schema: { tags, summary: 'Active categories, named and described in the request’s language (?lang=)', response: responses({ 200: Envelope(Type.Array(PublicCategorySchema)) }) },
    },
    async (request, reply) => {
      const { language, options } = inLanguage(request);
      return cached(request, reply, [], () => service().categories(language), options);
    },
  );
};

export default publicRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ArticleAutosaveBody,
  ArticleCreateBody,
  ArticleSchema,
  ArticleTranslationBody,
  ArticleTranslationSchema,
  ArticlesListBody,
  ArticleStatusBody,
  ArticleUpdateBody,
  CONTENT_SUCCESS_MESSAGES,
  Envelope,
  ListEnvelope,
  MessageEnvelope,
  RevisionRestoreParams,
  RevisionsQuery,
  RevisionSchema,
  SlugParams,
  TranslationParams,
} from '@vitrine/contracts/schemas';
import { principalOf } from '../../plugins/auth';
import { BEARER, responses } from '../common';

const tags = ['article'];
/** The article_management access: the list and the editor. */
const articleAccess = { routes: ['list-of-articles', 'compose'] } as const;

const articleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/article/articles-list',
    {
      config: { policy: articleAccess },
      schema: {
        tags,
        summary: "Page through articles (search: full text or title; status draft | published | scheduled; category, author, emphasis)",
        security: BEARER,
        body: ArticlesListBody,
        response: responses({ 200: ListEnvelope(ArticleSchema) }, 401, 403),
      },
    },
    async (request) => ({ data: await app.services.articles.list(request.body) }),
  );

  app.get(
    '/article/article/:id/:unique_key',
    {
      config: { policy: articleAccess },
      schema: { tags, summary: 'One article (editor)', security: BEARER, params: SlugParams, response: responses({ 200: Envelope(ArticleSchema) }, 401, 403, 404) },
    },
    async (request) => ({ data: await app.services.articles.get(request.params.id, request.params.unique_key) }),
  );

  app.post(
    '/article/article',
    {
      config: { policy: articleAccess },
      schema: {
        tags,
        summary: 'Create an article (title unique, content sanitized, image and a category required); keeps a revision',
        security: BEARER,
        body: ArticleCreateBody,
        response: responses({ 201: Envelope(ArticleSchema) }, 401, 403, 409),
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await app.services.articles.create(principalOf(request), request.body), message: CONTENT_SUCCESS_MESSAGES.ARTICLE_CREATED }),
  );

  app.put(
    '/article/article/:id/:unique_key',
    {
      config: { policy: articleAccess },
      schema: {
        tags,
        summary: 'Save an article; keeps a revision (the slug follows the title only before the first publication)',
        security: BEARER,
        params: SlugParams,
        body: ArticleUpdateBody,
        response: responses({ 200: Envelope(ArticleSchema) }, 401, 403, 404, 409),
      },
    },
    async (request) => ({
      data: await app.services.articles.update(principalOf(request), request.params.id, request.params.unique_key, request.body),
      message: CONTENT_SUCCESS_MESSAGES.ARTICLE_UPDATED,
    }),
  );

  app.put(
    '/article/article-autosave/:id/:unique_key',
    {
      config: { policy: articleAccess },
      schema: {
        tags,
        summary: "Autosave: a draft takes the text at once; a published article keeps its live text. Replaces the article's autosave revision",
        security: BEARER,
        params: SlugParams,
        body: ArticleAutosaveBody,
        response: responses({ 200: Envelope(ArticleSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({
      data: await app.services.articles.autosave(principalOf(request), request.params.id, request.params.unique_key, request.body),
      message: CONTENT_SUCCESS_MESSAGES.ARTICLE_AUTOSAVED,
    }),
  );

  app.put(
    '/article/article-change-status/:id/:unique_key',
    {
      config: { policy: articleAccess },
      schema: {
        tags,
        summary: 'Publish or unpublish (published_at is set on the first publication)',
        security: BEARER,
        params: SlugParams,
        body: ArticleStatusBody,
        response: responses({ 200: Envelope(ArticleSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({
      data: await app.services.articles.changeStatus(request.params.id, request.params.unique_key, request.body.status),
      message: CONTENT_SUCCESS_MESSAGES.STATUS_CHANGED,
    }),
  );

  app.delete(
    '/article/article/:id/:unique_key',
    {
      config: { policy: articleAccess },
      schema: { tags, summary: 'Delete an article (with its revisions and reads)', security: BEARER, params: SlugParams, response: responses({ 200: MessageEnvelope }, 401, 403, 404) },
    },
    async (request) => {
      await app.services.articles.remove(request.params.id, request.params.unique_key);
      return { message: CONTENT_SUCCESS_MESSAGES.ARTICLE_DELETED };
    },
  );

  app.get(
    '/article/article-revisions/:id/:unique_key',
    {
      config: { policy: articleAccess },
      schema: {
        tags,
        summary: "The article's revisions, newest first (every save, restores and the latest autosave); ?locale= a translation's",
        security: BEARER,
        params: SlugParams,
        querystring: RevisionsQuery,
        response: responses({ 200: Envelope(Type.Array(RevisionSchema)) }, 401, 403, 404),
      },
    },
    async (request) => ({ data: await app.services.articles.revisions(request.params.id, request.params.unique_key, request.query.locale) }),
  );

  app.post(
    '/article/article-revisions/:id/:unique_key/:revision_id/restore',
    {
      config: { policy: articleAccess },
      schema: {
        tags,
        summary: "Put a revision's title, excerpt and content back (recorded as a 'restore' revision); a translation's revision goes back into that translation",
        security: BEARER,
        params: RevisionRestoreParams,
        response: responses({ 200: Envelope(ArticleSchema) }, 401, 403, 404, 409),
      },
    },
    async (request) => ({
      data: await app.services.articles.restore(principalOf(request), request.params.id, request.params.unique_key, request.params.revision_id),
      message: CONTENT_SUCCESS_MESSAGES.ARTICLE_RESTORED,
    }),
  );

  app.get(
    '/article/article-translations/:id/:unique_key',
    {
      config: { policy: articleAccess },
      schema: {
        tags,
        summary: "The article's translations (en-US, es-ES, fr-FR, ht-HT that exist), each with its state and whether the original changed since",
        security: BEARER,
        params: SlugParams,
        response: responses({ 200: Envelope(Type.Array(ArticleTranslationSchema)) }, 401, 403, 404),
      },
    },
    async (request) => ({ data: await app.services.articles.translations(request.params.id, request.params.unique_key) }),
  );

  app.put(
    '/article/article-translation/:id/:unique_key/:locale',
    {
      config: { policy: articleAccess },
      schema: {
        tags,
        summary: "Write one language's translation (created or replaced; keeps a revision). Its state is its own: status draft | published, or a publish_at",
        security: BEARER,
        params: TranslationParams,
        body: ArticleTranslationBody,
        response: responses({ 200: Envelope(ArticleTranslationSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({
      data: await app.services.articles.saveTranslation(principalOf(request), request.params.id, request.params.unique_key, request.params.locale, request.body),
      message: CONTENT_SUCCESS_MESSAGES.TRANSLATION_SAVED,
    }),
  );

  app.delete(
    '/article/article-translation/:id/:unique_key/:locale',
    {
      config: { policy: articleAccess },
      schema: {
        tags,
        summary: "Delete one language's translation (the original and the other translations stay as they are)",
        security: BEARER,
        params: TranslationParams,
        response: responses({ 200: MessageEnvelope }, 401, 403, 404),
      },
    },
    async (request) => {
      await app.services.articles.removeTranslation(request.params.id, request.params.unique_key, request.params.locale);
      return { message: CONTENT_SUCCESS_MESSAGES.TRANSLATION_DELETED };
    },
  );
};

export default articleRoutes;

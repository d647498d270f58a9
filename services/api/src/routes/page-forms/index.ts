import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_LOCALE,
  FORM_ID_FIELD,
  FORM_LANGUAGE_FIELD,
  isPageFormId,
  LANGUAGE_QUERY_PARAM,
  matchRoute,
  normalizeLocale,
  PAGE_FORMS,
  PUBLIC_ROUTES,
  SENT_PARAM,
  type Locale,
  type PageFormId,
  type PostedForm,
  type PostedFormError,
  type PublicRouteName,
} from '@vitrine/contracts';
import { AppError } from '../../errors';
import { LANG_COOKIE, requestLanguage } from '../../plugins/answer-cache';
import { toEnvelope } from '../../plugins/errors';
import { RATE_LIMITS } from '../../plugins/rate-limit';

/** A page answered to a form post that could not be taken: rendered for this answer alone, never cached. */
export interface FormPage {
  /** The page's path and query, as the form's action wrote it. */
  url: string;
  lang: Locale;
  statusCode: number;
  /** The form as sent, with the API's answer; none when the post could not even be read. */
  form?: PostedForm;
  headers?: Record<string, string>;
}

export interface PageFormsOptions {
  render(request: FastifyRequest, reply: FastifyReply, page: FormPage): Promise<unknown>;
}

/**
 * The public pages that can hold a form (the newsletter is in every one's footer): a form's action is its own
 * page's address, so a page answered with the form's errors is that page, at its address, and hydrates as it.
 */
const FORM_PAGES: readonly PublicRouteName[] = ['home', 'blog', 'list-article-results', 'post', 'profile', 'contact', 'unsubscribe-newsletter', 'faq', 'rc-sistemI', 'playground'];

/** The Fastify paths of a route pattern: `/post/:uniqueKey?/:id?` → `/post` and `/post/*` (the route table checks the rest). */
function postPaths(pattern: string): string[] {
  const at = pattern.indexOf('/:');
  if (at === -1) return [pattern];
  const base = pattern.slice(0, at);
  return [base, `${base}/*`];
}

/** What each form sends to the API, from the page's fields (the form's own names, as the JSON API's). */
const FIELDS: Record<(typeof PAGE_FORMS)[PageFormId], readonly string[]> = {
  newsletter: ['email'],
  contact: ['name', 'email', 'company', 'telephone', 'subject', 'message'],
  unsubscribe: ['reason', 'details'],
  resubscribe: [],
};

/** The trap field people never see: sent on to the API (the spam guard reads it), never shown back. */
const TRAP_FIELD = 'website';
const MAX_BODY = 64 * 1024;

type FormBody = Record<string, string>;

function formBody(value: unknown): FormBody {
  const out: FormBody = Object.create(null) as FormBody;
  if (typeof value !== 'object' || value === null) return out;
  for (const [name, field] of Object.entries(value)) if (typeof field === 'string') out[name] = field;
  return out;
}

/**
 * Where a form comes from (cross-site request forgery): these forms act for nobody signed in, but a page of another
 * site must not make a visitor's browser send them (a sign-up in their name, their address's rate limits spent).
 * Browsers say it in `Sec-Fetch-Site`, which a page cannot forge; without it (older browsers) `Origin` must be this
 * site. A client that sends neither is no browser, which such a forgery needs.
 */
export function crossSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  return host !== request.headers.host && host !== new URL(publicUrl).host;
}

/** The language the visitor's `vt_lang` cookie names, else the default: what a page's address without `?lang=` is in. */
function rememberedLanguage(request: FastifyRequest): Locale {
  const cookie = LANG_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  let value: string | null = null;
  try {
    value = cookie === undefined ? null : decodeURIComponent(cookie);
  } catch {
    value = null;
  }
  return normalizeLocale(value) ?? DEFAULT_LOCALE;
}

/** The subscription a page's path names (`/unsubscribe-newsletter/{key}/{id}`), if any. */
function subscriptionOf(pathname: string): { id: string; key: string } | undefined {
  const match = /^\/unsubscribe-newsletter\/([A-Za-z0-9_-]{1,64})\/(\d{1,15})\/?$/.exec(pathname);
  return match?.[1] && match[2] ? { key: match[1], id: match[2] } : undefined;
}

/**
 * The result page of a form taken: its own page with `?sent=<form id>` (a page of its own, in the visitor's language,
 * that a reload shows again without sending anything), scrolled to the form. The page's other parameters stay
 * (the blog's page and category); a subscription page's `status` (the confirmation's landing) is over.
 */
function resultLocation(request: FastifyRequest, pathname: string, id: PageFormId, lang: Locale): string {
  const at = request.url.indexOf('?');
  const query = new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
  query.delete(LANGUAGE_QUERY_PARAM);
  if (pathname.startsWith('/unsubscribe-newsletter/')) query.delete('status');
  query.set(SENT_PARAM, id);
  // The page in the form's language: said in the address unless the visitor's cookie (or the default) says it already.
  if (rememberedLanguage(request) !== lang) query.set(LANGUAGE_QUERY_PARAM, lang);
  return `${pathname}?${query.toString()}#${id}`;
}

/**
 * The public pages' forms sent without JavaScript (docs/decisions/forms-without-js.md): a page's form posts
 * (`application/x-www-form-urlencoded`) to the page's own address, naming itself in the `form` field. The post
 * goes to the very API route the page's code calls (in-process, from the visitor's address: the same schema,
 * rate limits, blacklist, spam guard and double opt-in), then:
 * - taken: 303 to the result page (post/redirect/get; nothing typed is in a URL or in the access log);
 * - not taken: the page itself, rendered again by the server with the form as typed and the API's answer, with
 *   the API's status (a validation error as 422), `Cache-Control: no-store`, outside the answer cache and replay.
 */
export default async function pageFormRoutes(app: FastifyInstance, options: PageFormsOptions): Promise<void> {
  // Browsers send a form as `application/x-www-form-urlencoded`; the first value of a repeated name is kept.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: MAX_BODY }, (_request, body, done) => {
    const fields: FormBody = Object.create(null) as FormBody;
    for (const [name, value] of new URLSearchParams(String(body))) if (!(name in fields)) fields[name] = value;
    done(null, fields);
  });

  const languageOf = (request: FastifyRequest, body: FormBody): Locale => normalizeLocale(body[FORM_LANGUAGE_FIELD]) ?? requestLanguage(request);

  /** The page again, with the form as typed (the trap field left out) and the API's answer. */
  const answerWithPage = (request: FastifyRequest, reply: FastifyReply, body: FormBody, error: PostedFormError, headers?: Record<string, string>) => {
    const id = body[FORM_ID_FIELD];
    const statusCode = error.statusCode === 400 ? 422 : error.statusCode;
    const form: PostedForm | undefined = isPageFormId(id)
      ? { id, values: Object.fromEntries(FIELDS[PAGE_FORMS[id]].flatMap((name) => (body[name] === undefined ? [] : [[name, body[name]]]))), error }
      : undefined;
    return options.render(request, reply, { url: request.url, lang: languageOf(request, body), statusCode, ...(form ? { form } : {}), ...(headers ? { headers } : {}) });
  };

  const fail = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const { envelope, headers } = toEnvelope(error);
    if (envelope.statusCode >= 500) request.log.error({ err: error }, 'page form failed');
    const retryAfter = Number(headers?.['retry-after']);
    return answerWithPage(request, reply, formBody(request.body), { ...envelope, ...(retryAfter > 0 ? { retryAfter } : {}) }, headers);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store');
    const body = formBody(request.body);
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const name = matchRoute(pathname);
    const id = body[FORM_ID_FIELD];
    if (!name || !(FORM_PAGES as readonly string[]).includes(name) || /^\/[/\\]/.test(pathname)) {
      return reply.callNotFound();
    }
    if (crossSite(request, app.config.publicUrl)) {
      request.log.info('page form refused: sent from another site');
      // Nothing of what another site sent is shown back on this one.
      return options.render(request, reply, { url: request.url, lang: languageOf(request, body), statusCode: 403, ...(isPageFormId(id) ? { form: { id, values: {}, error: toEnvelope(new AppError(403, 'SUBMISSION_REFUSED')).envelope } } : {}) });
    }
    if (!isPageFormId(id)) throw new AppError(400, 'VALIDATION_ERROR', { errors: [{ property: FORM_ID_FIELD, message: { isEnum: `${FORM_ID_FIELD} must name one of the page's forms` } }] });
    const lang = languageOf(request, body);
    const kind = PAGE_FORMS[id];
    // Blank fields are left out: the API then says they are required (a blank email is no invalid one).
    const sent: Record<string, unknown> = {};
    for (const field of FIELDS[kind]) if (body[field]?.trim()) sent[field] = body[field];
    if ((kind === 'newsletter' || kind === 'contact') && body[TRAP_FIELD] !== undefined) sent[TRAP_FIELD] = body[TRAP_FIELD];
    let url: string;
    if (kind === 'newsletter') url = '/api/public/newsletter';
    else if (kind === 'contact') url = '/api/public/contact';
    else {
      const subscription = subscriptionOf(pathname);
      if (!subscription) throw new AppError(404, 'NOT_FOUND');
      url = `/api/public/newsletter/${kind}/${subscription.id}/${encodeURIComponent(subscription.key)}`;
    }
    // The page's code calls the same route; here the server calls it in-process, as the visitor (their address).
    const answer = await app.inject({
      method: 'POST',
      url: `${url}?${LANGUAGE_QUERY_PARAM}=${encodeURIComponent(lang)}`,
      remoteAddress: request.ip,
      ...(kind === 'resubscribe' ? {} : { payload: sent }),
    });
    if (answer.statusCode < 300) return reply.redirect(resultLocation(request, pathname, id, lang), 303);
    let error: PostedFormError;
    try {
      const envelope = answer.json<PostedFormError>();
      error = { statusCode: answer.statusCode, code: envelope.code, message: envelope.message, ...(envelope.errors ? { errors: envelope.errors } : {}) };
    } catch {
      error = toEnvelope(new AppError(answer.statusCode >= 500 ? 500 : answer.statusCode, answer.statusCode >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR')).envelope;
    }
    const retry = answer.headers['retry-after'];
    const headers = retry === undefined ? undefined : { 'retry-after': String(retry) };
    if (headers) error.retryAfter = Number(headers['retry-after']);
    return answerWithPage(request, reply, body, error, headers);
  };

  for (const page of FORM_PAGES) {
    for (const path of postPaths(PUBLIC_ROUTES[page])) {
      app.post(path, { config: { policy: 'public', rateLimit: RATE_LIMITS.pageForm }, schema: { hide: true }, errorHandler: (error, request, reply) => fail(request, reply, error) }, handler);
    }
  }
}

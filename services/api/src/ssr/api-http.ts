import type { FastifyInstance } from 'fastify';
import { LANGUAGE_QUERY_PARAM } from '@vitrine/contracts';
import type { PageHttp } from './render-pool';

/**
 * The public reads whose answer is in the request's language (category names and descriptions, the FAQ, the site's
 * opening hours): a page rendered in a language asks them in it even when the remote's build predates sending
 * `?lang=` itself.
 */
const IN_LANGUAGE = /^\/public\/(?:home|articles|search|categories|faq|site$|article\/\d+\/|author\/\d+\/)/;

/**
 * The loaders' reads, answered by the API itself in-process (as the browser would ask them), for a page rendered in
 * `lang` (`?lang=` is the page's, whatever the remote's client put there). The server's pages and the smoke render
 * of a release before its activation (releases/smoke.ts) both read through it.
 */
export function apiHttp(app: FastifyInstance, lang?: string): PageHttp {
  const text = async (url: string, config?: { params?: object }) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(config?.params ?? {})) if (value !== undefined && value !== null) query.set(key, String(value));
    if (lang && (query.has(LANGUAGE_QUERY_PARAM) || IN_LANGUAGE.test(url))) query.set(LANGUAGE_QUERY_PARAM, lang);
    const qs = query.toString();
    const res = await app.inject({ method: 'GET', url: `/api${url}${qs ? `?${qs}` : ''}` });
    return { status: res.statusCode, body: res.body };
  };
  return {
    // A render worker takes the answer's text as it is (ssr/render-pool.ts); the server's own reads parse it here.
    text,
    async get<T>(url: string, config?: { params?: object }) {
      const res = await text(url, config);
      if (res.status >= 400) throw Object.assign(new Error(`GET ${url}: ${res.status}`), { response: { status: res.status } });
      return { data: JSON.parse(res.body) as T };
    },
  };
}

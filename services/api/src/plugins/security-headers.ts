import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isSeoPage } from '@vitrine/contracts';
import type { AppConfig } from '../config';
import * as seo from '../repositories/seo';

/** The CSP of every answer that is not a page (JSON, files, feeds): nothing may run or be framed. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** What the SEO entries' markup needs on public pages: the origins it loads from and the hashes of its inline scripts. */
export interface SeoSources {
  origins: string[];
  scriptHashes: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const URL_ATTR = /\b(?:src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/**
 * Reads the staff's SEO markup (docs/decisions/api-safe-by-default.md): every absolute http(s) origin
 * its tags load from (script/img/iframe/link src or href), and the SHA-256 of each inline script as the
 * browser hashes it (the HTML parser turns CR LF and CR into LF). Nothing else inline may run.
 */
export function seoSources(markups: readonly string[]): SeoSources {
  const origins = new Set<string>();
  const scriptHashes = new Set<string>();
  for (const markup of markups) {
    for (const match of markup.matchAll(URL_ATTR)) {
      const value = (match[1] ?? match[2] ?? match[3] ?? '').trim();
      const absolute = value.startsWith('//') ? `https:${value}` : value;
      try {
        const url = new URL(absolute);
        if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
      } catch {
        // relative or not a URL: same origin, nothing to allow
      }
    }
    for (const match of markup.matchAll(SCRIPT)) {
      const attrs = match[1] ?? '';
      const code = match[2] ?? '';
      if (/\bsrc\s*=/i.test(attrs) || code.trim() === '') continue;
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
      if (type && type !== 'text/javascript' && type !== 'module' && type !== 'application/javascript') continue;
      const normalized = code.replace(/\r\n?/g, '\n');
      scriptHashes.add(`'sha256-${createHash('sha256').update(normalized, 'utf8').digest('base64')}'`);
    }
  }
  return { origins: [...origins].sort(), scriptHashes: [...scriptHashes].sort() };
}

/** The origins of the remotes (when PUBLIC_REMOTE_URL / ADMIN_REMOTE_URL are absolute) and CSP_EXTRA_ORIGINS. */
export function appOrigins(config: AppConfig): string[] {
  const origins = new Set<string>(config.cspExtraOrigins);
  for (const url of [config.publicRemoteUrl, config.adminRemoteUrl]) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // a path on this origin ('self')
    }
  }
  return [...origins];
}

/**
 * A page's CSP: code, styles, data and images only from this origin and the app's own other
 * origins. antd and the federation runtime add <style> tags, hence 'unsafe-inline' for styles only.
 * A public page also lets the SEO entries' markup run: its origins and its inline scripts' hashes.
 */
export function pageCsp(origins: readonly string[], extra?: SeoSources): string {
  const own = ["'self'", ...origins];
  const seoOrigins = extra?.origins ?? [];
  const list = (...parts: string[]) => parts.filter(Boolean).join(' ');
  return [
    `default-src ${list(...own)}`,
    `script-src ${list(...own, ...seoOrigins, ...(extra?.scriptHashes ?? []))}`,
    `style-src ${list(...own, "'unsafe-inline'", ...seoOrigins)}`,
    `img-src ${list(...own, 'data:', 'blob:', ...seoOrigins)}`,
    `font-src ${list(...own, 'data:', ...seoOrigins)}`,
    `connect-src ${list(...own, ...seoOrigins)}`,
    `frame-src ${list("'self'", ...seoOrigins)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every answer (@fastify/helmet): nosniff, frame protection (DENY and
 * frame-ancestors 'none'), Referrer-Policy, HSTS, COOP; and a Content-Security-Policy chosen per
 * answer: pages (HTML) get pageCsp, with the SEO markup's sources on public pages only; everything else NON_PAGE_CSP.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The remotes and uploads are loaded by a shell on another origin in the production layout.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
    });

    const origins = appOrigins(app.config);
    const strictPage = pageCsp(origins);
    // The SEO entries' sources, read once per content version (an SEO write bumps it): a cached page costs no query.
    let known: { token: string; sources: Promise<SeoSources> } | undefined;
    const seoSourcesNow = async (): Promise<SeoSources> => {
      const token = await app.answerCache.versions.current();
      if (known?.token !== token) {
        const sources = seo.listActive(app.db).then((entries) => seoSources(entries.flatMap((entry) => [entry.head_markup, entry.body_markup])));
        known = { token, sources };
        sources.catch(() => {
          if (known?.sources === sources) known = undefined;
        });
      }
      return known.sources;
    };

    app.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      // A 304 to a page revalidation has no body type, but the browser applies its headers to the cached page.
      const page = type.startsWith('text/html') || (reply.statusCode === 304 && (request.headers.accept ?? '').includes('text/html'));
      if (!page) {
        reply.header('content-security-policy', NON_PAGE_CSP);
        return payload;
      }
      const pathname = request.url.split('?', 1)[0] ?? '/';
      if (!isSeoPage(pathname) || pathname.startsWith('/api/')) {
        reply.header('content-security-policy', strictPage);
        return payload;
      }
      let sources: SeoSources | undefined;
      try {
        sources = await seoSourcesNow();
      } catch (err) {
        // The page still works; only the SEO markup will not run until the database answers again.
        request.log.warn({ err }, 'SEO entries unreadable: public page served without their CSP sources');
      }
      reply.header('content-security-policy', pageCsp(origins, sources));
      return payload;
    });
  },
  { name: 'security-headers', dependencies: ['services', 'answer-cache'] },
);

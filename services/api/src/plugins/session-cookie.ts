import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session's proof: a random value set at sign-in as a cookie scripts cannot read (HttpOnly), sent only to
 * the API (Path=/api), only from the site itself (SameSite=Strict) and only over HTTPS when the site is served
 * over HTTPS (Secure). The database keeps its SHA-256 with the session; a bearer token is accepted only together
 * with it (docs/security.md), so a token read out of the page's storage is worthless elsewhere.
 */
export const SESSION_COOKIE = 'vt_session';

const COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([A-Za-z0-9_-]{1,256})(?:;|$)`);

/** The proof the request carries, if any. */
export function sessionProof(request: FastifyRequest): string | undefined {
  return COOKIE_VALUE.exec(request.headers.cookie ?? '')?.[1];
}

/** HTTPS as the browser sees it: the request's protocol (X-Forwarded-Proto behind a trusted proxy) or the public URL's. */
function secure(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.config.publicUrl.startsWith('https:');
}

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  return [`${SESSION_COOKIE}=${value}`, 'Path=/api', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict', ...(secure(request) ? ['Secure'] : [])].join('; ');
}

/** Sets the proof of a new session, living as long as the session. */
export function setSessionProof(request: FastifyRequest, reply: FastifyReply, proof: string, maxAgeSeconds: number): void {
  reply.header('set-cookie', cookie(request, proof, maxAgeSeconds));
}

/** Tells the browser to forget the proof (sign-out, a session that ended or never matched). */
export function clearSessionProof(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(request, '', 0));
}

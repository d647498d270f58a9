import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { canOpenRoute, type AdminRouteName } from '@vitrine/contracts';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { clearSessionProof, sessionProof } from './session-cookie';
import { describeLimit } from './rate-limit';
import type { Principal } from '../services/context';
import { actorContext } from '../db/actor';
import { CONTROL_HEADER, fromThisMachine, tokenMatches } from '../releases/control';

/**
 * A protected route's access rule:
 * - `routes`: the admin route names (ADMIN_ROUTES) it belongs to; allowed when any
 *   of the caller's roles lists one of them (canOpenRoute, the guard's rule). Empty: any signed-in user.
 * - `self`: the record id the call is about, read from the raw (string) route parameters,
 *   since the rule runs before validation; the caller may always act on their own record.
 * - `firstAccess`: a first-access user may make this call (true), or only about themselves ('self').
 */
export interface RouteAuth {
  routes: readonly AdminRouteName[];
  self?: (request: FastifyRequest) => number | undefined;
  firstAccess?: boolean | 'self';
  /** Users of type admin only, whatever their roles (with `routes: []`: any signed-in admin). */
  adminType?: true;
}

/**
 * Every route's declared policy (docs/decisions/api-safe-by-default.md):
 * 'public' (anyone), a RouteAuth (signed in; `routes: []` = any signed-in user), or 'local-control': the release
 * CLI on this machine, with the token of this server's start (releases/control.ts; no session).
 * A route that declares none is refused when it is registered.
 */
export type RoutePolicy = 'public' | 'local-control' | RouteAuth;

/** Any signed-in user, first-access users included (the first-access and verification screens). */
export const SIGNED_IN_FIRST_ACCESS: RouteAuth = { routes: [], firstAccess: true };
/** Any signed-in user past first access. */
export const SIGNED_IN: RouteAuth = { routes: [] };

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every registered route with its policy and rate limit, in registration order (the route table test reads it). */
    routeTable: RouteTableEntry[];
    /** The token 'local-control' routes ask for; none until the server listens (plugins/releases.ts sets it). */
    localControl: { token: string | undefined };
  }
}

export interface RouteTableEntry {
  method: string;
  url: string;
  policy: string;
  rateLimit: string | null;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The caller of a protected route (the policy hook ran before the handler). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ForbiddenError('ACCESS_DENIED');
  return request.principal;
}

/** A policy as one line of text: the route table (test/route-policies.json) lists these. */
export function describePolicy(policy: RoutePolicy): string {
  if (policy === 'public' || policy === 'local-control') return policy;
  const parts = [policy.routes.length === 0 ? 'signed-in' : `routes:${policy.routes.join('|')}`];
  if (policy.self) parts.push('self');
  if (policy.firstAccess === true) parts.push('first-access');
  if (policy.firstAccess === 'self') parts.push('first-access:self');
  if (policy.adminType) parts.push('admin-type');
  return parts.join(' ');
}

/**
 * Routes the plugins add themselves: files (@fastify/static), the API docs (@fastify/swagger-ui) and the
 * CORS preflight (@fastify/cors, OPTIONS). All hidden from the OpenAPI document; public by nature and
 * listed in the route table like every other route.
 */
function isFileRoute(route: RouteOptions): boolean {
  const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
  return hidden && (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.method === 'OPTIONS');
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('principal', null);
    const table: RouteTableEntry[] = [];
    app.decorate('routeTable', table);
    app.decorate('localControl', { token: undefined as string | undefined });

    // Safe by default: a route without a policy does not start.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      if (route.config?.policy === undefined) {
        if (!isFileRoute(route)) throw new Error(`Route ${methods} ${route.url} declares no policy (config.policy: 'public' or an access rule)`);
        route.config = { ...route.config, policy: 'public' };
      }
      const policy = route.config.policy as RoutePolicy;
      table.push({ method: methods, url: route.url, policy: describePolicy(policy), rateLimit: describeLimit(route.config.rateLimit) });
    });

    // Every request runs in a context of its own, in which an authenticated one names its actor to the
    // database (db/actor.ts: the audit log's triggers read it).
    // Public routes act for nobody: they skip it.
    app.addHook('onRequest', (request, _reply, done) => {
      const rule = request.routeOptions.config.policy;
      if (rule === undefined || rule === 'public' || rule === 'local-control') done();
      else actorContext.run(done);
    });

    // onRequest: before the body is parsed and validated, so an anonymous caller gets 401 and a
    // caller without the access 403 whatever they sent (never a 400 listing the schema's fields).
    app.addHook('onRequest', async (request, reply) => {
      const rule = request.routeOptions.config.policy;
      if (rule === undefined || rule === 'public') return;
      if (rule === 'local-control') {
        // The release CLI: this start's token, from this machine, not through a proxy (releases/control.ts).
        const token = app.localControl.token;
        const given = request.headers[CONTROL_HEADER];
        if (given === undefined) throw new UnauthorizedError();
        if (!token || !fromThisMachine(request) || !tokenMatches(given, token)) throw new ForbiddenError('ACCESS_DENIED');
        return;
      }
      const proof = sessionProof(request);
      let principal: Principal;
      try {
        principal = await app.services.auth.authenticate(bearerToken(request), proof);
      } catch (err) {
        // A proof whose session ended (or never matched) is of no more use: the browser forgets it.
        if (proof !== undefined && err instanceof UnauthorizedError) clearSessionProof(request, reply);
        throw err;
      }
      request.principal = principal;
      actorContext.set({ id: principal.user.id, name: `${principal.user.name} ${principal.user.last_name}`.trim() });
      const isSelf = rule.self !== undefined && rule.self(request) === principal.user.id;
      if (principal.user.status === 'first-access') {
        const allowed = rule.firstAccess === true || (rule.firstAccess === 'self' && isSelf);
        if (!allowed) throw new ForbiddenError('FIRST_ACCESS_REQUIRED');
      }
      if (rule.adminType && principal.user.type !== 'admin') throw new ForbiddenError('ACCESS_DENIED');
      if (rule.routes.length === 0 || isSelf) return;
      if (!rule.routes.some((route) => canOpenRoute(principal.roles, route))) throw new ForbiddenError('ACCESS_DENIED');
    });
  },
  { name: 'auth', dependencies: ['services'] },
);

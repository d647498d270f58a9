import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canOpenRoute, type AdminRouteName } from '@vitrine/contracts';
import { ForbiddenError } from '../errors';
import type { Principal } from '../services/context';

/**
 * A protected route's access rule, declared next to its schema:
 * - `routes`: the admin route names (ADMIN_ROUTES) it belongs to; allowed when any
 *   of the caller's roles lists one of them (canOpenRoute, the guard's rule). Empty: any signed-in user.
 * - `self`: the record id the call is about; the caller may always act on their own record.
 * - `firstAccess`: a first-access user may make this call (true), or only about themselves ('self').
 */
export interface RouteAuth {
  routes: readonly AdminRouteName[];
  self?: (request: FastifyRequest) => number | undefined;
  firstAccess?: boolean | 'self';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The caller of a protected route (the auth hook ran before the handler). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ForbiddenError('ACCESS_DENIED');
  return request.principal;
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('principal', null);

    app.addHook('preHandler', async (request) => {
      const rule = request.routeOptions.config.auth;
      if (!rule) return;
      const principal = await app.services.auth.authenticate(bearerToken(request));
      request.principal = principal;
      const isSelf = rule.self !== undefined && rule.self(request) === principal.user.id;
      if (principal.user.status === 'first-access') {
        const allowed = rule.firstAccess === true || (rule.firstAccess === 'self' && isSelf);
        if (!allowed) throw new ForbiddenError('FIRST_ACCESS_REQUIRED');
      }
      if (rule.routes.length === 0 || isSelf) return;
      if (!rule.routes.some((route) => canOpenRoute(principal.roles, route))) throw new ForbiddenError('ACCESS_DENIED');
    });
  },
  { name: 'auth', dependencies: ['services'] },
);

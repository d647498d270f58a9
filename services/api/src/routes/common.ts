import type { TSchema } from 'typebox';
import type { FastifyRequest } from 'fastify';

const ERROR_REF = { $ref: 'ErrorEnvelope#' } as const;

/**
 * A copy of a schema without the `$id`s of the schemas nested in it: the
 * contracts name some schemas (Image, Article...) that a response embeds more
 * than once, which the serializer would take for conflicting definitions.
 */
export function withoutIds<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === '$id' ? undefined : value))) as T;
}

/** The error answers every route may give, documented once. */
export function responses<T extends Record<number, TSchema>>(success: T, ...errors: number[]) {
  const out: Record<number, unknown> = {};
  for (const [status, schema] of Object.entries(success)) out[Number(status)] = withoutIds(schema);
  for (const status of [400, 500, ...errors]) out[status] = ERROR_REF;
  return out as T;
}

export const BEARER = [{ bearerAuth: [] }];

/**
 * The `id` route parameter, for RouteAuth.self. The policy runs before validation, so the
 * parameter is still the raw string here: only a plain decimal id counts.
 */
export function paramId(request: FastifyRequest): number | undefined {
  const id = (request.params as { id?: unknown }).id;
  if (typeof id === 'number') return id;
  return typeof id === 'string' && /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : undefined;
}

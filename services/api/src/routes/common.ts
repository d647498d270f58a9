import type { TSchema } from 'typebox';
import type { FastifyRequest } from 'fastify';

const ERROR_REF = { $ref: 'ErrorEnvelope#' } as const;

/** The error answers every route may give, documented once. */
export function responses<T extends Record<number, TSchema>>(success: T, ...errors: number[]) {
  const out: Record<number, unknown> = { ...success };
  for (const status of [400, 500, ...errors]) out[status] = ERROR_REF;
  return out as T;
}

export const BEARER = [{ bearerAuth: [] }];

/** The `id` route parameter, for RouteAuth.self. */
export function paramId(request: FastifyRequest): number | undefined {
  const id = (request.params as { id?: unknown }).id;
  return typeof id === 'number' ? id : undefined;
}

import fp from 'fastify-plugin';
import type { ErrorObject } from 'ajv';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, type ErrorCode, type ErrorEnvelope, type FieldError } from '@vitrine/contracts';
import { isDatabaseUnavailable } from '../db/faults';
import { AppError, DatabaseUnavailableError, ServiceUnavailableError } from '../errors';
import { toFieldErrors } from './validation';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the static-site plugin: answers the shell's index.html for a browser navigation; false when not one. */
    siteFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  }
}

function envelope(statusCode: number, code: ErrorCode, errors?: FieldError[], message = ERROR_MESSAGES[code]): ErrorEnvelope {
  return { error: true, statusCode, code, message, ...(errors ? { errors } : {}) };
}

const FASTIFY_CODES: Record<string, [number, ErrorCode]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED_JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'MALFORMED_JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'VALIDATION_ERROR'],
  FST_ERR_BAD_URL: [400, 'MALFORMED_URL'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'URL_TOO_LONG'],
};

/** Turns any thrown error into the error envelope ({ error, statusCode, code, message, errors? }); a 500 never leaks internals. */
export function toEnvelope(error: unknown): { envelope: ErrorEnvelope; headers?: Record<string, string> } {
  // A database fault that did not pass through the db wrappers (e.g. a driver error raised elsewhere).
  if (!(error instanceof AppError) && isDatabaseUnavailable(error)) return toEnvelope(new DatabaseUnavailableError(error));
  if (error instanceof AppError) {
    return { envelope: envelope(error.statusCode, error.code, error.errors, error.message), ...(error.headers ? { headers: error.headers } : {}) };
  }
  const fastifyError = error as Partial<FastifyError> & { validation?: ErrorObject[]; validationContext?: string };
  if (fastifyError.validation) {
    return { envelope: envelope(400, 'VALIDATION_ERROR', toFieldErrors(fastifyError.validation, fastifyError.validationContext)) };
  }
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return { envelope: envelope(known[0], known[1]) };
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code: ErrorCode = status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 429 ? 'RATE_LIMITED' : 'VALIDATION_ERROR';
    return { envelope: envelope(status, code) };
  }
  return { envelope: envelope(500, 'INTERNAL_ERROR') };
}

/**
 * Fastify's `frameworkErrors`: a malformed URL (400 MALFORMED_URL) or a path parameter over
 * `maxParamLength` (414 URL_TOO_LONG) are answered by the router before any route; without this
 * they have Fastify's own body instead of the envelope.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { envelope: body } = toEnvelope(error);
  request.log.info({ code: body.code, statusCode: body.statusCode }, 'request rejected by the router');
  void reply.code(body.statusCode).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * Node's `clientError`: the request could not even be parsed as HTTP (headers over `maxHeaderSize`
 * → 431, a request slower than `requestTimeout` → 408, anything else → 400). No request object
 * exists yet, so the envelope is written on the socket, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, code, reason]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'Request Header Fields Too Large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'Request Timeout']
        : [400, 'MALFORMED_REQUEST', 'Bad Request'];
  const body = JSON.stringify(envelope(statusCode, code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    // Fastify's own 503 while closing has its own body; this one is the envelope (the app is built
    // with return503OnClosing: false). Requests already running finish; new ones are told to retry.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!closing) return;
      request.log.info('refused: shutting down');
      const error = new ServiceUnavailableError('SHUTTING_DOWN', 2);
      return reply
        .code(503)
        .headers({ ...error.headers, connection: 'close' })
        .send(envelope(503, 'SHUTTING_DOWN'));
    });
    // An answer sent while closing ends its keep-alive connection (Node keeps it open otherwise, for
    // up to keepAliveTimeout, and close() waits for it).
    app.addHook('onSend', async (_request, reply) => {
      if (closing) void reply.header('connection', 'close');
    });

    app.setErrorHandler((error, request, reply) => {
      const { envelope: body, headers } = toEnvelope(error);
      if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: body.code, statusCode: body.statusCode }, 'request rejected');
      if (headers) void reply.headers(headers);
      return reply.code(body.statusCode).send(body);
    });

    app.setNotFoundHandler(async (request, reply) => {
      if (app.siteFallback && (await app.siteFallback(request, reply))) return reply;
      return reply.code(404).send(envelope(404, 'NOT_FOUND'));
    });
  },
  { name: 'errors' },
);

import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { DatabaseUnavailableError } from '../db/database.ts';

/** What a request is told to wait while the database is out of reach: a restart or failover takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export function errorBody(statusCode: number, message: string) {
  return { success: false, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** Input that passed parsing and the schema but still cannot be accepted: answered 400 with its message. */
export class BadRequestError extends Error {
  readonly statusCode = 400;
}

/**
 * Client mistakes (schema validation, malformed JSON, too large, wrong content type) keep their 4xx status
 * and message. A database out of reach is a 503 the client may retry. Anything else is a server fault: logged, and answered as a JSON 500 that reveals nothing.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) return reply.code(400).send(errorBody(400, error.message));
    if (error instanceof DatabaseUnavailableError) {
      request.log.warn({ err: error.cause }, 'Database out of reach');
      return reply
        .code(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody(503, `The database is out of reach for a moment: retry in ${DATABASE_RETRY_AFTER_SECONDS} s`));
    }
    const status = error.statusCode ?? 500;
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    // A server too busy for this request now (the password hashes' queue is full): it may be sent again.
    if (status === 503 && typeof retryAfter === 'number')
      return reply.code(503).header('Retry-After', String(retryAfter)).send(errorBody(503, error.message));
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody(status, error.message));
    request.log.error({ err: error }, 'Unexpected error');
    return reply.code(500).send(errorBody(500, 'The server could not handle this request.'));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody(404, `Nothing at ${request.method} ${request.url.split('?')[0]}`)),
  );
}

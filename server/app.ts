import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { registerBodyParsers } from './body-parsers.ts';
import { loadConfigFiles } from './config-loader.ts';
import { registerCors } from './cors.ts';
import type { Database } from './db/database.ts';
import { Store } from './db/store.ts';
import { errorBody, registerErrorHandlers } from './errors.ts';
import { DISPLAY_API_PREFIX } from '../src/core/api/contract.ts';
import { DEFAULT_RATE_LIMIT, TokenBucketLimiter, type RateLimitSettings } from './rate-limit.ts';
import { displayRoutes } from './routes/display.ts';
import { ownerRoutes } from './routes/owner.ts';
import { staticRoutes } from './routes/static.ts';

export const FREE_EMAIL_DOMAINS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'free-email-domains.txt');
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export interface AppOptions {
  /** Open and migrated storage (see openDatabase and runMigrations). */
  db: Database;
  /** Bearer token of the owner API. */
  ownerToken: string;
  /** When set, pop-up files (`*.json`) to upsert into storage before the app is returned. */
  popupsDir?: string;
  /** When set, client files (`*.json`) to upsert into storage before the app is returned. */
  clientsDir?: string;
  /** When set, static examples at / and /examples/. */
  examplesDir?: string;
  /** When set, built files at /dist/ and the loader at /poptin.js. */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted request body in bytes (default 64 KiB); larger ones get 413. */
  bodyLimit?: number;
  /** Per-IP token bucket on /api/display/* (default 120 requests per 10 s); false turns it off. */
  rateLimit?: RateLimitSettings | false;
  /** Behind a load balancer or proxy, so request.ip is the visitor's (Fastify trustProxy). */
  trustProxy?: FastifyServerOptions['trustProxy'];
}

function registerRateLimit(app: FastifyInstance, settings: RateLimitSettings): void {
  const limiter = new TokenBucketLimiter(settings);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/display/')) return;
    const decision = limiter.take(request.ip);
    if (decision.allowed) return;
    return reply
      .code(429)
      .header('Retry-After', String(decision.retryAfterSeconds))
      .send(errorBody(429, `Too many requests: retry in ${decision.retryAfterSeconds} s`));
  });
}

async function readFreeEmailDomains(): Promise<string> {
  const lines = (await readFile(FREE_EMAIL_DOMAINS_FILE, 'utf8')).split('\n').map((line) => line.trim().toLowerCase());
  const domains = [...new Set(lines.filter((line) => line && !line.startsWith('#')))];
  return domains.join('\n') + '\n';
}

/** The display server as a Fastify instance, ready to `listen` or `inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    ajv: { customOptions: { allowUnionTypes: true } },
    // Errors raised before routing (a malformed URL) get the same JSON shape as every other 4xx.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      reply.code(400).send(errorBody(400, error.message));
    },
  });
  const store = new Store(options.db);

  registerErrorHandlers(app);
  await registerBodyParsers(app);
  // CORS before the rate limit, so a 429 still carries the headers the widget needs to read Retry-After.
  await registerCors(app, store);
  if (options.rateLimit !== false) registerRateLimit(app, options.rateLimit ?? DEFAULT_RATE_LIMIT);

  if (options.clientsDir || options.popupsDir) {
    await loadConfigFiles(store, { clientsDir: options.clientsDir, popupsDir: options.popupsDir }, app.log);
  }

  await app.register(displayRoutes, { prefix: DISPLAY_API_PREFIX, store, freeEmailDomains: await readFreeEmailDomains() });
  await app.register(ownerRoutes, { prefix: '/api/owner', store, ownerToken: options.ownerToken });
  await app.register(staticRoutes, { examplesDir: options.examplesDir, distDir: options.distDir });
  return app;
}

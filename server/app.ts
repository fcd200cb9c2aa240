import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { DISPLAY_API_PREFIX, SHOPIFY_BROWSE_ABANDONMENT_PATH } from '../src/core/api/contract.ts';
import { applyDueWinners, DEFAULT_WINNER_CHECK_MS } from './ab-testing/ab-tests.ts';
import { loadConfigFiles } from './configuration/config-loader.ts';
import { type CouponOptions, Coupons } from './coupons/index.ts';
import type { Database } from './db/database.ts';
import { ErasureHashes } from './db/tombstones.ts';
import { type DeliveryOptions, LeadDelivery } from './delivery/index.ts';
import { clickRoutes } from './display/click.ts';
import { displayRoutes } from './display/display.ts';
import { DEFAULT_ROLLUP_FOLD_MS } from './insights/events-repository.ts';
import { LeadChallenges } from './leads/spam-challenge.ts';
import {
  DEFAULT_SIGN_IN_LIMITS,
  type OwnerSide,
  ownerConsoleApi,
  ownerSideOf,
  registerOwnerSide,
  type SignInLimitSettings,
} from './owner/index.ts';
import { OriginsSeen } from './owner/installation.ts';
import { DEFAULT_OWNER_FAILURE_LIMIT, registerOwnerAuth, tokenOpensSite } from './owner/owner-auth.ts';
import { ownerRoutes } from './owner/report-routes.ts';
import { registerBodyParsers } from './platform/body-parsers.ts';
import {
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  limitConnectionsPerAddress,
  requestTimeoutOptions,
} from './platform/connection-limits.ts';
import { registerCors } from './platform/cors.ts';
import { errorBody, registerErrorHandlers } from './platform/errors.ts';
import { buildLazyValidator, REQUEST_AJV_OPTIONS } from './platform/lazy-validators.ts';
import { DEFAULT_RATE_LIMIT, type RateLimitSettings } from './platform/rate-limit.ts';
import { repeatEvery } from './platform/repeat.ts';
import { recordRoutes } from './platform/route-list.ts';
import type { ProxyTrust } from './platform/settings.ts';
import { type RateLimiter, rateLimiterFor } from './platform/shared-rate-limit.ts';
import { staticRoutes } from './platform/static.ts';
import { openRepositories, type Repositories, watchOtherProcesses } from './repositories.ts';
import { DEFAULT_RETENTION_CHECK_MS, LeadRetention } from './retention/lead-retention.ts';
import { type StoreWebhookSecrets, storeOrderWebhooks } from './store-platform/revenue/routes.ts';
import { browseAbandonmentRoute, storeRoutes } from './store-platform/routes.ts';
import { VisitorEmails } from './visitor-email/index.ts';
import { visitorEmailRoutes } from './visitor-email/routes.ts';
import { visitorEmailOf } from './visitor-email/settings.ts';

export type ExtraRoutes = (app: FastifyInstance, repositories: Repositories) => Promise<void>;

export const FREE_EMAIL_DOMAINS_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'data',
  'free-email-domains.txt',
);
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export interface AppOptions {
  /** Open and migrated storage (see openDatabase and runMigrations). */
  db: Database;
  /**
   * DATABASE_READ_URL: where the owner's heavy reads (leads pages and search, the CSV export, the stats reports)
   * go, e.g. a streaming standby a second behind; writes stay on `db`. Default: `db`.
   */
  readDb?: Database;
  /** Bearer token of the owner API for every client (admin); a client file may add a token of its own. */
  ownerToken: string;
  /** When set, pop-up files (`*.json`) to upsert into storage before the app is returned. */
  popupsDir?: string;
  /** When set, client files (`*.json`) to upsert into storage before the app is returned. */
  clientsDir?: string;
  /** When set, static examples at / and /examples/. */
  examplesDir?: string;
  /** Routes the host adds beside the display server's, on its storage (`npm start` adds the example sites'). */
  extraRoutes?: readonly ExtraRoutes[];
  /** When set, the server's own build: the console at /console/, the elements' reference at /docs/, files at /dist/. */
  distDir?: string;
  /** When set, the library's build at /dist/ (ahead of `distDir`'s files) and its loader at /poptin.js. */
  widgetDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** A log line for each request and its answer (LOG_REQUESTS=1). */
  logRequests?: boolean;
  /** Largest accepted request body in bytes (default 64 KiB); larger ones get 413. */
  bodyLimit?: number;
  /** Per-IP token bucket on /api/display/* (default 120 requests per 10 s); false turns off this limit and ownerFailureLimit. */
  rateLimit?: RateLimitSettings | false;
  /** Wrong owner tokens an IP may send before it gets 429 (default 10 a minute). */
  ownerFailureLimit?: RateLimitSettings;
  /** The proxies in front of the server, so request.ip is the visitor's and not a proxy's. */
  trustProxy?: ProxyTrust;
  /**
   * Time to receive a request and connections per address (DEFAULT_CONNECTION_LIMITS). The per-address limit is
   * off behind a trusted proxy, whose own address every connection would have.
   */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Leads sent sooner than this after their view are listed as 'fast-after-view' (default 2000 ms; 0: no such check). */
  spamMinSubmitMs?: number;
  /** Leads sent sooner than this after their page began to load are hidden as spam (server/leads/spam.ts); 0 turns it off. */
  spamImpossibleSubmitMs?: number;
  /** Raw views and closes are kept this many days (DEFAULT_EVENT_RETENTION_DAYS); the daily roll-ups stay. */
  eventRetentionDays?: number;
  /** Origins besides the server's own from which the console may write with its session (CONSOLE_ORIGINS). */
  consoleOrigins?: string[];
  /** Sign-ins allowed per address, per e-mail and address, per e-mail (DEFAULT_SIGN_IN_LIMITS); off when rateLimit is false. */
  signInLimits?: SignInLimitSettings;
  /** PUBLIC_URL: where owners reach this server; with SMTP (delivery.mail), sign-in links by e-mail point there. */
  publicUrl?: string;
  /** Pop-up templates (default: templates/ of the repository). */
  templatesDir?: string;
  /** Lead delivery: SSRF policy, secret key, SMTP, worker (server/delivery/). */
  delivery?: DeliveryOptions;
  /** How often the A/B tests set to apply their winner by themselves are looked at (default a minute). */
  abWinnerCheckMs?: number;
  /** Where a shop's Admin API is for Shopify coupon codes (tests point it at a fake); the owners' mail is delivery's. */
  coupons?: Pick<CouponOptions, 'shopifyBase'>;
  /** The keys that prove a store platform's order webhook came from it (server/store-platform/revenue/); absent: refused. */
  storeWebhooks?: StoreWebhookSecrets;
  /** Lead retention's job: how often this process looks whether it is due (ms); false: never (another process runs it). */
  leadRetentionCheckMs?: number | false;
  /** How often this process folds the views and closes stored since into the stats roll-ups (DEFAULT_ROLLUP_FOLD_MS). */
  rollupFoldMs?: number;
  /** The hourly deletion of double opt-in leads left unconfirmed; false: never in this process (a test runs it itself). */
  unconfirmedExpiry?: false;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts, sites, pop-up authoring and templates of the console. */
    ownerSide: OwnerSide;
    /** Destinations, deliveries and this process's delivery worker. */
    delivery: LeadDelivery;
    /** The origins this process saw the sites' display calls come from, written every few seconds. */
    originsSeen: OriginsSeen;
    /** Each visitor's own coupon code (server/coupons/). */
    coupons: Coupons;
    /** The deletion of leads older than their site keeps them (server/retention/). */
    leadRetention: LeadRetention;
  }
}

function fastifyTrustProxy(trust: ProxyTrust | undefined): FastifyServerOptions['trustProxy'] {
  if (!trust) return false;
  if ('hops' in trust) return (_address: string, hop: number) => hop < trust.hops;
  return trust.addresses;
}

/** Whether the router sent this request to a display API route, whatever form its request target had. */
function isDisplayApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  return route.startsWith(`${DISPLAY_API_PREFIX}/`) || route === SHOPIFY_BROWSE_ABANDONMENT_PATH;
}

function registerRateLimit(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isDisplayApiRequest(request)) return;
    const decision = await limiter.take(request.ip);
    if (decision.allowed) return;
    return reply
      .code(429)
      .header('Retry-After', String(decision.retryAfterSeconds))
      .send(errorBody(429, `Too many requests: retry in ${decision.retryAfterSeconds} s`));
  });
}

const RESPONSE_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' };

/**
 * Headers of every answer. Cookies are marked Secure when the request came over HTTPS (seen through a
 * trusted proxy's X-Forwarded-Proto), so a visitor id set on an HTTPS page never travels in clear.
 */
function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(RESPONSE_HEADERS);
    const cookies = reply.getHeader('set-cookie');
    if (request.protocol === 'https' && cookies !== undefined) {
      const secured = [cookies]
        .flat()
        .map((cookie) => (/;\s*secure\s*(;|$)/i.test(String(cookie)) ? String(cookie) : `${cookie}; Secure`));
      reply.removeHeader('set-cookie');
      reply.header('set-cookie', secured);
    }
    return payload;
  });
}

async function readFreeEmailDomains(): Promise<string> {
  const lines = (await readFile(FREE_EMAIL_DOMAINS_FILE, 'utf8')).split('\n').map((line) => line.trim().toLowerCase());
  const domains = [...new Set(lines.filter((line) => line && !line.startsWith('#')))];
  return domains.join('\n') + '\n';
}

/**
 * Ajv turns a path or query text such as `1e309` into Infinity when it coerces it to a number, and then skips the
 * schema's minimum and maximum, which it checks on finite numbers only: such a value is refused here, before any
 * handler hands it to the database.
 */
function refuseInfiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    for (const [part, values] of [
      ['path', request.params],
      ['query', request.query],
    ] as const) {
      if (!values || typeof values !== 'object') continue;
      for (const [name, value] of Object.entries(values)) {
        if (typeof value === 'number' && !Number.isFinite(value)) {
          return reply.code(400).send(errorBody(400, `${part} parameter ${name} must be a finite number`));
        }
      }
    }
  });
}

/** The display server as a Fastify instance, ready to `listen` or `inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const connectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits };
  const app = Fastify({
    ...requestTimeoutOptions(connectionLimits),
    logger: options.logger ?? false,
    // Two log lines for every page view of every site cost more than the display call itself: off unless asked.
    logController: new LogController({ disableRequestLogging: !options.logRequests }),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    ajv: REQUEST_AJV_OPTIONS,
    schemaController: { compilersFactory: { buildValidator: buildLazyValidator } },
    // Errors raised before routing (a malformed URL) get the same JSON shape and headers as every other 4xx.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      reply.code(400).headers(RESPONSE_HEADERS).send(errorBody(400, error.message));
    },
  });
  recordRoutes(app);
  if (!options.trustProxy) limitConnectionsPerAddress(app.server, connectionLimits.maxConnectionsPerAddress);
  try {
    await registerServer(app, options);
  } catch (error) {
    // The timers, worker and sanitising started before the failure stop, so that the caller may close the database.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/**
 * The display server's work and routes on `app`. Fastify runs onClose hooks last registered first, once the server
 * stopped taking requests: each background task registers its stop as it starts, and the database is closed by the
 * caller after `close` resolves.
 */
async function registerServer(app: FastifyInstance, options: AppOptions): Promise<void> {
  const erasureHashes = new ErasureHashes(options.db);
  const visitorEmails = new VisitorEmails(options.db, erasureHashes, {
    mail: options.delivery?.mail ?? null,
    publicUrl: options.publicUrl ?? null,
  });
  const delivery = await LeadDelivery.open(
    options.db,
    { ...options.delivery, visitorEmail: (lead, context) => visitorEmails.send(lead, context) },
    (error) => app.log.error({ err: error }, 'Lead delivery worker'),
  );
  app.decorate('delivery', delivery);
  const db = options.db;
  const repositories = openRepositories(
    db,
    {
      spamMinSubmitMs: options.spamMinSubmitMs,
      spamImpossibleSubmitMs: options.spamImpossibleSubmitMs,
      eventRetentionDays: options.eventRetentionDays,
    },
    { arrivals: delivery.arrivals, erasureHashes },
  );
  const { configuration, insights, leads } = repositories;
  const reads = options.readDb
    ? { db: options.readDb, ...openRepositories(options.readDb, { eventRetentionDays: options.eventRetentionDays }) }
    : { db, ...repositories };
  const abTests = { db, configuration };
  const stopWatching = await watchOtherProcesses(repositories);
  const stopFolding = insights.foldRollupsEvery(options.rollupFoldMs ?? DEFAULT_ROLLUP_FOLD_MS, (error) =>
    app.log.error({ err: error }, 'Stats roll-ups'),
  );
  app.addHook('onClose', stopFolding);
  app.addHook('onClose', async () => stopWatching());
  const stopDelivery = delivery.start(leads);
  app.addHook('onClose', stopDelivery);
  visitorEmails.wakeDeliveries = () => delivery.worker?.wake();
  if (options.delivery?.worker !== false && options.unconfirmedExpiry !== false) {
    const stopExpiry = visitorEmails.startExpiry((error) => app.log.error({ err: error }, 'Unconfirmed leads'));
    app.addHook('onClose', stopExpiry);
  }
  const stopWinnerChecks = repeatEvery(
    options.abWinnerCheckMs ?? DEFAULT_WINNER_CHECK_MS,
    () => applyDueWinners(abTests, options.delivery?.mail ?? null),
    (error) => app.log.error({ err: error }, 'A/B winners'),
  );
  app.addHook('onClose', stopWinnerChecks);
  const coupons = new Coupons(
    options.db,
    erasureHashes,
    delivery.box,
    { mail: options.delivery?.mail ?? null, shopifyBase: options.coupons?.shopifyBase },
    (error, message) => app.log.error({ err: error }, message),
  );
  app.decorate('coupons', coupons);
  app.addHook('onClose', () => coupons.close());
  const leadRetention = new LeadRetention(options.db, erasureHashes, (error) =>
    app.log.error({ err: error }, 'Lead retention'),
  );
  app.decorate('leadRetention', leadRetention);
  if (options.leadRetentionCheckMs !== false) {
    const stopRetention = leadRetention.start(options.leadRetentionCheckMs ?? DEFAULT_RETENTION_CHECK_MS);
    app.addHook('onClose', stopRetention);
  }

  registerErrorHandlers(app);
  refuseInfiniteNumbers(app);
  registerResponseHeaders(app);
  await registerBodyParsers(app);
  // CORS before the rate limit, so a 429 still carries the headers the widget needs to read Retry-After.
  const originsSeen = new OriginsSeen(options.db, (error) => app.log.error({ err: error }, 'Origins seen'));
  app.decorate('originsSeen', originsSeen);
  app.addHook('onClose', () => originsSeen.close());
  await registerCors(app, configuration, (clientId, origin, allowed) => originsSeen.note(clientId, origin, allowed));
  if (options.rateLimit !== false) {
    const displayLimit = rateLimiterFor(options.db, 'display', options.rateLimit ?? DEFAULT_RATE_LIMIT);
    registerRateLimit(app, displayLimit);
    app.addHook('onClose', () => displayLimit.settled());
  }

  const configFiles =
    options.clientsDir || options.popupsDir
      ? await loadConfigFiles(
          configuration,
          { clientsDir: options.clientsDir, popupsDir: options.popupsDir, templatesDir: options.templatesDir },
          app.log,
        )
      : null;
  app.addHook('onClose', () => configuration.stopSanitizing());
  // In the background, as the display call's own sanitising: a start with many new pop-ups is not held by it.
  if (configFiles)
    void configuration.sanitizeUnmarked(configFiles.popups).then(
      (kept) => {
        if (kept > 0) app.log.info(`Sanitised the templates of ${kept} pop-up(s) loaded from files`);
      },
      (error: unknown) =>
        app.log.error({ err: error }, "Sanitising the files' pop-ups failed; visitors' widgets do it"),
    );

  const ownerSide = ownerSideOf(db, configuration, options.templatesDir, options.distDir);
  app.decorate('ownerSide', ownerSide);
  const consoleOrigins = options.consoleOrigins ?? [];
  await app.register(displayRoutes, {
    prefix: DISPLAY_API_PREFIX,
    configuration,
    insights,
    leads,
    abTests,
    coupons,
    freeEmailDomains: await readFreeEmailDomains(),
    previewDraft: (clientId, poptinId, token) => ownerSide.popups.draftForPreview(clientId, poptinId, token),
    beforeLead: async (popup) => {
      if (visitorEmailOf(popup.config).enabled) await visitorEmails.ensureDestination(popup.client_id);
    },
    challenges: new LeadChallenges(options.db),
    tokenOpensSite: tokenOpensSite({
      adminToken: options.ownerToken,
      clientTokenHashes: configFiles?.ownerTokenHashes ?? new Map(),
      accounts: ownerSide.accounts,
    }),
  });
  await app.register(visitorEmailRoutes, { emails: visitorEmails });
  await app.register(clickRoutes, { prefix: DISPLAY_API_PREFIX, configuration, insights, leads });
  await app.register(storeRoutes, { prefix: DISPLAY_API_PREFIX, configuration });
  await app.register(browseAbandonmentRoute, { configuration });
  await app.register(storeOrderWebhooks, { db: options.db, secrets: options.storeWebhooks ?? {} });
  await app.register(
    async (owner) => {
      owner.addHook('onRequest', async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
      });
      const failures =
        options.rateLimit === false
          ? null
          : rateLimiterFor(options.db, 'owner-failures', options.ownerFailureLimit ?? DEFAULT_OWNER_FAILURE_LIMIT);
      if (failures) owner.addHook('onClose', () => failures.settled());
      registerOwnerAuth(owner, {
        adminToken: options.ownerToken,
        clientTokenHashes: configFiles?.ownerTokenHashes ?? new Map(),
        failures,
        accounts: ownerSide.accounts,
        consoleOrigins,
      });
      await owner.register(ownerRoutes, { db, configuration, insights, leads, abTests, reads });
      await owner.register(ownerConsoleApi, { ...ownerSide, db, configuration, delivery, coupons, leadRetention });
    },
    { prefix: '/api/owner' },
  );
  for (const register of options.extraRoutes ?? []) await register(app, repositories);
  await app.register(staticRoutes, {
    examplesDir: options.examplesDir,
    distDir: options.distDir,
    widgetDir: options.widgetDir,
  });
  await registerOwnerSide(app, ownerSide, {
    db,
    consoleOrigins,
    distDir: options.distDir,
    signInLimits: options.rateLimit === false ? null : (options.signInLimits ?? DEFAULT_SIGN_IN_LIMITS),
    signInLink:
      options.delivery?.mail && options.publicUrl
        ? { mail: options.delivery.mail, publicUrl: options.publicUrl }
        : null,
  });
}

import { isIP } from 'node:net';
import { checkVendorBases, type DeliveryOptions } from '../delivery/index.ts';
import { readDeliveryKey } from '../delivery/secrets.ts';
import { DEFAULT_EVENT_RETENTION_DAYS, DEFAULT_ROLLUP_FOLD_MS } from '../insights/events-repository.ts';
import { DEFAULT_SPAM_MIN_SUBMIT_MS } from '../leads/repository.ts';
import { IMPOSSIBLE_SUBMIT_MS } from '../leads/spam.ts';
import type { StoreWebhookSecrets } from '../store-platform/revenue/routes.ts';
import { DEFAULT_RATE_LIMIT, type RateLimitSettings } from './rate-limit.ts';

export const DEVELOPMENT_OWNER_TOKEN = 'dev-owner-token';

/**
 * Which proxies may tell the server the visitor's address (X-Forwarded-For) and protocol: none, the last
 * `hops` in front of it, or those at these addresses / CIDR ranges.
 */
export type ProxyTrust = false | { hops: number } | { addresses: string[] };

export interface ServerSettings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** DATABASE_READ_URL: the owner's heavy reads on this PostgreSQL (a standby); only with DATABASE_URL. */
  databaseReadUrl?: string;
  /** From OWNER_TOKEN, or the development default (then `ownerTokenIsDefault`). */
  ownerToken: string;
  ownerTokenIsDefault: boolean;
  examplesDir: string;
  /** DIST_DIR: the server's own build (the console, the elements' reference pages, the example site's bundle). */
  distDir: string;
  /** WIDGET_DIR: the library's build (the poptin-elements package's dist/), served at /dist/ and /poptin.js. */
  widgetDir: string;
  popupsDir: string;
  clientsDir: string;
  rateLimit: RateLimitSettings;
  trustProxy: ProxyTrust;
  /** SPAM_MIN_SUBMIT_MS: leads sent sooner after their view are listed as 'fast-after-view' (0 turns it off). */
  spamMinSubmitMs: number;
  /** SPAM_IMPOSSIBLE_SUBMIT_MS: leads sent sooner after their page began to load are hidden as spam (0 turns it off). */
  spamImpossibleSubmitMs: number;
  /** EVENT_RETENTION_DAYS: raw views and closes are dropped, a month at a time, past this age (roll-ups stay). */
  eventRetentionDays: number;
  /** LEAD_RETENTION_CHECK_SECONDS: how often this process looks whether the daily lead deletion is due. */
  leadRetentionCheckMs: number;
  /** ROLLUP_FOLD_MS: how often this process folds the views and closes stored since into the stats roll-ups. */
  rollupFoldMs: number;
  /** LOG_REQUESTS=1: a log line for every request (errors are logged either way). */
  logRequests: boolean;
  /** CONSOLE_PASSWORD: the demo owner's password on a database without owners (a random one otherwise). */
  consolePassword?: string;
  /** CONSOLE_ORIGINS: origins besides the server's own from which the console may write (comma list). */
  consoleOrigins: string[];
  /** PUBLIC_URL: where owners reach this server; the sign-in links it mails (with SMTP_URL) point there. */
  publicUrl?: string;
  /**
   * Lead delivery: DELIVERY_ALLOW_PRIVATE=1 lets destinations be plain http and at private addresses, DELIVERY_KEY seals
   * their secrets, SMTP_URL and SMTP_FROM send e-mail notifications.
   */
  delivery: DeliveryOptions;
  /** SHOPIFY_API_SECRET and WIX_WEBHOOK_PUBLIC_KEY: what verifies the stores' order webhooks (docs/store-revenue.md). */
  storeWebhooks: StoreWebhookSecrets;
}

function readSmtpUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    /* reported below */
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:')
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465');
  return raw;
}

/**
 * DELIVERY_VENDOR_BASES: `kind=url` pairs, comma-separated (`brevo=http://127.0.0.1:4010/brevo,slack=…`), that
 * replace vendors' API addresses with fakes for tests and demos; refused when NODE_ENV=production.
 */
export function readVendorBases(env: NodeJS.ProcessEnv): Record<string, string> | undefined {
  const raw = env.DELIVERY_VENDOR_BASES?.trim();
  if (!raw) return undefined;
  const bases: Record<string, string> = {};
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [kind = '', url = ''] = entry.split(/=(.*)/s);
    let protocol = '';
    try {
      protocol = new URL(url).protocol;
    } catch {
      /* reported below */
    }
    if (!/^[a-z]+$/.test(kind) || (protocol !== 'http:' && protocol !== 'https:'))
      throw new Error(
        `DELIVERY_VENDOR_BASES must be kind=url pairs separated by commas, e.g. brevo=http://127.0.0.1:4010/brevo; not understood: "${entry}"`,
      );
    bases[kind] = url.replace(/\/$/, '');
  }
  checkVendorBases(bases, env);
  return bases;
}

function readDelivery(env: NodeJS.ProcessEnv): DeliveryOptions {
  const smtpUrl = readSmtpUrl(env.SMTP_URL);
  const vendorBases = readVendorBases(env);
  return {
    allowPrivate: env.DELIVERY_ALLOW_PRIVATE === '1',
    key: env.DELIVERY_KEY ? readDeliveryKey(env.DELIVERY_KEY) : undefined,
    mail: smtpUrl ? { smtpUrl, from: env.SMTP_FROM || 'poptin-elements <no-reply@localhost>' } : null,
    ...(vendorBases ? { vendorBases } : {}),
  };
}

function readPublicUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    /* reported below */
  }
  if (protocol !== 'https:' && protocol !== 'http:')
    throw new Error(`PUBLIC_URL must be an http(s) URL, e.g. https://popups.example.com; not understood: "${raw}"`);
  return raw;
}

function readOrigins(name: string, raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    let origin = '';
    try {
      origin = new URL(entry).origin;
    } catch {
      /* reported below */
    }
    if (origin !== entry)
      throw new Error(`${name} must be a comma list of origins (scheme://host[:port]); not understood: "${entry}"`);
  }
  return entries;
}

function readInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number >= ${min}, got "${raw}"`);
  return value;
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: how many proxies stand in front of the server, or their addresses / CIDR ranges. */
function readTrustProxy(raw: string | undefined): ProxyTrust {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client sends: set the number of proxies in front of the server ' +
        '(TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.1,10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(value)) return { hops: Number(value) };
  const addresses = value.split(',').map((entry) => entry.trim());
  const malformed = addresses.filter((entry) => !isAddressOrRange(entry));
  if (malformed.length > 0) {
    throw new Error(
      `TRUST_PROXY must be a number of proxies or a comma list of IP addresses / CIDR ranges; not understood: "${malformed.join('", "')}"`,
    );
  }
  return { addresses };
}

/** Server settings from the environment; throws with the variable's name when one is malformed. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const examplesDir = env.EXAMPLES_DIR || 'examples/';
  const production = env.NODE_ENV === 'production';
  if (production && !env.OWNER_TOKEN) throw new Error('OWNER_TOKEN must be set when NODE_ENV=production');
  if (env.DATABASE_READ_URL && !env.DATABASE_URL)
    throw new Error('DATABASE_READ_URL needs DATABASE_URL: the reads go to a standby of that PostgreSQL');
  return {
    port: readInteger(env, 'PORT', 8787, 0),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || '.data/',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    ownerToken: env.OWNER_TOKEN || DEVELOPMENT_OWNER_TOKEN,
    ownerTokenIsDefault: !env.OWNER_TOKEN,
    examplesDir,
    distDir: env.DIST_DIR || 'dist/',
    widgetDir: env.WIDGET_DIR || 'packages/poptin-elements/dist/',
    popupsDir: env.POPUPS_DIR || 'examples/popups',
    clientsDir: env.CLIENTS_DIR || 'examples/clients',
    rateLimit: {
      capacity: readInteger(env, 'RATE_LIMIT_MAX', DEFAULT_RATE_LIMIT.capacity, 1),
      windowMs: readInteger(env, 'RATE_LIMIT_WINDOW_MS', DEFAULT_RATE_LIMIT.windowMs, 1),
    },
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    spamMinSubmitMs: readInteger(env, 'SPAM_MIN_SUBMIT_MS', DEFAULT_SPAM_MIN_SUBMIT_MS, 0),
    spamImpossibleSubmitMs: readInteger(env, 'SPAM_IMPOSSIBLE_SUBMIT_MS', IMPOSSIBLE_SUBMIT_MS, 0),
    eventRetentionDays: readInteger(env, 'EVENT_RETENTION_DAYS', DEFAULT_EVENT_RETENTION_DAYS, 31),
    leadRetentionCheckMs: readInteger(env, 'LEAD_RETENTION_CHECK_SECONDS', 600, 1) * 1000,
    rollupFoldMs: readInteger(env, 'ROLLUP_FOLD_MS', DEFAULT_ROLLUP_FOLD_MS, 10),
    logRequests: env.LOG_REQUESTS === '1',
    consolePassword: env.CONSOLE_PASSWORD || undefined,
    consoleOrigins: readOrigins('CONSOLE_ORIGINS', env.CONSOLE_ORIGINS),
    publicUrl: readPublicUrl(env.PUBLIC_URL),
    delivery: readDelivery(env),
    storeWebhooks: {
      shopifySecret: env.SHOPIFY_API_SECRET || undefined,
      wixPublicKey: env.WIX_WEBHOOK_PUBLIC_KEY || undefined,
    },
  };
}

import { DEFAULT_RATE_LIMIT, type RateLimitSettings } from './rate-limit.ts';

export const DEVELOPMENT_OWNER_TOKEN = 'dev-owner-token';

export interface ServerSettings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** From OWNER_TOKEN, or the development default (then `ownerTokenIsDefault`). */
  ownerToken: string;
  ownerTokenIsDefault: boolean;
  examplesDir: string;
  distDir: string;
  popupsDir: string;
  clientsDir: string;
  rateLimit: RateLimitSettings;
  trustProxy: boolean | string;
}

function readInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number >= ${min}, got "${raw}"`);
  return value;
}

/** TRUST_PROXY: "true", or a comma list of proxy addresses / CIDR ranges (Fastify trustProxy). */
function readTrustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}

/** Server settings from the environment; throws with the variable's name when one is malformed. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const examplesDir = env.EXAMPLES_DIR || 'examples/';
  const production = env.NODE_ENV === 'production';
  if (production && !env.OWNER_TOKEN) throw new Error('OWNER_TOKEN must be set when NODE_ENV=production');
  return {
    port: readInteger(env, 'PORT', 8787, 0),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || '.data/',
    databaseUrl: env.DATABASE_URL || undefined,
    ownerToken: env.OWNER_TOKEN || DEVELOPMENT_OWNER_TOKEN,
    ownerTokenIsDefault: !env.OWNER_TOKEN,
    examplesDir,
    distDir: env.DIST_DIR || 'dist/',
    popupsDir: env.POPUPS_DIR || 'examples/popups',
    clientsDir: env.CLIENTS_DIR || 'examples/clients',
    rateLimit: {
      capacity: readInteger(env, 'RATE_LIMIT_MAX', DEFAULT_RATE_LIMIT.capacity, 1),
      windowMs: readInteger(env, 'RATE_LIMIT_WINDOW_MS', DEFAULT_RATE_LIMIT.windowMs, 1),
    },
    trustProxy: readTrustProxy(env.TRUST_PROXY),
  };
}

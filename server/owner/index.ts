// The owner side of the display server: accounts and sessions (/api/auth, /api/admin), the console's owner API
// routes (/api/owner/sites, /api/owner/{clientId}/site|tokens|popups, /api/owner/templates) and the console.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/store.ts';
import type { LeadDelivery } from '../delivery/index.ts';
import { deliveryRoutes } from '../delivery/routes.ts';
import type { RateLimitSettings } from '../rate-limit.ts';
import { rateLimiterFor } from '../shared-rate-limit.ts';
import { Accounts, sha256Hex } from './accounts.ts';
import { adminRoutes } from './admin-routes.ts';
import { authRoutes, type SignInLimiters } from './auth-routes.ts';
import { consoleRoutes } from './console-static.ts';
import { imageRoutes, registerPublicImages } from './images.ts';
import { popupRoutes } from './popup-routes.ts';
import { PopupAuthoring } from './popup-store.ts';
import { siteRoutes } from './site-routes.ts';
import { Sites } from './sites.ts';
import { Templates, templateRoutes } from './templates.ts';

export interface SignInLimitSettings {
  perAddress: RateLimitSettings;
  perEmail: RateLimitSettings;
}

/** 20 wrong sign-ins from one address in 10 minutes, 5 for one e-mail in 15: ample for people, useless for guessing. */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimitSettings = {
  perAddress: { capacity: 20, windowMs: 10 * 60_000 },
  perEmail: { capacity: 5, windowMs: 15 * 60_000 },
};

export interface OwnerSide {
  accounts: Accounts;
  sites: Sites;
  popups: PopupAuthoring;
  templates: Templates;
}

export function ownerSideOf(store: Store, templatesDir?: string): OwnerSide {
  return {
    accounts: new Accounts(store.db),
    sites: new Sites(store),
    popups: new PopupAuthoring(store),
    templates: new Templates(templatesDir),
  };
}

/** The console's routes of the owner API, registered in its scope after registerOwnerAuth. */
export const ownerConsoleApi: FastifyPluginAsync<OwnerSide & { store: Store; delivery: LeadDelivery }> = async (
  scope,
  side,
) => {
  await scope.register(siteRoutes, side);
  await scope.register(deliveryRoutes, side);
  await scope.register(popupRoutes, side);
  await scope.register(templateRoutes, side);
  await scope.register(imageRoutes, side);
};

export interface OwnerSideOptions {
  store: Store;
  consoleOrigins: readonly string[];
  /** null: no limit on wrong sign-ins. */
  signInLimits: SignInLimitSettings | null;
  /** When set, the console at /console/ from `distDir/console/`. */
  distDir?: string;
}

/** /api/auth, /api/admin and the console pages. */
export async function registerOwnerSide(
  app: FastifyInstance,
  side: OwnerSide,
  options: OwnerSideOptions,
): Promise<void> {
  const { store, consoleOrigins, signInLimits } = options;
  const limiters: SignInLimiters | null = signInLimits && {
    perAddress: rateLimiterFor(store.db, 'sign-in-address', signInLimits.perAddress),
    perEmail: hashedKeys(rateLimiterFor(store.db, 'sign-in-email', signInLimits.perEmail)),
  };
  await app.register(authRoutes, {
    prefix: '/api/auth',
    accounts: side.accounts,
    sites: side.sites,
    consoleOrigins,
    signInLimits: limiters,
  });
  await app.register(adminRoutes, { prefix: '/api/admin', accounts: side.accounts, consoleOrigins });
  registerPublicImages(app, store.db);
  if (options.distDir) await app.register(consoleRoutes, { distDir: options.distDir });
}

/** The limiter keyed by the SHA-256 of each key, so that the table of buckets holds no e-mail addresses. */
function hashedKeys(limiter: SignInLimiters['perEmail']): SignInLimiters['perEmail'] {
  return { take: (key) => limiter.take(sha256Hex(key)), peek: (key) => limiter.peek(sha256Hex(key)) };
}

// The owner side of the display server: accounts and sessions (/api/auth, /api/admin), the console's owner API
// routes (/api/owner/sites, /api/owner/{clientId}/site|tokens|popups, /api/owner/templates) and the console.
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ConfigurationRepository } from '../configuration/repository.ts';
import type { Coupons } from '../coupons/index.ts';
import { couponRoutes } from '../coupons/routes.ts';
import type { Database } from '../db/database.ts';
import { hookRoutes } from '../delivery/hooks.ts';
import type { LeadDelivery } from '../delivery/index.ts';
import { deliveryRoutes } from '../delivery/routes.ts';
import { spamRoutes } from '../leads/spam-routes.ts';
import type { RateLimitSettings } from '../platform/rate-limit.ts';
import { type RateLimiter, rateLimiterFor } from '../platform/shared-rate-limit.ts';
import type { LeadRetention } from '../retention/lead-retention.ts';
import { retentionRoutes } from '../retention/routes.ts';
import { storeRevenueRoutes } from '../store-platform/revenue/routes.ts';
import { Accounts, sha256Hex } from './accounts.ts';
import { adminRoutes } from './admin-routes.ts';
import { authRoutes, type SignInLimiters } from './auth-routes.ts';
import { consoleRoutes } from './console-static.ts';
import { imageRoutes, registerPublicImages } from './images.ts';
import { popupRoutes } from './popup-routes.ts';
import { PopupAuthoring } from './popup-store.ts';
import type { SignInLinkSettings } from './sign-in-link-mail.ts';
import { siteRoutes } from './site-routes.ts';
import { Sites } from './sites.ts';
import { Templates, templateRoutes } from './templates.ts';

export interface SignInLimitSettings {
  /** Sign-ins from one address, whatever the e-mail. */
  perAddress: RateLimitSettings;
  /** Sign-ins for one e-mail from one address; also those from one browser that signed in to it before. */
  perEmailAndAddress: RateLimitSettings;
  /** Sign-ins for one e-mail from any address, but from the browsers that signed in to it before. */
  perEmail: RateLimitSettings;
}

/**
 * 20 sign-ins from one address in 10 minutes, 5 for one e-mail from one address (or one known browser) in 15, 10
 * for one e-mail from everywhere else in an hour: ample for people, useless for guessing. Successes give theirs back.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimitSettings = {
  perAddress: { capacity: 20, windowMs: 10 * 60_000 },
  perEmailAndAddress: { capacity: 5, windowMs: 15 * 60_000 },
  perEmail: { capacity: 10, windowMs: 60 * 60_000 },
};

/** Sign-in links: 5 asked for from one address in 15 minutes, 3 mailed to one e-mail in 15. */
const LINKS_PER_ADDRESS: RateLimitSettings = { capacity: 5, windowMs: 15 * 60_000 };
const LINKS_PER_EMAIL: RateLimitSettings = { capacity: 3, windowMs: 15 * 60_000 };

export interface OwnerSide {
  accounts: Accounts;
  sites: Sites;
  popups: PopupAuthoring;
  templates: Templates;
}

/** `distDir`: the build, whose dist/console/templates/ holds the templates' pictures. */
export function ownerSideOf(
  db: Database,
  configuration: ConfigurationRepository,
  templatesDir?: string,
  distDir?: string,
): OwnerSide {
  return {
    accounts: new Accounts(db),
    sites: new Sites(db, configuration),
    popups: new PopupAuthoring(db, configuration),
    templates: new Templates(templatesDir, distDir && path.join(distDir, 'console', 'templates')),
  };
}

/** The console's routes of the owner API, registered in its scope after registerOwnerAuth. */
export const ownerConsoleApi: FastifyPluginAsync<
  OwnerSide & {
    db: Database;
    configuration: ConfigurationRepository;
    delivery: LeadDelivery;
    coupons: Coupons;
    leadRetention: LeadRetention;
  }
> = async (scope, side) => {
  await scope.register(siteRoutes, side);
  await scope.register(deliveryRoutes, side);
  await scope.register(hookRoutes, side);
  await scope.register(popupRoutes, side);
  await scope.register(templateRoutes, side);
  await scope.register(imageRoutes, side);
  await scope.register(couponRoutes, side);
  await scope.register(retentionRoutes, side);
  await scope.register(storeRevenueRoutes, { db: side.db });
  await scope.register(spamRoutes, side);
};

export interface OwnerSideOptions {
  db: Database;
  consoleOrigins: readonly string[];
  /** null: no limit on wrong sign-ins. */
  signInLimits: SignInLimitSettings | null;
  /** When set, the console at /console/ from `distDir/console/`. */
  distDir?: string;
  /** When set (SMTP_URL and PUBLIC_URL), an owner may ask for a one-time sign-in link by e-mail. */
  signInLink: SignInLinkSettings | null;
}

/** /api/auth, /api/admin and the console pages. */
export async function registerOwnerSide(
  app: FastifyInstance,
  side: OwnerSide,
  options: OwnerSideOptions,
): Promise<void> {
  const { db, consoleOrigins, signInLimits } = options;
  const limiter = (scope: string, settings: RateLimitSettings) => rateLimiterFor(db, scope, settings);
  const limiters: SignInLimiters | null = signInLimits && {
    perAddress: limiter('sign-in-address', signInLimits.perAddress),
    perEmailAndAddress: hashedKeys(limiter('sign-in-email-address', signInLimits.perEmailAndAddress)),
    perEmail: hashedKeys(limiter('sign-in-email', signInLimits.perEmail)),
    perKnownBrowser: hashedKeys(limiter('sign-in-browser', signInLimits.perEmailAndAddress)),
    linksPerAddress: limiter('sign-in-link-address', LINKS_PER_ADDRESS),
    linksPerEmail: hashedKeys(limiter('sign-in-link-email', LINKS_PER_EMAIL)),
  };
  if (limiters)
    app.addHook('onClose', async () => void (await Promise.all(Object.values(limiters).map((each) => each.settled()))));
  await app.register(authRoutes, {
    prefix: '/api/auth',
    accounts: side.accounts,
    sites: side.sites,
    consoleOrigins,
    signInLimits: limiters,
    signInLink: options.signInLink,
  });
  await app.register(adminRoutes, { prefix: '/api/admin', accounts: side.accounts, consoleOrigins });
  registerPublicImages(app, db);
  if (options.distDir) await app.register(consoleRoutes, { distDir: options.distDir });
}

/** The limiter keyed by the SHA-256 of each key, so that the table of buckets holds no e-mail addresses. */
function hashedKeys(limiter: RateLimiter): RateLimiter {
  return {
    take: (key) => limiter.take(sha256Hex(key)),
    peek: (key) => limiter.peek(sha256Hex(key)),
    giveBack: (key) => limiter.giveBack(sha256Hex(key)),
    settled: () => limiter.settled(),
  };
}

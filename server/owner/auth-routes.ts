// /api/auth: sign-in (by password or by a mailed link), sign-out, the signed-in owner and their password.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../platform/errors.ts';
import { InFlight } from '../platform/in-flight.ts';
import type { RateDecision } from '../platform/rate-limit.ts';
import type { RateLimiter } from '../platform/shared-rate-limit.ts';
import type { Accounts } from './accounts.ts';
import type { Language, Owner } from './contract.ts';
import { fieldErrors, LANGUAGES, passwordProblem } from './fields.ts';
import { PasswordWorkBusy, UNKNOWN_OWNER_HASH, verifyPassword } from './passwords.ts';
import {
  clearSessionCookie,
  isCrossSiteWrite,
  presentedBrowserId,
  presentedSessionId,
  refuseCrossSite,
  type SignedIn,
  setBrowserCookie,
  setSessionCookie,
  signedInOwner,
  signInRequired,
} from './session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in owner of an /api/auth request (all but sign-in). */
    consoleSession: SignedIn | null;
  }
  interface FastifyContextConfig {
    /** An /api/auth route open without a session (sign-in and the sign-in link). */
    signIn?: boolean;
  }
}

import type { SignInLinkSettings } from './sign-in-link-mail.ts';
import { mailSignInLink } from './sign-in-link-mail.ts';
import type { Sites } from './sites.ts';

/**
 * Every limiter counts attempts before the password is hashed, and a sign-in that succeeds gives its attempts back.
 * An attempt from a browser that has signed in to the account before counts in that browser's bucket only; any
 * other counts per address, per (e-mail, address) and per e-mail. So wrong passwords sent from elsewhere empty
 * the e-mail's bucket, never the owner's own browser's (see docs/owner-security.md).
 */
export interface SignInLimiters {
  /** Sign-ins from one address, whatever the e-mail. */
  perAddress: RateLimiter;
  /** Sign-ins for one e-mail from one address. */
  perEmailAndAddress: RateLimiter;
  /** Sign-ins for one e-mail from any address, but from the browsers that signed in to it before. */
  perEmail: RateLimiter;
  /** Sign-ins for one e-mail from one browser that signed in to it before. */
  perKnownBrowser: RateLimiter;
  /** Sign-in links asked for from one address (answered 429 beyond it). */
  linksPerAddress: RateLimiter;
  /** Sign-in links mailed to one e-mail (beyond it, quietly none: the answer never tells about the e-mail). */
  linksPerEmail: RateLimiter;
}

export interface AuthRoutesOptions {
  accounts: Accounts;
  sites: Sites;
  consoleOrigins: readonly string[];
  /** null: no limit (tests of other things). */
  signInLimits: SignInLimiters | null;
  /** null: no SMTP_URL (or no PUBLIC_URL), so no sign-in link by e-mail. */
  signInLink: SignInLinkSettings | null;
}

type Attempt = { allowed: true; giveBack(): Promise<void> } | Extract<RateDecision, { allowed: false }>;

/** Spends one attempt in each bucket in turn; the first that has none refuses it (the ones before stay spent). */
async function takeAttempt(buckets: readonly (readonly [RateLimiter, string])[]): Promise<Attempt> {
  for (const [limiter, key] of buckets) {
    const decision = await limiter.take(key);
    if (!decision.allowed) return decision;
  }
  return {
    allowed: true,
    giveBack: async () => {
      await Promise.all(buckets.map(([limiter, key]) => limiter.giveBack(key)));
    },
  };
}

const ALWAYS: Attempt = { allowed: true, giveBack: async () => undefined };

const credentialsSchema = {
  body: {
    type: 'object',
    required: ['email', 'password'],
    properties: {
      email: { type: 'string', minLength: 1, maxLength: 254 },
      password: { type: 'string', minLength: 1, maxLength: 1000 },
    },
  },
};
const linkRequestSchema = {
  body: {
    type: 'object',
    required: ['email'],
    properties: { email: { type: 'string', minLength: 1, maxLength: 254 } },
  },
};
const linkUseSchema = {
  body: {
    type: 'object',
    required: ['token'],
    properties: { token: { type: 'string', pattern: '^[\\w-]{43}$' } },
  },
};
const passwordChangeSchema = {
  body: {
    type: 'object',
    required: ['currentPassword', 'newPassword'],
    properties: {
      currentPassword: { type: 'string', maxLength: 1000 },
      newPassword: { type: 'string', maxLength: 1000 },
    },
  },
};
const profileSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { name: { type: 'string', maxLength: 200 }, language: { type: 'string', enum: [...LANGUAGES] } },
  },
};

function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number, offerLink: boolean) {
  const link = offerLink ? ', or ask for a sign-in link by e-mail' : '';
  return reply
    .code(429)
    .header('Retry-After', String(retryAfterSeconds))
    .send(errorBody(429, `Too many wrong sign-ins: retry in ${retryAfterSeconds} s${link}`));
}

const LINK_ASKED = { message: 'If an account has this e-mail, a sign-in link is on its way to it.' };

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { accounts, sites, consoleOrigins, signInLimits, signInLink },
) => {
  app.decorateRequest('consoleSession', null);
  // Before the body is read and validated: a request without a session learns nothing but "sign in".
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (request.routeOptions.config.signIn) return;
    const signedIn = await signedInOwner(request, accounts);
    if (!signedIn) return signInRequired(reply);
    if (isCrossSiteWrite(request, consoleOrigins)) return refuseCrossSite(reply);
    request.consoleSession = signedIn;
  });

  /** A sign-in carries no session yet, but a foreign page must not sign a visitor into an account of its choice. */
  const foreignSignIn = (request: FastifyRequest) =>
    request.headers.origin !== undefined && isCrossSiteWrite(request, consoleOrigins);

  /** Takes this sign-in's attempt from its buckets, before any password is hashed. */
  function signInAttempt(request: FastifyRequest, emailKey: string, knownBrowserId: string | null) {
    if (!signInLimits) return ALWAYS;
    if (knownBrowserId) return takeAttempt([[signInLimits.perKnownBrowser, `${emailKey}\n${knownBrowserId}`]]);
    return takeAttempt([
      [signInLimits.perAddress, request.ip],
      [signInLimits.perEmailAndAddress, `${emailKey}\n${request.ip}`],
      [signInLimits.perEmail, emailKey],
    ]);
  }

  /** Starts the owner's session under a new id, ending the one the browser arrived with, and remembers the browser. */
  async function startSignedIn(request: FastifyRequest, reply: FastifyReply, owner: Owner & { passwordHash?: string }) {
    const previous = presentedSessionId(request);
    if (previous) await accounts.endSession(previous);
    setSessionCookie(reply, await accounts.startSession(owner.id));
    setBrowserCookie(reply, await accounts.rememberBrowser(owner.id, presentedBrowserId(request)));
    const { passwordHash: _hash, ...shown } = owner;
    return { owner: shown };
  }

  app.post<{ Body: { email: string; password: string } }>(
    '/sign-in',
    { schema: credentialsSchema, config: { signIn: true } },
    async (request, reply) => {
      if (foreignSignIn(request)) return refuseCrossSite(reply);
      const email = request.body.email.trim();
      const emailKey = email.toLowerCase();
      const browserId = presentedBrowserId(request);
      const knownBrowserId = browserId && (await accounts.isKnownBrowser(email, browserId)) ? browserId : null;
      const attempt = await signInAttempt(request, emailKey, knownBrowserId);
      if (!attempt.allowed)
        return tooManyAttempts(reply, attempt.retryAfterSeconds, signInLink !== null && !knownBrowserId);
      const owner = await accounts.findOwnerByEmail(email);
      // An unknown e-mail takes as long as a wrong password, so the answer's time does not tell which it was.
      const matches = await verifyPassword(request.body.password, owner?.passwordHash ?? UNKNOWN_OWNER_HASH).catch(
        async (error: unknown) => {
          // Refused before any password was checked: the attempt was not made, and is not counted.
          if (error instanceof PasswordWorkBusy) await attempt.giveBack();
          throw error;
        },
      );
      if (!owner || !matches) return reply.code(401).send(errorBody(401, 'Wrong email or password'));
      await attempt.giveBack();
      return startSignedIn(request, reply, owner);
    },
  );

  app.get('/sign-in-options', { config: { signIn: true } }, async () => ({ signInLink: signInLink !== null }));

  if (signInLink) {
    const mailing = new InFlight();
    app.addHook('onClose', () => mailing.settled());
    app.post<{ Body: { email: string } }>(
      '/sign-in-link',
      { schema: linkRequestSchema, config: { signIn: true } },
      async (request, reply) => {
        if (foreignSignIn(request)) return refuseCrossSite(reply);
        const email = request.body.email.trim();
        const asked = signInLimits ? await signInLimits.linksPerAddress.take(request.ip) : { allowed: true as const };
        if (!asked.allowed)
          return reply
            .code(429)
            .header('Retry-After', String(asked.retryAfterSeconds))
            .send(errorBody(429, `Too many sign-in links asked for: retry in ${asked.retryAfterSeconds} s`));
        // The answer goes before the account is even looked up, so neither its words nor its time tell whether
        // the e-mail has one.
        void mailing.add(
          (async () => {
            if (signInLimits && !(await signInLimits.linksPerEmail.take(email.toLowerCase())).allowed) return;
            const owner = await accounts.findOwnerByEmail(email);
            if (!owner) return;
            await mailSignInLink(signInLink, owner.email, await accounts.createSignInLink(owner.id));
          })().catch((error: unknown) => request.log.warn({ err: error }, 'The sign-in link could not be mailed')),
        );
        return reply.code(202).send(LINK_ASKED);
      },
    );

    app.post<{ Body: { token: string } }>(
      '/sign-in-link/use',
      { schema: linkUseSchema, config: { signIn: true } },
      async (request, reply) => {
        if (foreignSignIn(request)) return refuseCrossSite(reply);
        const owner = await accounts.useSignInLink(request.body.token);
        if (!owner)
          return reply.code(401).send(errorBody(401, 'This sign-in link was used or has expired: ask for a new one'));
        return startSignedIn(request, reply, owner);
      },
    );
  }

  app.post('/sign-out', async (request, reply) => {
    const signedIn = request.consoleSession!;
    await accounts.endSession(signedIn.sessionId);
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  app.post('/sign-out-everywhere', async (request, reply) => {
    const signedIn = request.consoleSession!;
    await accounts.endSessionsOf(signedIn.owner.id);
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  app.get('/me', async (request) => {
    const signedIn = request.consoleSession!;
    return { owner: signedIn.owner, sites: await sites.visibleTo(signedIn.owner) };
  });

  app.patch<{ Body: { name?: string; language?: Language } }>('/me', { schema: profileSchema }, async (request) => {
    const signedIn = request.consoleSession!;
    const name = request.body.name?.trim();
    return { owner: await accounts.updateOwner(signedIn.owner.id, { name, language: request.body.language }) };
  });

  app.post<{ Body: { currentPassword: string; newPassword: string } }>(
    '/password',
    { schema: passwordChangeSchema },
    async (request, reply) => {
      const signedIn = request.consoleSession!;
      const emailKey = signedIn.owner.email.toLowerCase();
      const attempt = signInLimits
        ? await takeAttempt([
            [signInLimits.perAddress, request.ip],
            [signInLimits.perEmailAndAddress, `${emailKey}\n${request.ip}`],
          ])
        : ALWAYS;
      if (!attempt.allowed) return tooManyAttempts(reply, attempt.retryAfterSeconds, false);
      const stored = await accounts.findOwner(signedIn.owner.id);
      if (!stored || !(await verifyPassword(request.body.currentPassword, stored.passwordHash)))
        return fieldErrors(reply, [{ field: 'currentPassword', message: 'is not your current password' }]);
      await attempt.giveBack();
      const problem = passwordProblem('newPassword', request.body.newPassword);
      if (problem) return fieldErrors(reply, [problem]);
      await accounts.setPassword(signedIn.owner.id, request.body.newPassword);
      // Whoever knew the old password is signed out everywhere else.
      await accounts.endSessionsOf(signedIn.owner.id, signedIn.sessionId);
      return reply.code(204).send();
    },
  );
};

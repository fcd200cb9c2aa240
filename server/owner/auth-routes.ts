// /api/auth: sign-in, sign-out, the signed-in owner and their password.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors.ts';
import type { RateLimiter } from '../shared-rate-limit.ts';
import type { Accounts, Language } from './accounts.ts';
import { fieldErrors, LANGUAGES, passwordProblem } from './fields.ts';
import { UNKNOWN_OWNER_HASH, verifyPassword } from './passwords.ts';
import {
  clearSessionCookie,
  isCrossSiteWrite,
  presentedSessionId,
  refuseCrossSite,
  type SignedIn,
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
    /** The one /api/auth route open without a session. */
    signIn?: boolean;
  }
}

import type { Sites } from './sites.ts';

export interface SignInLimiters {
  /** Wrong sign-ins from one address. */
  perAddress: RateLimiter;
  /** Wrong sign-ins for one e-mail, from any address. */
  perEmail: RateLimiter;
}

export interface AuthRoutesOptions {
  accounts: Accounts;
  sites: Sites;
  consoleOrigins: readonly string[];
  /** null: no limit (tests of other things). */
  signInLimits: SignInLimiters | null;
}

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

function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .code(429)
    .header('Retry-After', String(retryAfterSeconds))
    .send(errorBody(429, `Too many wrong sign-ins: retry in ${retryAfterSeconds} s`));
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { accounts, sites, consoleOrigins, signInLimits },
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

  /** Whether this address and this e-mail may still try; answers 429 otherwise. */
  async function mayTry(request: FastifyRequest, reply: FastifyReply, emailKey: string): Promise<boolean> {
    if (!signInLimits) return true;
    for (const decision of [
      await signInLimits.perAddress.peek(request.ip),
      await signInLimits.perEmail.peek(emailKey),
    ]) {
      if (!decision.allowed) {
        await tooManyAttempts(reply, decision.retryAfterSeconds);
        return false;
      }
    }
    return true;
  }

  async function countFailure(request: FastifyRequest, emailKey: string): Promise<void> {
    await signInLimits?.perAddress.take(request.ip);
    await signInLimits?.perEmail.take(emailKey);
  }

  app.post<{ Body: { email: string; password: string } }>(
    '/sign-in',
    { schema: credentialsSchema, config: { signIn: true } },
    async (request, reply) => {
      // A sign-in carries no session yet, but a foreign page must not sign a visitor into an account of its choice.
      if (request.headers.origin !== undefined && isCrossSiteWrite(request, consoleOrigins))
        return refuseCrossSite(reply);
      const email = request.body.email.trim();
      const emailKey = email.toLowerCase();
      if (!(await mayTry(request, reply, emailKey))) return reply;
      const owner = await accounts.findOwnerByEmail(email);
      // An unknown e-mail takes as long as a wrong password, so the answer's time does not tell which it was.
      const matches = await verifyPassword(request.body.password, owner?.passwordHash ?? UNKNOWN_OWNER_HASH);
      if (!owner || !matches) {
        await countFailure(request, emailKey);
        return reply.code(401).send(errorBody(401, 'Wrong email or password'));
      }
      // Never adopt an id the browser arrived with: the session starts under a new one, and the old one ends.
      const previous = presentedSessionId(request);
      if (previous) await accounts.endSession(previous);
      setSessionCookie(reply, await accounts.startSession(owner.id));
      const { passwordHash: _hash, ...shown } = owner;
      return { owner: shown };
    },
  );

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
      if (!(await mayTry(request, reply, emailKey))) return reply;
      const stored = await accounts.findOwner(signedIn.owner.id);
      if (!stored || !(await verifyPassword(request.body.currentPassword, stored.passwordHash))) {
        await countFailure(request, emailKey);
        return fieldErrors(reply, [{ field: 'currentPassword', message: 'is not your current password' }]);
      }
      const problem = passwordProblem('newPassword', request.body.newPassword);
      if (problem) return fieldErrors(reply, [problem]);
      await accounts.setPassword(signedIn.owner.id, request.body.newPassword);
      // Whoever knew the old password is signed out everywhere else.
      await accounts.endSessionsOf(signedIn.owner.id, signedIn.sessionId);
      return reply.code(204).send();
    },
  );
};

import assert from 'node:assert/strict';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Owner } from '../owner/contract.ts';

/** The origin of requests made with `inject` (its default Host is localhost:80). */
export const OWN_ORIGIN = 'http://localhost:80';
export const PASSWORD = 'correct horse battery';

export async function createOwner(
  app: FastifyInstance,
  email: string,
  options: { isAdmin?: boolean; sites?: string[] } = {},
): Promise<Owner> {
  const owner = await app.ownerSide.accounts.createOwner({
    email,
    name: email.split('@')[0]!,
    password: PASSWORD,
    isAdmin: options.isAdmin ?? false,
  });
  assert.ok(owner, `${email} created`);
  await app.ownerSide.accounts.setGrantedSites(owner.id, options.sites ?? []);
  return owner;
}

/** The `poptin_session` cookie's value in a Set-Cookie answer. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string | null {
  const cookie = [setCookie ?? []].flat().find((value) => value.startsWith('poptin_session='));
  return cookie ? cookie.slice('poptin_session='.length).split(';')[0]! : null;
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    headers: { origin: OWN_ORIGIN, ...headers },
  });
  assert.equal(response.statusCode, 200, response.body);
  const session = sessionCookieOf(response.headers['set-cookie']);
  assert.ok(session);
  return session;
}

/** A request of the console: the session cookie, and the console's own Origin. */
export function asConsole(app: FastifyInstance, session: string, options: InjectOptions & { origin?: string | null }) {
  const { origin = OWN_ORIGIN, headers = {}, ...rest } = options;
  return app.inject({
    ...rest,
    headers: { ...headers, cookie: `poptin_session=${session}`, ...(origin === null ? {} : { origin }) },
  });
}

// The sign-in limits as an attacker meets them: over real HTTP, many requests at once, from many addresses
// (a trusted proxy's X-Forwarded-For), against the default limits.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN } from '../test-support/fixtures.ts';
import { createOwner, PASSWORD } from '../test-support/owners.ts';

/** A server listening on a port of its own for the describe block, its database emptied before each case. */
function useListeningApp(options: { rateLimit?: false } = {}): { app: FastifyInstance; base: string } {
  const shared = {} as { app: FastifyInstance; base: string };
  let test: TestDatabase;
  before(async () => {
    test = await openTestDatabase();
    shared.app = await buildApp({ db: test.db, ownerToken: OWNER_TOKEN, trustProxy: { hops: 1 }, ...options });
    await shared.app.listen({ port: 0, host: '127.0.0.1' });
    shared.base = `http://127.0.0.1:${(shared.app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await shared.app?.close();
    await test?.dispose();
  });
  beforeEach(() => test.reset());
  return shared;
}

interface Attempt {
  email: string;
  password: string;
  /** The address the request comes from, as the proxy in front tells it. */
  from: string;
  /** The `poptin_browser` cookie of a browser that signed in before. */
  browser?: string | null;
}

async function signInOver(base: string, { email, password, from, browser }: Attempt) {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: base,
      'x-forwarded-for': from,
      ...(browser ? { cookie: `poptin_browser=${browser}` } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
  const cookies = response.headers.getSetCookie();
  const browserCookie = cookies.find((cookie) => cookie.startsWith('poptin_browser='));
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { message?: string; owner?: { email: string } },
    browser: browserCookie ? browserCookie.slice('poptin_browser='.length).split(';')[0]! : null,
  };
}

const statuses = (answers: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

describe('sign-in limits under concurrency', () => {
  const server = useListeningApp();

  it('answers at most 5 of 40 simultaneous wrong passwords from one address with 401, the rest 429 with Retry-After', async () => {
    await createOwner(server.app, 'ana@acme.example');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signInOver(server.base, { email: 'ana@acme.example', password: `guess number ${i}`, from: '198.51.100.7' }),
      ),
    );
    const counts = statuses(answers);
    assert.ok((counts[401] ?? 0) <= 5, `401s: ${JSON.stringify(counts)}`);
    assert.equal((counts[401] ?? 0) + (counts[429] ?? 0), 40, JSON.stringify(counts));
    for (const answer of answers.filter((one) => one.status === 429)) assert.ok(Number(answer.retryAfter) >= 1);
  });

  it('answers at most 20 of 60 simultaneous wrong sign-ins from one address over many e-mails with 401', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signInOver(server.base, { email: `user${i}@acme.example`, password: 'a wrong guess', from: '198.51.100.8' }),
      ),
    );
    const counts = statuses(answers);
    assert.ok((counts[401] ?? 0) <= 20, JSON.stringify(counts));
    // 503: beyond what the password hashes' queue holds at once, refused before any password is checked.
    assert.equal((counts[401] ?? 0) + (counts[429] ?? 0) + (counts[503] ?? 0), 60, JSON.stringify(counts));
  });
});

describe('an attacker elsewhere cannot lock the owner out', () => {
  const server = useListeningApp();

  it('lets the owner in from a browser that signed in before, after wrong passwords from 30 other addresses', async () => {
    await createOwner(server.app, 'ana@acme.example');
    const first = await signInOver(server.base, { email: 'ana@acme.example', password: PASSWORD, from: '192.0.2.10' });
    assert.equal(first.status, 200);
    assert.ok(first.browser, 'a signed-in browser is remembered');
    const attack = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signInOver(server.base, { email: 'ana@acme.example', password: `guess ${i}`, from: `203.0.113.${i + 1}` }),
      ),
    );
    assert.ok(statuses(attack)[429], `the attack is slowed down: ${JSON.stringify(statuses(attack))}`);
    for (const from of ['192.0.2.10', '198.51.100.99']) {
      const owner = await signInOver(server.base, {
        email: 'ana@acme.example',
        password: PASSWORD,
        from,
        browser: first.browser,
      });
      assert.equal(owner.status, 200, `the owner from ${from}: ${JSON.stringify(owner.body)}`);
    }
  });

  it('still limits wrong passwords sent with a remembered browser', async () => {
    await createOwner(server.app, 'bo@acme.example');
    const { browser } = await signInOver(server.base, {
      email: 'bo@acme.example',
      password: PASSWORD,
      from: '192.0.2.10',
    });
    for (let i = 0; i < 5; i++) {
      const wrong = await signInOver(server.base, {
        email: 'bo@acme.example',
        password: `guess ${i}`,
        from: '192.0.2.10',
        browser,
      });
      assert.equal(wrong.status, 401);
    }
    const locked = await signInOver(server.base, {
      email: 'bo@acme.example',
      password: PASSWORD,
      from: '192.0.2.10',
      browser,
    });
    assert.equal(locked.status, 429);
  });

  it("does not count the owner's own successful sign-ins against them", async () => {
    await createOwner(server.app, 'cy@acme.example');
    for (let i = 0; i < 12; i++) {
      const answer = await signInOver(server.base, {
        email: 'cy@acme.example',
        password: PASSWORD,
        from: '192.0.2.11',
      });
      assert.equal(answer.status, 200, `sign-in ${i + 1}`);
    }
  });
});

describe('a burst of sign-ins', () => {
  const server = useListeningApp({ rateLimit: false });

  it('waits in a bounded queue for the password hash: beyond it, 503 with Retry-After, never a 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        fetch(`${server.base}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
          body: JSON.stringify({ email: `user${i}@acme.example`, password: 'a wrong guess' }),
        }),
      ),
    );
    const counts = statuses(answers);
    assert.deepEqual(Object.keys(counts).sort(), ['401', '503'], JSON.stringify(counts));
    for (const answer of answers.filter((one) => one.status === 503))
      assert.ok(Number(answer.headers.get('retry-after')) >= 1);
  });
});

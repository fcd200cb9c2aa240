// The error catalogue of site §8, raised from real replies of the fake platform.
import { clearContext, getContextClient, initContext } from '../../../src/sdk/context.ts';
import {
  ContextError,
  OAuthError,
  PlatformError,
  SdkError,
  sdkErrorFromReply,
  toUpperSnakeCase,
} from '../../../src/sdk/errors.ts';
import { platformHooks, rejection, type Suite, thrown } from '../harness.ts';
import { oauthClient } from '../helpers.ts';

export function errorCases(suite: Suite): void {
  const { describe, it, assert } = suite;

  /** A client with its visitor token already fetched, so the next recorded request is the call under test. */
  async function readyClient() {
    const { client } = oauthClient(suite);
    await client.auth.generateVisitorTokens();
    return client;
  }

  async function lastRequestId(): Promise<string> {
    return `req-${(await suite.platform().requests()).at(-1)!.seq}`;
  }

  describe('platform SDK errors', () => {
    platformHooks(suite);

    it('validation error: INVALID_ARGUMENT followed by the field violations sorted by field', async () => {
      const client = await readyClient();
      const details = {
        validationError: {
          fieldViolations: [
            { field: 'profile.phone', description: 'must be a phone number', violatedRule: 'FORMAT' },
            { field: 'email', description: 'must not be empty', violatedRule: 'REQUIRED_FIELD' },
            { field: 'name', description: 'is too long', violatedRule: 'MAX_LENGTH' },
          ],
        },
      };
      await suite.platform().script({ path: '/v1/items', status: 400, body: { message: 'invalid', details } });
      const error = await rejection(client.request('/v1/items'));
      assert.ok(error instanceof SdkError);
      assert.equal(
        error.message,
        'INVALID_ARGUMENT: "email" must not be empty, "name" is too long, "profile.phone" must be a phone number',
      );
      assert.equal(error.kind, 'validation');
      assert.equal(error.code, 'INVALID_ARGUMENT');
      assert.equal(error.status, 400);
      assert.equal(error.requestId, await lastRequestId());
      assert.deepEqual(error.details, details);
    });

    it('application error: description, code and data', async () => {
      const client = await readyClient();
      const details = {
        applicationError: {
          description: 'The course is full',
          code: 'COURSE_FULL',
          data: { courseId: 'ahli-k3-madya', seats: 0 },
        },
      };
      await suite.platform().script({ path: '/v1/items', status: 428, body: { message: 'precondition', details } });
      const error = await rejection(client.request('/v1/items'));
      assert.ok(error instanceof SdkError);
      assert.equal(error.kind, 'application');
      assert.equal(error.message, 'The course is full');
      assert.equal(error.code, 'COURSE_FULL');
      assert.deepEqual(error.data, { courseId: 'ahli-k3-madya', seats: 0 });
      assert.equal(error.status, 428);
      assert.equal(error.requestId, await lastRequestId());
      assert.deepEqual(error.details, details);
    });

    it('other 4xx: the status text in UPPER_SNAKE_CASE is the code', async () => {
      const client = await readyClient();
      const missing = await rejection(client.request('/v1/missing'));
      assert.ok(missing instanceof SdkError);
      assert.equal(missing.kind, 'client');
      assert.equal(missing.code, 'NOT_FOUND');
      assert.equal(missing.status, 404);
      assert.equal(missing.requestId, await lastRequestId());
      assert.deepEqual(missing.details, {});

      await suite.platform().script({
        path: '/v1/items',
        status: 418,
        statusText: "I'm a Teapot",
        body: { details: { reason: 'short and stout' } },
      });
      const teapot = await rejection(client.request('/v1/items'));
      assert.equal(teapot.code, 'IM_A_TEAPOT');
      assert.equal(teapot.message, "I'm a Teapot");
      assert.deepEqual(teapot.details, { reason: 'short and stout' });

      await suite.platform().script({ path: '/v1/items', status: 429, body: { message: 'slow down' } });
      const limited = await rejection(client.request('/v1/items'));
      assert.equal(limited.code, 'TOO_MANY_REQUESTS');
      assert.equal(limited.message, 'slow down');
    });

    it('anything else: "System error occurred, request-id: …"', async () => {
      const client = await readyClient();
      await suite.platform().script({
        path: '/v1/items',
        status: 500,
        body: 'upstream exploded',
        headers: { 'Content-Type': 'text/plain' },
      });
      const error = await rejection(client.request('/v1/items'));
      const requestId = await lastRequestId();
      assert.ok(error instanceof SdkError);
      assert.equal(error.kind, 'system');
      assert.equal(error.message, `System error occurred, request-id: ${requestId}`);
      assert.equal(error.status, 500);
      assert.equal(error.requestId, requestId);
      assert.deepEqual(error.details, {});

      await suite.platform().script({ path: '/v1/items', status: 503, body: { details: { retry: true } } });
      const unavailable = await rejection(client.request('/v1/items'));
      assert.equal(unavailable.status, 503);
      assert.deepEqual(unavailable.details, { retry: true });
    });

    it('a reply without status text still gets a 4xx code', () => {
      const error = sdkErrorFromReply({ status: 404, statusText: '', requestId: 'r-1', body: undefined });
      assert.equal(error.code, 'NOT_FOUND');
      assert.equal(error.requestId, 'r-1');
      assert.equal(toUpperSnakeCase('Request Header Fields Too Large'), 'REQUEST_HEADER_FIELDS_TOO_LARGE');
    });

    it('an unexpected status from the token endpoint is an OAuth error naming status and request id', async () => {
      const { auth } = oauthClient(suite);
      await suite
        .platform()
        .script({ path: '/oauth2/token', status: 503, body: { details: { reason: 'maintenance' } } });
      const error = await rejection(auth.generateVisitorTokens());
      assert.ok(error instanceof OAuthError);
      assert.ok(error instanceof PlatformError);
      assert.equal(error.code, 'unexpected_status');
      assert.equal(error.status, 503);
      assert.equal(error.requestId, await lastRequestId());
      assert.match(
        error.message,
        /^Unexpected status 503 \(Service Unavailable\) from \/v1\/oauth\/token, request-id: req-\d+$/,
      );
      assert.deepEqual(error.details, { reason: 'maintenance' });
    });

    it('"Wix context is not available" until a context client is initialised', () => {
      clearContext();
      const error = thrown(() => getContextClient());
      assert.ok(error instanceof ContextError);
      assert.equal(error.message, 'Wix context is not available');
      assert.equal(error.status, undefined);
      assert.deepEqual(error.details, {});
      const { client } = oauthClient(suite);
      initContext(client);
      try {
        assert.equal(getContextClient(), client);
      } finally {
        clearContext();
      }
    });
  });
}

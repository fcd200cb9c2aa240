// AWeber API 1.0, as documented: https://api.aweber.com/#tag/OAuth-2.0 (POST https://auth.aweber.com/oauth2/token,
// grant_type=refresh_token, HTTP Basic client id and secret), https://api.aweber.com/#tag/Subscribers (POST
// /1.0/accounts/{accountId}/lists/{listId}/subscribers: 201 with Location; with update_existing "true" a subscriber
// already there is updated, 209; without, 400 "Subscriber already subscribed"), errors as {error: {status, message,
// type, documentation_url}}; a rate limit is a 403 whose message says so.
import { type FakeAnswer, type FakeRequest, formOf, isEmail, type VendorFake } from './fake.ts';
import { authorized, grant, type OAuthFake, oauthFake } from './oauth.ts';

export interface AWeberFake extends VendorFake {
  oauth: OAuthFake;
  /** Subscribers by account, list and e-mail. */
  subscribers: Map<
    string,
    { email: string; name?: string; tags: string[]; custom_fields: Record<string, unknown>; writes: number }
  >;
}

const error = (status: number, type: string, message: string): FakeAnswer => ({
  status,
  body: { error: { status, message, type, documentation_url: 'https://api.aweber.com/#tag/Troubleshooting' } },
});

export function aweberFake(): AWeberFake {
  const oauth = oauthFake('aweber');
  const subscribers: AWeberFake['subscribers'] = new Map();
  return {
    kind: 'aweber',
    oauth,
    subscribers,
    rateLimited: () => error(403, 'RateLimitError', 'Rate limit exceeded: 120 requests per minute.'),
    handle(request: FakeRequest): FakeAnswer {
      if (request.method === 'POST' && request.path === '/oauth2/token') return grant(oauth, request, formOf(request));
      if (!authorized(oauth, request)) return error(401, 'UnauthorizedError', 'Invalid or expired token');
      const route = /^\/1\.0\/accounts\/(\d+)\/lists\/(\d+)\/subscribers$/.exec(request.path);
      if (request.method !== 'POST' || !route) return error(404, 'NotFoundError', 'Resource not found');
      const body = request.json ?? {};
      if (!isEmail(body.email)) return error(400, 'WebServiceError', 'email: Invalid email address.');
      const key = `${route[1]}/${route[2]}/${String(body.email).toLowerCase()}`;
      const existing = subscribers.get(key);
      if (existing && body.update_existing !== 'true')
        return error(400, 'WebServiceError', 'email: Subscriber already subscribed.');
      subscribers.set(key, {
        email: String(body.email),
        ...(body.name ? { name: String(body.name) } : {}),
        tags: [...new Set([...(existing?.tags ?? []), ...((body.tags as string[]) ?? [])])],
        custom_fields: { ...existing?.custom_fields, ...(body.custom_fields as object) },
        writes: (existing?.writes ?? 0) + 1,
      });
      return existing
        ? { status: 209 }
        : { status: 201, headers: { location: `https://api.aweber.com${request.path}/${subscribers.size}` } };
    },
  };
}

// Kit API v4, as documented: https://developers.kit.com/api-reference/subscribers/create-a-subscriber (X-Kit-Api-Key;
// 201 created, 200 updated, {subscriber}), .../forms/add-subscriber-to-form-by-email-address (the subscriber must
// exist; 201, or 200 when already added), .../tags/tag-a-subscriber-by-email-address; 401 and 422 {errors: [...]};
// 429 over 120 requests in 60 s.
import { type FakeAnswer, type FakeRequest, isEmail, type VendorFake } from './fake.ts';

export const KIT_KEY = 'kit_fake_0123456789abcdef';

export interface KitFake extends VendorFake {
  subscribers: Map<
    string,
    { id: number; email_address: string; first_name?: string; state: string; fields: Record<string, unknown> }
  >;
  /** "form/e-mail" and "tag/e-mail". */
  forms: Set<string>;
  tags: Set<string>;
}

export function kitFake(): KitFake {
  const subscribers: KitFake['subscribers'] = new Map();
  const forms: KitFake['forms'] = new Set();
  const tags: KitFake['tags'] = new Set();
  return {
    kind: 'kit',
    subscribers,
    forms,
    tags,
    rateLimited: () => ({
      status: 429,
      body: { errors: ['Too many requests. Please try again later.'] },
      headers: { 'retry-after': '1' },
    }),
    handle(request: FakeRequest): FakeAnswer {
      if (request.headers['x-kit-api-key'] !== KIT_KEY)
        return { status: 401, body: { errors: ['The access token is invalid'] } };
      const body = request.json ?? {};
      const email = String(body.email_address ?? '').toLowerCase();
      if (request.method !== 'POST') return { status: 404, body: { errors: ['Not Found'] } };
      if (request.path === '/v4/subscribers') {
        if (!isEmail(body.email_address)) return { status: 422, body: { errors: ['Email address is invalid'] } };
        const existing = subscribers.get(email);
        const subscriber = {
          id: existing?.id ?? subscribers.size + 1,
          email_address: String(body.email_address),
          ...(body.first_name ? { first_name: String(body.first_name) } : {}),
          state: String(body.state ?? 'active'),
          fields: { ...existing?.fields, ...(body.fields as object) },
        };
        subscribers.set(email, subscriber);
        return { status: existing ? 200 : 201, body: { subscriber } };
      }
      const membership = /^\/v4\/(forms|tags)\/(\d+)\/subscribers$/.exec(request.path);
      if (membership) {
        const subscriber = subscribers.get(email);
        if (!subscriber) return { status: 404, body: { errors: ['Not Found'] } };
        const set = membership[1] === 'forms' ? forms : tags;
        const key = `${membership[2]}/${email}`;
        const known = set.has(key);
        set.add(key);
        return {
          status: known ? 200 : 201,
          body: { subscriber: { ...subscriber, added_at: new Date().toISOString() } },
        };
      }
      return { status: 404, body: { errors: ['Not Found'] } };
    },
  };
}

// MailerLite, as documented at https://developers.mailerlite.com/docs/subscribers.html#create-upsert-subscriber
// (Bearer token; 201 created, 200 updated; 422 {message, errors}) and https://developers.mailerlite.com/docs/#rate-limits
// (429 with Retry-After and X-RateLimit-*).
import { bearer, type FakeAnswer, type FakeRequest, isEmail, type VendorFake } from './fake.ts';

export const MAILERLITE_TOKEN = 'eyJ0eXAiOiJKV1Qi.fake-mailerlite';

export interface MailerLiteFake extends VendorFake {
  subscribers: Map<
    string,
    { id: string; email: string; status: string; fields: Record<string, unknown>; groups: string[]; writes: number }
  >;
}

export function mailerliteFake(): MailerLiteFake {
  const subscribers: MailerLiteFake['subscribers'] = new Map();
  return {
    kind: 'mailerlite',
    subscribers,
    rateLimited: () => ({
      status: 429,
      body: { message: 'Too Many Attempts.' },
      headers: { 'retry-after': '1', 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '0' },
    }),
    handle(request: FakeRequest): FakeAnswer {
      if (bearer(request) !== MAILERLITE_TOKEN) return { status: 401, body: { message: 'Unauthenticated.' } };
      if (request.method !== 'POST' || request.path !== '/api/subscribers')
        return { status: 404, body: { message: 'Resource not found.' } };
      const body = request.json ?? {};
      if (!isEmail(body.email))
        return {
          status: 422,
          body: {
            message: 'The email must be a valid email address.',
            errors: { email: ['The email must be a valid email address.'] },
          },
        };
      const key = String(body.email).toLowerCase();
      const existing = subscribers.get(key);
      const subscriber = {
        id: existing?.id ?? String(100 + subscribers.size),
        email: String(body.email),
        status: existing?.status ?? String(body.status ?? 'active'),
        fields: { ...existing?.fields, ...(body.fields as object) },
        groups: [...new Set([...(existing?.groups ?? []), ...((body.groups as string[]) ?? [])])],
        writes: (existing?.writes ?? 0) + 1,
      };
      subscribers.set(key, subscriber);
      return {
        status: existing ? 200 : 201,
        body: { data: { ...subscriber, groups: subscriber.groups.map((id) => ({ id })) } },
      };
    },
  };
}

// Omnisend API v5, as documented: https://api-docs.omnisend.com/reference/post_contacts (X-API-KEY; a contact
// created or updated by its e-mail identifier, answered {contactID}), https://api-docs.omnisend.com/reference/contacts
// (identifiers, channels and their consent), https://api-docs.omnisend.com/reference/rate-limits (429 with
// x-rate-limit-*).
import { type FakeAnswer, type FakeRequest, isEmail, type VendorFake } from './fake.ts';

export const OMNISEND_KEY = '6530fake-omnisend-key';

interface Identifier {
  type: string;
  id: string;
  channels?: { email?: { status: string; statusDate?: string } };
  consent?: { source: string; createdAt: string; ip?: string; userAgent?: string };
}

export interface OmnisendFake extends VendorFake {
  contacts: Map<
    string,
    {
      contactID: string;
      identifier: Identifier;
      firstName?: string;
      lastName?: string;
      tags: string[];
      customProperties: Record<string, unknown>;
      writes: number;
    }
  >;
}

export function omnisendFake(): OmnisendFake {
  const contacts: OmnisendFake['contacts'] = new Map();
  return {
    kind: 'omnisend',
    contacts,
    rateLimited: () => ({
      status: 429,
      body: { error: 'Too many requests' },
      headers: { 'x-rate-limit-limit': '400', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': '1' },
    }),
    handle(request: FakeRequest): FakeAnswer {
      if (request.headers['x-api-key'] !== OMNISEND_KEY)
        return { status: 403, body: { error: 'Forbidden: wrong API key' } };
      if (request.method !== 'POST' || request.path !== '/v5/contacts')
        return { status: 404, body: { error: 'Not found' } };
      const body = request.json ?? {};
      const identifier = (body.identifiers as Identifier[] | undefined)?.find((entry) => entry.type === 'email');
      if (!identifier || !isEmail(identifier.id))
        return { status: 400, body: { error: 'identifiers: at least one valid identifier is required' } };
      const status = identifier.channels?.email?.status;
      if (status && !['subscribed', 'nonSubscribed', 'unsubscribed'].includes(status))
        return { status: 400, body: { error: 'identifiers[0].channels.email.status is invalid' } };
      const key = identifier.id.toLowerCase();
      const existing = contacts.get(key);
      const contact = {
        contactID: existing?.contactID ?? `fake${contacts.size + 1}`,
        identifier,
        ...(body.firstName ? { firstName: String(body.firstName) } : {}),
        ...(body.lastName ? { lastName: String(body.lastName) } : {}),
        tags: [...new Set([...(existing?.tags ?? []), ...((body.tags as string[]) ?? [])])],
        customProperties: { ...existing?.customProperties, ...(body.customProperties as object) },
        writes: (existing?.writes ?? 0) + 1,
      };
      contacts.set(key, contact);
      return { status: 200, body: { contactID: contact.contactID } };
    },
  };
}

// Brevo API v3, as documented: https://developers.brevo.com/reference/createcontact (201 {id} created, 204
// updated with updateEnabled, 400 duplicate_parameter without), https://developers.brevo.com/reference/createdoicontact
// (201 or 204), errors {code, message}, https://developers.brevo.com/docs/api-limits (429 with x-sib-ratelimit-*).
import { type FakeAnswer, type FakeRequest, isEmail, type VendorFake } from './fake.ts';

export const BREVO_KEY = 'xkeysib-fake-0123456789';

export interface BrevoFake extends VendorFake {
  contacts: Map<
    string,
    { id: number; email: string; attributes: Record<string, unknown>; listIds: number[]; writes: number }
  >;
  /** Double opt-in e-mails asked for, by e-mail. */
  doubleOptIns: Map<string, { templateId: number; includeListIds: number[]; redirectionUrl: string }>;
}

const error = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { code, message } });

export function brevoFake(): BrevoFake {
  const contacts: BrevoFake['contacts'] = new Map();
  const doubleOptIns: BrevoFake['doubleOptIns'] = new Map();
  return {
    kind: 'brevo',
    contacts,
    doubleOptIns,
    rateLimited: () => ({
      status: 429,
      body: { code: 'too_many_requests', message: 'Too many requests' },
      headers: { 'x-sib-ratelimit-limit': '10', 'x-sib-ratelimit-remaining': '0', 'x-sib-ratelimit-reset': '1' },
    }),
    handle(request: FakeRequest): FakeAnswer {
      if (request.headers['api-key'] !== BREVO_KEY) return error(401, 'unauthorized', 'Key not found');
      const body = request.json ?? {};
      if (request.method === 'POST' && request.path === '/v3/contacts') {
        if (!isEmail(body.email)) return error(400, 'invalid_parameter', 'Invalid email address');
        const listIds = body.listIds as unknown[] | undefined;
        if (listIds && !listIds.every(Number.isInteger))
          return error(400, 'invalid_parameter', 'listIds should be an array of integers');
        const key = String(body.email).toLowerCase();
        const existing = contacts.get(key);
        if (existing && body.updateEnabled !== true) return error(400, 'duplicate_parameter', 'Contact already exist');
        const contact = {
          id: existing?.id ?? contacts.size + 1,
          email: String(body.email),
          attributes: { ...existing?.attributes, ...(body.attributes as object) },
          listIds: [...new Set([...(existing?.listIds ?? []), ...((listIds as number[]) ?? [])])],
          writes: (existing?.writes ?? 0) + 1,
        };
        contacts.set(key, contact);
        return existing ? { status: 204 } : { status: 201, body: { id: contact.id } };
      }
      if (request.method === 'POST' && request.path === '/v3/contacts/doubleOptinConfirmation') {
        if (!isEmail(body.email)) return error(400, 'invalid_parameter', 'Invalid email address');
        if (
          !Number.isInteger(body.templateId) ||
          !Array.isArray(body.includeListIds) ||
          typeof body.redirectionUrl !== 'string'
        )
          return error(400, 'missing_parameter', 'templateId, includeListIds and redirectionUrl are required');
        const key = String(body.email).toLowerCase();
        const known = doubleOptIns.has(key);
        doubleOptIns.set(key, {
          templateId: body.templateId as number,
          includeListIds: body.includeListIds as number[],
          redirectionUrl: body.redirectionUrl,
        });
        return known ? { status: 204 } : { status: 201 };
      }
      return error(404, 'document_not_found', 'Not found');
    },
  };
}

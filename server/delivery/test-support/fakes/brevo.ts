// Brevo API v3, as documented: https://developers.brevo.com/reference/createcontact (201 {id} created, 204
// updated with updateEnabled, 400 duplicate_parameter without), https://developers.brevo.com/reference/createdoicontact
// (201 or 204), https://developers.brevo.com/reference/import-contacts (202 {processId}, an upsert by e-mail with
// updateExistingContacts), errors {code, message}, https://developers.brevo.com/docs/api-limits (429 with x-sib-ratelimit-*).
import { type FakeAnswer, type FakeRequest, isEmail, type VendorFake } from './fake.ts';

export const BREVO_KEY = 'xkeysib-fake-0123456789';

export interface BrevoFake extends VendorFake {
  contacts: Map<
    string,
    { id: number; email: string; attributes: Record<string, unknown>; listIds: number[]; writes: number }
  >;
  /** Imports taken, with how many contacts each carried. */
  imports: number[];
  /** Double opt-in e-mails asked for, by e-mail. */
  doubleOptIns: Map<string, { templateId: number; includeListIds: number[]; redirectionUrl: string }>;
}

const error = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { code, message } });

export function brevoFake(): BrevoFake {
  const contacts: BrevoFake['contacts'] = new Map();
  const doubleOptIns: BrevoFake['doubleOptIns'] = new Map();
  const imports: number[] = [];
  const upsert = (email: string, attributes: object, listIds: number[]) => {
    const key = email.toLowerCase();
    const existing = contacts.get(key);
    contacts.set(key, {
      id: existing?.id ?? contacts.size + 1,
      email,
      attributes: { ...existing?.attributes, ...attributes },
      listIds: [...new Set([...(existing?.listIds ?? []), ...listIds])],
      writes: (existing?.writes ?? 0) + 1,
    });
    return existing;
  };
  return {
    kind: 'brevo',
    contacts,
    imports,
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
        if (contacts.has(key) && body.updateEnabled !== true)
          return error(400, 'duplicate_parameter', 'Contact already exist');
        const existing = upsert(String(body.email), body.attributes as object, (listIds as number[]) ?? []);
        return existing ? { status: 204 } : { status: 201, body: { id: contacts.get(key)!.id } };
      }
      if (request.method === 'POST' && request.path === '/v3/contacts/import') {
        const rows = body.jsonBody as { email?: unknown; attributes?: object }[] | undefined;
        const listIds = body.listIds as unknown[] | undefined;
        if (!Array.isArray(rows) || rows.length === 0)
          return error(400, 'missing_parameter', 'fileUrl, fileBody or jsonBody is required');
        if (!Array.isArray(listIds) || !listIds.every(Number.isInteger))
          return error(400, 'invalid_parameter', 'listIds should be an array of integers');
        if (!rows.every((row) => isEmail(row.email)))
          return error(400, 'invalid_parameter', 'jsonBody has an invalid email address');
        for (const row of rows) {
          if (contacts.has(String(row.email).toLowerCase()) && body.updateExistingContacts !== true) continue;
          upsert(String(row.email), row.attributes ?? {}, listIds as number[]);
        }
        imports.push(rows.length);
        return { status: 202, body: { processId: imports.length } };
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

// ActiveCampaign API v3, as documented: https://developers.activecampaign.com/reference/sync-a-contacts-data
// (Api-Token header; 201 created / 200 updated, {contact}), .../update-list-status-for-contact ({contactList}),
// .../create-contact-tag ({contactTag}); 422 {errors: [{title, detail, source}]}; 429 when over 5 requests a second.
import { type FakeAnswer, type FakeRequest, isEmail, type VendorFake } from './fake.ts';

export const ACTIVECAMPAIGN_KEY = 'fake-activecampaign-token';

export interface ActiveCampaignFake extends VendorFake {
  contacts: Map<
    string,
    { id: string; email: string; firstName?: string; lastName?: string; phone?: string; syncs: number }
  >;
  /** "list/contact" → status. */
  lists: Map<string, number>;
  /** "contact/tag". */
  tags: Set<string>;
}

const unprocessable = (title: string, pointer: string): FakeAnswer => ({
  status: 422,
  body: { errors: [{ title, detail: '', code: 'field_invalid', source: { pointer } }] },
});

export function activecampaignFake(): ActiveCampaignFake {
  const contacts: ActiveCampaignFake['contacts'] = new Map();
  const lists: ActiveCampaignFake['lists'] = new Map();
  const tags: ActiveCampaignFake['tags'] = new Set();
  const contactIds = () => new Set([...contacts.values()].map((contact) => contact.id));
  return {
    kind: 'activecampaign',
    contacts,
    lists,
    tags,
    rateLimited: () => ({ status: 429, body: { message: 'Too Many Requests' }, headers: { 'retry-after': '1' } }),
    handle(request: FakeRequest): FakeAnswer {
      if (request.headers['api-token'] !== ACTIVECAMPAIGN_KEY)
        return { status: 403, body: { message: 'You are not authorized to access this resource' } };
      const body = request.json ?? {};
      if (request.method === 'POST' && request.path === '/api/3/contact/sync') {
        const given = (body.contact ?? {}) as Record<string, string>;
        if (!isEmail(given.email)) return unprocessable('Email address is not valid.', '/data/attributes/email');
        const key = given.email!.toLowerCase();
        const existing = contacts.get(key);
        const contact = {
          ...existing,
          ...given,
          id: existing?.id ?? String(contacts.size + 1),
          email: given.email!,
          syncs: (existing?.syncs ?? 0) + 1,
        };
        contacts.set(key, contact);
        return { status: existing ? 200 : 201, body: { contact } };
      }
      if (request.method === 'POST' && request.path === '/api/3/contactLists') {
        const given = (body.contactList ?? {}) as { list?: string; contact?: string; status?: number };
        if (!contactIds().has(String(given.contact)))
          return unprocessable('The related contact does not exist.', '/data/attributes/contact');
        if (!/^\d+$/.test(String(given.list)))
          return unprocessable('The related list does not exist.', '/data/attributes/list');
        lists.set(`${given.list}/${given.contact}`, Number(given.status));
        return { status: 201, body: { contactList: { ...given, id: String(lists.size) } } };
      }
      if (request.method === 'POST' && request.path === '/api/3/contactTags') {
        const given = (body.contactTag ?? {}) as { contact?: string; tag?: string };
        if (!contactIds().has(String(given.contact)))
          return unprocessable('The related contact does not exist.', '/data/attributes/contact');
        tags.add(`${given.contact}/${given.tag}`);
        return { status: 201, body: { contactTag: { ...given, id: String(tags.size) } } };
      }
      return { status: 404, body: { message: 'No Result found' } };
    },
  };
}

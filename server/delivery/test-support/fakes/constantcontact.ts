// Constant Contact API v3, as documented: https://developer.constantcontact.com/api_guide/server_flow.html#refresh
// (POST /oauth2/default/v1/token?refresh_token=…&grant_type=refresh_token, HTTP Basic client id and secret),
// https://developer.constantcontact.com/api_reference/index.html#!/Contacts/createOrUpdateContact
// (POST /v3/contacts/sign_up_form: 201 {contact_id, action: "created"}, 200 "updated"; errors as
// [{error_key, error_message}]; 401 for an expired access token; 429 over 4 requests a second).
import { type FakeAnswer, type FakeRequest, isEmail, type VendorFake } from './fake.ts';
import { authorized, grant, type OAuthFake, oauthFake } from './oauth.ts';

export interface ConstantContactFake extends VendorFake {
  oauth: OAuthFake;
  contacts: Map<
    string,
    {
      contact_id: string;
      email_address: string;
      first_name?: string;
      last_name?: string;
      list_memberships: string[];
      writes: number;
    }
  >;
}

const errors = (status: number, error_key: string, error_message: string): FakeAnswer => ({
  status,
  body: [{ error_key, error_message }],
});

export function constantcontactFake(): ConstantContactFake {
  const oauth = oauthFake('cc');
  const contacts: ConstantContactFake['contacts'] = new Map();
  return {
    kind: 'constantcontact',
    oauth,
    contacts,
    rateLimited: () => errors(429, 'throttled', 'Too many requests, please try again later'),
    handle(request: FakeRequest): FakeAnswer {
      if (request.method === 'POST' && request.path === '/oauth2/default/v1/token')
        return grant(oauth, request, request.query);
      if (!authorized(oauth, request)) return errors(401, 'unauthorized', 'Unauthorized');
      if (request.method !== 'POST' || request.path !== '/v3/contacts/sign_up_form')
        return errors(404, 'not_found', 'The requested resource was not found');
      const body = request.json ?? {};
      if (!isEmail(body.email_address)) return errors(400, 'contacts.api.validation.error', 'email_address is invalid');
      const lists = body.list_memberships as string[] | undefined;
      if (!Array.isArray(lists) || lists.length === 0)
        return errors(400, 'contacts.api.validation.error', 'list_memberships is required');
      const key = String(body.email_address).toLowerCase();
      const existing = contacts.get(key);
      const contact = {
        contact_id: existing?.contact_id ?? `00000000-0000-4000-8000-${String(contacts.size + 1).padStart(12, '0')}`,
        email_address: String(body.email_address),
        ...(body.first_name ? { first_name: String(body.first_name) } : {}),
        ...(body.last_name ? { last_name: String(body.last_name) } : {}),
        list_memberships: [...new Set([...(existing?.list_memberships ?? []), ...lists])],
        writes: (existing?.writes ?? 0) + 1,
      };
      contacts.set(key, contact);
      return {
        status: existing ? 200 : 201,
        body: { contact_id: contact.contact_id, action: existing ? 'updated' : 'created' },
      };
    },
  };
}

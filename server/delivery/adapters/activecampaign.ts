// ActiveCampaign API v3: sync a contact by e-mail, subscribe it to a list, add tags.
// https://developers.activecampaign.com/reference/sync-a-contacts-data
// https://developers.activecampaign.com/reference/update-list-status-for-contact
// https://developers.activecampaign.com/reference/create-contact-tag
// https://developers.activecampaign.com/reference/rate-limits (5 requests a second; 429)
import type { OutgoingRequest } from '../http-send.ts';
import { consentFieldOf, consentOf, splitName } from '../payload.ts';
import { type DestinationAdapter, marketingSkip, sendInTurn, strings, text } from './adapter.ts';

/** An account's API address, as its Settings › Developer page shows it. */
const ACCOUNT_URL = /^https:\/\/[a-z0-9][a-z0-9-]{0,62}\.(api-us1\.com|activehosted\.com)\/?$/;

export const activecampaign: DestinationAdapter = {
  kind: 'activecampaign',
  name: 'ActiveCampaign',
  purpose: 'Syncs each lead as an ActiveCampaign contact on a list, with tags',
  docs: [
    'https://developers.activecampaign.com/reference/sync-a-contacts-data',
    'https://developers.activecampaign.com/reference/update-list-status-for-contact',
    'https://developers.activecampaign.com/reference/create-contact-tag',
  ],
  hosts: { api: '{account URL}' },
  settings: [
    {
      name: 'accountUrl',
      type: 'string',
      required: true,
      max: 200,
      pattern: ACCOUNT_URL,
      hint: 'must be your account’s API URL, such as https://yourname.api-us1.com',
    },
    { name: 'listId', type: 'string', required: true, max: 20, pattern: /^\d+$/, hint: 'must be a list id (digits)' },
    { name: 'tagIds', type: 'strings', max: 20 },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: { type: 'apiKey' },
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The ActiveCampaign destination has no API key' };
    const lead = leads[0]!;
    const skip = marketingSkip(lead, consentOf(lead, consentFieldOf(destination.settings)));
    if (skip) return skip;
    const replaced = env.bases.activecampaign;
    const base = `${replaced ?? text(destination.settings.accountUrl).replace(/\/$/, '')}/api/3`;
    const headers = { 'api-token': secret, accept: 'application/json' };
    const { first, last } = splitName(lead.name);
    let contactId = '';
    async function* requests(): AsyncIterable<OutgoingRequest> {
      yield {
        url: `${base}/contact/sync`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          contact: {
            email: lead.email,
            ...(first ? { firstName: first } : {}),
            ...(last ? { lastName: last } : {}),
            ...(lead.phone ? { phone: lead.phone } : {}),
          },
        }),
      };
      // Status 1: subscribed. The same list and contact again changes nothing.
      yield {
        url: `${base}/contactLists`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          contactList: { list: text(destination.settings.listId), contact: contactId, status: 1 },
        }),
      };
      for (const tag of strings(destination.settings.tagIds))
        yield {
          url: `${base}/contactTags`,
          method: 'POST',
          headers,
          body: JSON.stringify({ contactTag: { contact: contactId, tag } }),
        };
    }
    return sendInTurn(
      requests,
      // The account URL is the owner's: checked like a webhook's, unless replaced by the admin.
      replaced ? { allowPrivate: true } : env.targets,
      env,
      (attempt) => attempt,
      (attempt, request) => {
        if (attempt.kind === 'answered' && request.url.endsWith('/contact/sync')) {
          try {
            contactId = String((JSON.parse(attempt.body) as { contact: { id: string | number } }).contact.id);
          } catch {
            contactId = '';
          }
        }
      },
    );
  },
};

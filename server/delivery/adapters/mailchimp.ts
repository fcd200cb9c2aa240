// Mailchimp Marketing API 3.0: add or update a list member, then its tags.
// https://mailchimp.com/developer/marketing/api/list-members/add-or-update-list-member/
// https://mailchimp.com/developer/marketing/api/list-member-tags/
// https://mailchimp.com/developer/marketing/docs/errors/ (429: too many requests; 5xx: try later)
import { createHash } from 'node:crypto';
import type { LeadForDelivery } from '../delivery-store.ts';
import type { OutgoingRequest } from '../http-send.ts';
import { consentFieldOf, consentOf, mappedFields, splitName } from '../payload.ts';
import { type DestinationAdapter, marketingSkip, policyFor, sendInTurn, strings, text } from './adapter.ts';

type Plan = { requests: OutgoingRequest[] } | { skip: string } | { refuse: string };

/** Mailchimp's data centre is the API key's suffix ("…-us6"); a replaced base is taken as it is (…/3.0). */
function baseOf(apiKey: string, bases: Readonly<Record<string, string>>): string | null {
  if (bases.mailchimp) return bases.mailchimp;
  const dc = /-([a-z]+\d+)$/.exec(apiKey)?.[1];
  return dc ? `https://${dc}.api.mailchimp.com/3.0` : null;
}

export function mailchimpPlan(
  settings: Record<string, unknown>,
  fieldMap: Record<string, string>,
  apiKey: string,
  lead: LeadForDelivery,
  bases: Readonly<Record<string, string>>,
): Plan {
  const skip = marketingSkip(lead, consentOf(lead, consentFieldOf(settings)));
  if (skip?.kind === 'skipped') return { skip: skip.reason };
  const base = baseOf(apiKey, bases);
  if (!base) return { refuse: 'The Mailchimp API key has no data centre suffix (such as "-us6")' };
  const email = lead.email!;
  const { first, last } = splitName(lead.name);
  const listId = encodeURIComponent(text(settings.listId));
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  const member = `${base}/lists/${listId}/members/${hash}`;
  const headers = { authorization: `Basic ${Buffer.from(`poptin:${apiKey}`).toString('base64')}` };
  const requests: OutgoingRequest[] = [
    {
      url: member,
      method: 'PUT',
      headers,
      body: JSON.stringify({
        email_address: email,
        status_if_new: settings.doubleOptIn === true ? 'pending' : 'subscribed',
        merge_fields: {
          ...(first ? { FNAME: first } : {}),
          ...(last ? { LNAME: last } : {}),
          ...(lead.phone ? { PHONE: lead.phone } : {}),
          ...mappedFields(lead, fieldMap),
        },
      }),
    },
  ];
  const tags = strings(settings.tags);
  if (tags.length > 0)
    requests.push({
      url: `${member}/tags`,
      method: 'POST',
      headers,
      body: JSON.stringify({ tags: tags.map((name) => ({ name, status: 'active' })) }),
    });
  return { requests };
}

export const mailchimp: DestinationAdapter = {
  kind: 'mailchimp',
  name: 'Mailchimp',
  purpose: 'Adds each lead to a Mailchimp audience, with tags and double opt-in',
  docs: [
    'https://mailchimp.com/developer/marketing/api/list-members/add-or-update-list-member/',
    'https://mailchimp.com/developer/marketing/api/list-member-tags/',
  ],
  hosts: { api: 'https://{dc}.api.mailchimp.com/3.0' },
  settings: [
    { name: 'listId', type: 'string', required: true, max: 100 },
    { name: 'doubleOptIn', type: 'boolean' },
    { name: 'tags', type: 'strings', max: 20 },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: { type: 'apiKey' },
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The mailchimp destination has no API key' };
    const plan = mailchimpPlan(destination.settings, destination.fieldMap, secret, leads[0]!, env.bases);
    if ('skip' in plan) return { kind: 'skipped', reason: plan.skip };
    if ('refuse' in plan) return { kind: 'refused', error: plan.refuse };
    return sendInTurn(plan.requests, policyFor(mailchimp, env), env);
  },
};

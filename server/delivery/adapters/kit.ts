// Kit (formerly ConvertKit) API v4: create or update a subscriber, then add it to a form and to tags.
// https://developers.kit.com/api-reference/subscribers/create-a-subscriber
// https://developers.kit.com/api-reference/forms/add-subscriber-to-form-by-email-address
// https://developers.kit.com/api-reference/tags/tag-a-subscriber-by-email-address
// https://developers.kit.com/api-reference/rate-limiting (120 requests in 60 s per API key; 429)
import type { OutgoingRequest } from '../http-send.ts';
import { consentFieldOf, consentOf, mappedFields, splitName } from '../payload.ts';
import { type DestinationAdapter, hostOf, marketingSkip, policyFor, sendInTurn, strings, text } from './adapter.ts';

export const kit: DestinationAdapter = {
  kind: 'kit',
  name: 'Kit (ConvertKit)',
  purpose: 'Adds each lead to Kit as a subscriber of a form, with tags',
  docs: [
    'https://developers.kit.com/api-reference/subscribers/create-a-subscriber',
    'https://developers.kit.com/api-reference/forms/add-subscriber-to-form-by-email-address',
    'https://developers.kit.com/api-reference/tags/tag-a-subscriber-by-email-address',
  ],
  hosts: { api: 'https://api.kit.com' },
  settings: [
    { name: 'formId', type: 'string', max: 20, pattern: /^\d+$/, hint: 'must be a form id (digits)' },
    { name: 'tagIds', type: 'strings', max: 20 },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: { type: 'apiKey' },
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The Kit destination has no API key' };
    const lead = leads[0]!;
    const skip = marketingSkip(lead, consentOf(lead, consentFieldOf(destination.settings)));
    if (skip) return skip;
    const base = `${hostOf(kit, 'api', env)}/v4`;
    const headers = { 'x-kit-api-key': secret, accept: 'application/json' };
    const { first } = splitName(lead.name);
    const email = lead.email!;
    const formId = text(destination.settings.formId);
    const requests: OutgoingRequest[] = [
      {
        url: `${base}/subscribers`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          email_address: email,
          ...(first ? { first_name: first } : {}),
          state: 'active',
          fields: mappedFields(lead, destination.fieldMap),
        }),
      },
      ...(formId
        ? [
            {
              url: `${base}/forms/${formId}/subscribers`,
              method: 'POST' as const,
              headers,
              body: JSON.stringify({ email_address: email, referrer: lead.url ?? undefined }),
            },
          ]
        : []),
      ...strings(destination.settings.tagIds).map((tag) => ({
        url: `${base}/tags/${encodeURIComponent(tag)}/subscribers`,
        method: 'POST' as const,
        headers,
        body: JSON.stringify({ email_address: email }),
      })),
    ];
    return sendInTurn(requests, policyFor(kit, env), env);
  },
};

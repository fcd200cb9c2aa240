// Omnisend API v5: create or update a contact by its e-mail identifier, its e-mail channel subscribed and the
// consent it was given with.
// https://api-docs.omnisend.com/reference/post_contacts
// https://api-docs.omnisend.com/reference/contacts (identifiers, channels, consent properties)
// https://api-docs.omnisend.com/reference/rate-limits (429; `x-rate-limit-reset`: seconds to the window's end)
import { consentFieldOf, consentOf, mappedFields, splitName } from '../payload.ts';
import {
  type DestinationAdapter,
  hostOf,
  marketingSkip,
  policyFor,
  secondsHeader,
  sendInTurn,
  strings,
} from './adapter.ts';

export const omnisend: DestinationAdapter = {
  kind: 'omnisend',
  name: 'Omnisend',
  purpose: 'Adds each lead to Omnisend as a subscribed contact with its consent',
  docs: ['https://api-docs.omnisend.com/reference/post_contacts', 'https://api-docs.omnisend.com/reference/contacts'],
  hosts: { api: 'https://api.omnisend.com' },
  settings: [
    { name: 'tags', type: 'strings', max: 20 },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: { type: 'apiKey' },
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The Omnisend destination has no API key' };
    const lead = leads[0]!;
    const consent = consentOf(lead, consentFieldOf(destination.settings));
    const skip = marketingSkip(lead, consent);
    if (skip) return skip;
    const { first, last } = splitName(lead.name);
    const identifier = {
      type: 'email',
      id: lead.email,
      channels: { email: { status: 'subscribed', statusDate: lead.createdAt } },
      // Where and when the visitor agreed: the pop-up's form on the lead's page.
      consent: {
        source: `poptin-elements pop-up ${lead.poptinId}${lead.url ? ` on ${lead.url}` : ''}`,
        createdAt: lead.createdAt,
        ...(typeof lead.fields.user_agent === 'string' ? { userAgent: lead.fields.user_agent } : {}),
      },
    };
    const body = {
      identifiers: [identifier],
      ...(first ? { firstName: first } : {}),
      ...(last ? { lastName: last } : {}),
      tags: ['source: poptin-elements', ...strings(destination.settings.tags)],
      customProperties: mappedFields(lead, destination.fieldMap),
    };
    return sendInTurn(
      [
        {
          url: `${hostOf(omnisend, 'api', env)}/v5/contacts`,
          method: 'POST',
          headers: { 'x-api-key': secret, accept: 'application/json' },
          body: JSON.stringify(body),
        },
      ],
      policyFor(omnisend, env),
      env,
      (attempt) =>
        attempt.kind === 'answered' && attempt.statusCode === 429
          ? { ...attempt, retryAfterMs: attempt.retryAfterMs ?? secondsHeader(attempt.headers?.['x-rate-limit-reset']) }
          : attempt,
    );
  },
};

// GetResponse API v3: add a contact to a campaign (GetResponse's name for a list).
// https://apireference.getresponse.com/#operation/createContact
// https://apidocs.getresponse.com/v3/errors (409 code 1008: the contact is already in the campaign)
// https://apidocs.getresponse.com/v3/limits (429; `X-RateLimit-Reset`: "N seconds" to the window's end)

import type { Attempt } from '../outcome.ts';
import { consentFieldOf, consentOf, mappedFields } from '../payload.ts';
import { type DestinationAdapter, hostOf, marketingSkip, policyFor, sendInTurn, strings, text } from './adapter.ts';

function judge(attempt: Attempt): Attempt {
  if (attempt.kind !== 'answered') return attempt;
  if (attempt.statusCode === 409 && /"code"\s*:\s*1008/.test(attempt.body)) return { ...attempt, verdict: 'delivered' };
  if (attempt.statusCode === 429 && attempt.retryAfterMs === null) {
    const reset = /(\d+)\s*seconds?/.exec(String(attempt.headers?.['x-ratelimit-reset'] ?? ''));
    return reset ? { ...attempt, retryAfterMs: Number(reset[1]) * 1000 } : attempt;
  }
  return attempt;
}

export const getresponse: DestinationAdapter = {
  kind: 'getresponse',
  name: 'GetResponse',
  purpose: 'Adds each lead to a GetResponse list (campaign)',
  docs: ['https://apireference.getresponse.com/#operation/createContact', 'https://apidocs.getresponse.com/v3/errors'],
  hosts: { api: 'https://api.getresponse.com' },
  settings: [
    { name: 'campaignId', type: 'string', required: true, max: 50 },
    { name: 'tagIds', type: 'strings', max: 20 },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: { type: 'apiKey' },
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The GetResponse destination has no API key' };
    const lead = leads[0]!;
    const skip = marketingSkip(lead, consentOf(lead, consentFieldOf(destination.settings)));
    if (skip) return skip;
    const mapped = mappedFields(lead, destination.fieldMap);
    const body = {
      email: lead.email,
      ...(lead.name ? { name: lead.name } : {}),
      campaign: { campaignId: text(destination.settings.campaignId) },
      tags: strings(destination.settings.tagIds).map((tagId) => ({ tagId })),
      // Mapped fields name GetResponse custom field ids.
      customFieldValues: Object.entries(mapped).map(([customFieldId, value]) => ({
        customFieldId,
        value: [String(value)],
      })),
    };
    return sendInTurn(
      [
        {
          url: `${hostOf(getresponse, 'api', env)}/v3/contacts`,
          method: 'POST',
          headers: { 'x-auth-token': `api-key ${secret}`, accept: 'application/json' },
          body: JSON.stringify(body),
        },
      ],
      policyFor(getresponse, env),
      env,
      judge,
    );
  },
};

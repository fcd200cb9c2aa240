// Klaviyo: subscribe profiles to a list, its consent recorded.
// https://developers.klaviyo.com/en/reference/bulk_subscribe_profiles
// https://developers.klaviyo.com/en/docs/rate_limits_and_error_handling (429 with Retry-After)
import type { LeadForDelivery } from '../delivery-store.ts';
import type { OutgoingRequest } from '../http-send.ts';
import { consentFieldOf, consentOf } from '../payload.ts';
import { type DestinationAdapter, hostOf, marketingSkip, policyFor, sendInTurn, text } from './adapter.ts';

/** The Klaviyo API revision these requests are written for (its `revision` header is required). */
export const KLAVIYO_REVISION = '2026-10-15';

/** The profiles of one subscribe job: Klaviyo takes up to 1,000 in one. */
export function klaviyoRequest(
  base: string,
  settings: Record<string, unknown>,
  apiKey: string,
  leads: LeadForDelivery[],
): OutgoingRequest {
  const profiles = leads.map((lead) => ({
    type: 'profile',
    attributes: {
      email: lead.email,
      ...(lead.phone ? { phone_number: lead.phone } : {}),
      subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } },
    },
  }));
  return {
    url: `${base}/api/profile-subscription-bulk-create-jobs`,
    method: 'POST',
    headers: {
      authorization: `Klaviyo-API-Key ${apiKey}`,
      revision: KLAVIYO_REVISION,
      accept: 'application/vnd.api+json',
      'content-type': 'application/vnd.api+json',
    },
    body: JSON.stringify({
      data: {
        type: 'profile-subscription-bulk-create-job',
        attributes: { custom_source: 'poptin-elements', profiles: { data: profiles } },
        relationships: { list: { data: { type: 'list', id: text(settings.listId) } } },
      },
    }),
  };
}

export const klaviyo: DestinationAdapter = {
  kind: 'klaviyo',
  name: 'Klaviyo',
  purpose: 'Subscribes each lead to a Klaviyo list with their consent recorded',
  docs: ['https://developers.klaviyo.com/en/reference/bulk_subscribe_profiles'],
  hosts: { api: 'https://a.klaviyo.com' },
  settings: [
    { name: 'listId', type: 'string', required: true, max: 100 },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: { type: 'apiKey' },
  batch: { max: 1000 },
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The klaviyo destination has no API key' };
    const lead = leads[0]!;
    const skip = marketingSkip(lead, consentOf(lead, consentFieldOf(destination.settings)));
    if (skip) return skip;
    return sendInTurn(
      [klaviyoRequest(hostOf(klaviyo, 'api', env), destination.settings, secret, [lead])],
      policyFor(klaviyo, env),
      env,
    );
  },
};

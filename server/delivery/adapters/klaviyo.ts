// Klaviyo: subscribe profiles to a list, its consent recorded.
// https://developers.klaviyo.com/en/reference/bulk_subscribe_profiles
// https://developers.klaviyo.com/en/docs/rate_limits_and_error_handling (429 with Retry-After)
import type { LeadForDelivery } from '../delivery-store.ts';
import type { OutgoingRequest } from '../http-send.ts';
import { sendRequest } from '../http-send.ts';
import { consentFieldOf, consentOf } from '../payload.ts';
import {
  batchAnswer,
  type DestinationAdapter,
  hostOf,
  marketingSkip,
  policyFor,
  sendInTurn,
  sendSome,
  text,
} from './adapter.ts';

const skipOf = (settings: Record<string, unknown>) => (lead: LeadForDelivery) =>
  marketingSkip(lead, consentOf(lead, consentFieldOf(settings)));

/** The Klaviyo API revision these requests are written for (its `revision` header is required). */
export const KLAVIYO_REVISION = '2026-10-15';

/** The profiles of one subscribe job: Klaviyo takes up to 1,000 in one. */
export function klaviyoRequest(
  base: string,
  settings: Record<string, unknown>,
  apiKey: string,
  leads: LeadForDelivery[],
): OutgoingRequest {
  // Klaviyo takes a consent time only with historical_import, which also skips its own double opt-in: right for
  // visitors who confirmed their address with us, so a job sends them only when every one of its leads did.
  const confirmed = leads.every((lead) => Boolean(lead.consent?.confirmed_at));
  // One profile per address: a job subscribes each once.
  const unique = [...new Map(leads.map((lead) => [String(lead.email).trim().toLowerCase(), lead])).values()];
  const profiles = unique.map((lead) => ({
    type: 'profile',
    attributes: {
      email: lead.email,
      ...(lead.phone ? { phone_number: lead.phone } : {}),
      subscriptions: {
        email: {
          marketing: {
            consent: 'SUBSCRIBED',
            ...(confirmed ? { consented_at: lead.consent?.confirmed_at } : {}),
          },
        },
      },
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
        attributes: {
          custom_source: 'poptin-elements',
          ...(confirmed ? { historical_import: true } : {}),
          profiles: { data: profiles },
        },
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
  batch: {
    // The job takes up to 1,000 profiles; Klaviyo answers 202 once it has accepted the whole job, or refuses it all.
    max: 1000,
    async send({ destination, secret, leads, env }) {
      if (!secret) return leads.map(() => ({ kind: 'refused', error: 'The klaviyo destination has no API key' }));
      return sendSome(leads, skipOf(destination.settings), async (indices) => {
        const sent = indices.map((index) => leads[index]!);
        const request = klaviyoRequest(hostOf(klaviyo, 'api', env), destination.settings, secret, sent);
        return batchAnswer(await sendRequest(request, policyFor(klaviyo, env), env.timeoutMs), sent.length);
      });
    },
  },
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The klaviyo destination has no API key' };
    const lead = leads[0]!;
    const skip = skipOf(destination.settings)(lead);
    if (skip) return skip;
    return sendInTurn(
      [klaviyoRequest(hostOf(klaviyo, 'api', env), destination.settings, secret, [lead])],
      policyFor(klaviyo, env),
      env,
    );
  },
};

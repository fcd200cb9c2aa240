// HubSpot CRM v3: contacts created or updated by e-mail in one batch upsert call.
// https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/upsert-contacts
// https://developers.hubspot.com/docs/guides/apps/api-usage/usage-details (429 and its rate-limit headers)
import type { LeadForDelivery } from '../delivery-store.ts';
import type { OutgoingRequest } from '../http-send.ts';
import { sendRequest } from '../http-send.ts';
import type { Attempt } from '../outcome.ts';
import { mappedFields, splitName } from '../payload.ts';
import {
  BATCH_ANSWER_CHARS,
  batchAnswer,
  type DestinationAdapter,
  excerptOf,
  hostOf,
  itemRefused,
  jsonOf,
  policyFor,
  sendInTurn,
  sendSome,
} from './adapter.ts';

const noEmail = (lead: LeadForDelivery): Attempt | null =>
  lead.email ? null : { kind: 'skipped', reason: 'the lead has no e-mail address' };
const keyOf = (lead: LeadForDelivery) => lead.email!.trim().toLowerCase();

export function hubspotRequest(
  base: string,
  fieldMap: Record<string, string>,
  token: string,
  leads: LeadForDelivery[],
): OutgoingRequest {
  // One input per contact: the later lead of an address updates the same contact, as it would one call later.
  const byEmail = new Map<string, { id: string; idProperty: string; properties: Record<string, unknown> }>();
  for (const lead of leads) {
    const { first, last } = splitName(lead.name);
    const properties = {
      email: lead.email,
      ...(first ? { firstname: first } : {}),
      ...(last ? { lastname: last } : {}),
      ...(lead.phone ? { phone: lead.phone } : {}),
      ...mappedFields(lead, fieldMap),
    };
    const earlier = byEmail.get(keyOf(lead));
    byEmail.set(keyOf(lead), {
      id: earlier?.id ?? lead.email!,
      idProperty: 'email',
      properties: { ...earlier?.properties, ...properties, email: earlier?.id ?? lead.email },
    });
  }
  const inputs = [...byEmail.values()];
  return {
    url: `${base}/crm/v3/objects/contacts/batch/upsert`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ inputs }),
  };
}

export const hubspot: DestinationAdapter = {
  kind: 'hubspot',
  name: 'HubSpot',
  purpose: 'Creates or updates a HubSpot contact for each lead',
  docs: ['https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/upsert-contacts'],
  hosts: { api: 'https://api.hubapi.com' },
  settings: [
    { name: 'consentField', type: 'string', max: 100 },
    { name: 'listId', type: 'string', max: 100 },
  ],
  secret: { type: 'apiKey' },
  batch: {
    // https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/upsert-contacts: 100
    // inputs a call; a 207 lists the inputs it refused under errors[].context.ids.
    max: 100,
    async send({ destination, secret, leads, env }) {
      if (!secret) return leads.map(() => ({ kind: 'refused', error: 'The hubspot destination has no API key' }));
      return sendSome(leads, noEmail, async (indices) => {
        const sent = indices.map((index) => leads[index]!);
        const answer = await sendRequest(
          hubspotRequest(hostOf(hubspot, 'api', env), destination.fieldMap, secret, sent),
          policyFor(hubspot, env),
          env.timeoutMs,
          BATCH_ANSWER_CHARS,
        );
        if (answer.kind !== 'answered' || (answer.statusCode !== 200 && answer.statusCode !== 207))
          return batchAnswer(answer, sent.length);
        const refused = new Map<string, unknown>();
        for (const error of (jsonOf(answer)?.errors as { context?: { ids?: unknown } }[] | undefined) ?? [])
          for (const id of Array.isArray(error.context?.ids) ? error.context.ids : [])
            refused.set(String(id).trim().toLowerCase(), error);
        const delivered = excerptOf({ ...answer, verdict: 'delivered' });
        return sent.map((lead) => {
          const error = refused.get(keyOf(lead));
          return error ? itemRefused(400, error) : delivered;
        });
      });
    },
  },
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The hubspot destination has no API key' };
    const lead = leads[0]!;
    // A CRM keeps every contact: consent is a property the owner maps, not a reason to leave one out.
    const skip = noEmail(lead);
    if (skip) return skip;
    return sendInTurn(
      [hubspotRequest(hostOf(hubspot, 'api', env), destination.fieldMap, secret, [lead])],
      policyFor(hubspot, env),
      env,
    );
  },
};

// HubSpot CRM v3: contacts created or updated by e-mail in one batch upsert call.
// https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/upsert-contacts
// https://developers.hubspot.com/docs/guides/apps/api-usage/usage-details (429 and its rate-limit headers)
import type { LeadForDelivery } from '../delivery-store.ts';
import type { OutgoingRequest } from '../http-send.ts';
import { mappedFields, splitName } from '../payload.ts';
import { type DestinationAdapter, hostOf, policyFor, sendInTurn } from './adapter.ts';

export function hubspotRequest(
  base: string,
  fieldMap: Record<string, string>,
  token: string,
  leads: LeadForDelivery[],
): OutgoingRequest {
  const inputs = leads.map((lead) => {
    const { first, last } = splitName(lead.name);
    const properties = {
      email: lead.email,
      ...(first ? { firstname: first } : {}),
      ...(last ? { lastname: last } : {}),
      ...(lead.phone ? { phone: lead.phone } : {}),
      ...mappedFields(lead, fieldMap),
    };
    return { id: lead.email, idProperty: 'email', properties };
  });
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
  batch: { max: 100 },
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The hubspot destination has no API key' };
    const lead = leads[0]!;
    // A CRM keeps every contact: consent is a property the owner maps, not a reason to leave one out.
    if (!lead.email) return { kind: 'skipped', reason: 'the lead has no e-mail address' };
    return sendInTurn(
      [hubspotRequest(hostOf(hubspot, 'api', env), destination.fieldMap, secret, [lead])],
      policyFor(hubspot, env),
      env,
    );
  },
};

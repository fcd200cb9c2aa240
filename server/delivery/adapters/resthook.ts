// A REST hook subscribed by Zapier, Make or n8n (the subscription API is ../hooks.ts): each lead POSTed as one flat
// JSON object, signed as a webhook is. As Zapier's REST Hook pattern documents, a 410 Gone means the subscriber is
// gone: the subscription is removed and the lead is not tried again.
// https://docs.zapier.com/platform/build/hook-trigger#subscribe, https://resthooks.org/docs/
import type { LeadForDelivery } from '../delivery-store.ts';
import { sendRequest } from '../http-send.ts';
import { consentFieldOf, consentOf, leadValues } from '../payload.ts';
import { webhookHeaders } from '../webhook.ts';
import { type DestinationAdapter, text } from './adapter.ts';
import { webhook } from './webhook.ts';

/** What a hook receives, and what the sample call answers one of: flat, every field by its canonical name. */
export function restHookLead(lead: LeadForDelivery, consentField?: string): Record<string, unknown> {
  return {
    ...leadValues(lead),
    id: lead.id,
    created_at: lead.createdAt,
    client_id: lead.clientId,
    poptin_id: lead.poptinId,
    email: lead.email,
    name: lead.name,
    phone: lead.phone,
    url: lead.url,
    consent: consentOf(lead, consentField),
  };
}

export const resthook: DestinationAdapter = {
  kind: 'resthook',
  name: 'Zapier, Make, n8n',
  purpose: 'Hands each lead to a Zap, scenario or workflow that subscribed to it',
  docs: ['https://docs.zapier.com/platform/build/hook-trigger', 'https://resthooks.org/docs/'],
  hosts: {},
  settings: [
    { name: 'url', type: 'string', required: true, max: 2000 },
    { name: 'event', type: 'string', oneOf: ['lead.created'] },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: { type: 'generated' },
  validate: (settings, env) => webhook.validate?.(settings, env) ?? [],
  async send({ destination, secret, leads, messageId, env, remove }) {
    if (!secret) return { kind: 'refused', error: 'The hook has no signing secret' };
    const body = JSON.stringify(restHookLead(leads[0]!, consentFieldOf(destination.settings)));
    const attempt = await sendRequest(
      { url: text(destination.settings.url), method: 'POST', headers: webhookHeaders(secret, messageId, body), body },
      env.targets,
      env.timeoutMs,
    );
    if (attempt.kind === 'answered' && attempt.statusCode === 410) {
      await remove();
      return { kind: 'refused', error: 'the subscriber answered 410 Gone: its subscription was removed' };
    }
    return attempt;
  },
};

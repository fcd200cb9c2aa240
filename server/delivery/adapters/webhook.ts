// The owner's own endpoint: the lead as JSON, signed as Standard Webhooks specifies (../webhook.ts); several leads in
// one body when the owner turns `batchLeads` on.
import { urlProblem } from '../addresses.ts';
import type { LeadForDelivery } from '../delivery-store.ts';
import { sendRequest } from '../http-send.ts';
import { consentFieldOf, webhookPayload } from '../payload.ts';
import { webhookHeaders } from '../webhook.ts';
import { type AdapterCall, batchAnswer, type DestinationAdapter, text } from './adapter.ts';

/**
 * `{ type: 'leads.created', leads: [...] }`: each item is the body the lead would have alone, with the webhook-id it
 * would carry alone (`webhook_id`), which a receiver deduplicates by; the whole body is signed once.
 */
function batchBody({ destination, leads, messageId, messageIds, test }: AdapterCall): string {
  return JSON.stringify({
    type: test ? 'leads.test' : 'leads.created',
    leads: leads.map((lead: LeadForDelivery, index) => ({
      webhook_id: messageIds?.[index] ?? messageId,
      ...webhookPayload(lead, destination.fieldMap, test, consentFieldOf(destination.settings)),
    })),
  });
}

async function post(call: AdapterCall, body: string) {
  return sendRequest(
    {
      url: text(call.destination.settings.url),
      method: 'POST',
      headers: webhookHeaders(call.secret!, call.messageId, body),
      body,
    },
    call.env.targets,
    call.env.timeoutMs,
  );
}

export const webhook: DestinationAdapter = {
  kind: 'webhook',
  name: 'Webhook',
  purpose: 'POSTs each lead as signed JSON to a URL of yours',
  docs: ['https://www.standardwebhooks.com/'],
  hosts: {},
  settings: [
    { name: 'url', type: 'string', required: true, max: 2000 },
    { name: 'consentField', type: 'string', max: 100 },
    { name: 'batchLeads', type: 'boolean' },
  ],
  secret: { type: 'generated' },
  validate(settings, env) {
    const problem = settings.url === undefined ? 'is required' : urlProblem(text(settings.url), env.targets);
    return problem ? [{ field: 'settings.url', message: problem }] : [];
  },
  batch: {
    max: 100,
    optIn: 'batchLeads',
    async send(call) {
      if (!call.secret) return call.leads.map(() => ({ kind: 'refused', error: 'The webhook has no signing secret' }));
      return batchAnswer(await post(call, batchBody(call)), call.leads.length);
    },
  },
  async send(call) {
    if (!call.secret) return { kind: 'refused', error: 'The webhook has no signing secret' };
    const { destination, leads, test } = call;
    // A receiver that takes batches gets every lead in their shape, a lead retried alone too.
    const body =
      destination.settings.batchLeads === true
        ? batchBody(call)
        : JSON.stringify(webhookPayload(leads[0]!, destination.fieldMap, test, consentFieldOf(destination.settings)));
    return post(call, body);
  },
};

// The owner's own endpoint: the lead as JSON, signed as Standard Webhooks specifies (../webhook.ts).
import { urlProblem } from '../addresses.ts';
import { sendRequest } from '../http-send.ts';
import { consentFieldOf, webhookPayload } from '../payload.ts';
import { webhookHeaders } from '../webhook.ts';
import { type DestinationAdapter, text } from './adapter.ts';

export const webhook: DestinationAdapter = {
  kind: 'webhook',
  name: 'Webhook',
  purpose: 'POSTs each lead as signed JSON to a URL of yours',
  docs: ['https://www.standardwebhooks.com/'],
  hosts: {},
  settings: [
    { name: 'url', type: 'string', required: true, max: 2000 },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: { type: 'generated' },
  validate(settings, env) {
    const problem = settings.url === undefined ? 'is required' : urlProblem(text(settings.url), env.targets);
    return problem ? [{ field: 'settings.url', message: problem }] : [];
  },
  async send({ destination, secret, leads, messageId, test, env }) {
    if (!secret) return { kind: 'refused', error: 'The webhook has no signing secret' };
    const body = JSON.stringify(
      webhookPayload(leads[0]!, destination.fieldMap, test, consentFieldOf(destination.settings)),
    );
    return sendRequest(
      { url: text(destination.settings.url), method: 'POST', headers: webhookHeaders(secret, messageId, body), body },
      env.targets,
      env.timeoutMs,
    );
  },
};

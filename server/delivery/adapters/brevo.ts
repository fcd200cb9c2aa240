// Brevo (formerly Sendinblue) API v3: create or update a contact in lists, or send the double opt-in e-mail.
// https://developers.brevo.com/reference/createcontact
// https://developers.brevo.com/reference/createdoicontact
// https://developers.brevo.com/reference/import-contacts (a backlog in one import; its body up to ~8 MB)
// https://developers.brevo.com/docs/api-limits (429; `x-sib-ratelimit-reset`: seconds until the window resets)
import type { LeadForDelivery } from '../delivery-store.ts';
import { sendRequest } from '../http-send.ts';
import type { Attempt } from '../outcome.ts';
import { consentFieldOf, consentOf, mappedFields, splitName } from '../payload.ts';
import {
  batchAnswer,
  type DestinationAdapter,
  hostOf,
  marketingSkip,
  numbers,
  policyFor,
  secondsHeader,
  sendInTurn,
  sendSome,
  text,
} from './adapter.ts';

const skipOf = (settings: Record<string, unknown>) => (lead: LeadForDelivery) =>
  marketingSkip(lead, consentOf(lead, consentFieldOf(settings)));

function attributesOf(lead: LeadForDelivery, fieldMap: Record<string, string>): Record<string, unknown> {
  const { first, last } = splitName(lead.name);
  return {
    ...(first ? { FIRSTNAME: first } : {}),
    ...(last ? { LASTNAME: last } : {}),
    ...(lead.phone ? { SMS: lead.phone } : {}),
    ...mappedFields(lead, fieldMap),
  };
}

/** Brevo's own rate-limit reset, when its 429 has no Retry-After. */
const withReset = (attempt: Attempt): Attempt =>
  attempt.kind === 'answered' && attempt.statusCode === 429
    ? { ...attempt, retryAfterMs: attempt.retryAfterMs ?? secondsHeader(attempt.headers?.['x-sib-ratelimit-reset']) }
    : attempt;

export const brevo: DestinationAdapter = {
  kind: 'brevo',
  name: 'Brevo',
  purpose: 'Adds each lead to Brevo contact lists, with double opt-in if you choose',
  docs: [
    'https://developers.brevo.com/reference/createcontact',
    'https://developers.brevo.com/reference/createdoicontact',
  ],
  hosts: { api: 'https://api.brevo.com' },
  settings: [
    { name: 'listIds', type: 'integers', required: true, max: 20 },
    { name: 'doubleOptInTemplateId', type: 'integer' },
    { name: 'redirectionUrl', type: 'string', max: 2000, pattern: /^https:\/\//, hint: 'must be an https:// URL' },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: { type: 'apiKey' },
  validate: (settings) =>
    settings.doubleOptInTemplateId !== undefined && !text(settings.redirectionUrl)
      ? [
          {
            field: 'settings.redirectionUrl',
            message: 'is required with double opt-in: where the confirmed visitor lands',
          },
        ]
      : [],
  batch: {
    // An import upserts by e-mail (updateExistingContacts) and answers 202 with a process id once it has taken the
    // whole body; it sends no double opt-in e-mail, so a destination that asks for one sends lead by lead.
    max: 1000,
    unlessSet: ['doubleOptInTemplateId'],
    async send({ destination, secret, leads, env }) {
      if (!secret) return leads.map(() => ({ kind: 'refused', error: 'The Brevo destination has no API key' }));
      return sendSome(leads, skipOf(destination.settings), async (indices) => {
        const sent = indices.map((index) => leads[index]!);
        const request = {
          url: `${hostOf(brevo, 'api', env)}/v3/contacts/import`,
          method: 'POST' as const,
          headers: { 'api-key': secret, accept: 'application/json' },
          body: JSON.stringify({
            jsonBody: sent.map((lead) => ({ email: lead.email, attributes: attributesOf(lead, destination.fieldMap) })),
            listIds: numbers(destination.settings.listIds),
            updateExistingContacts: true,
            emptyContactsAttributes: false,
            disableNotification: true,
          }),
        };
        return batchAnswer(withReset(await sendRequest(request, policyFor(brevo, env), env.timeoutMs)), sent.length);
      });
    },
  },
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The Brevo destination has no API key' };
    const lead = leads[0]!;
    const skip = skipOf(destination.settings)(lead);
    if (skip) return skip;
    const attributes = attributesOf(lead, destination.fieldMap);
    const listIds = numbers(destination.settings.listIds);
    const template = destination.settings.doubleOptInTemplateId;
    const base = hostOf(brevo, 'api', env);
    const request = Number.isInteger(template)
      ? {
          url: `${base}/v3/contacts/doubleOptinConfirmation`,
          body: {
            email: lead.email,
            attributes,
            includeListIds: listIds,
            templateId: template,
            redirectionUrl: text(destination.settings.redirectionUrl),
          },
        }
      : { url: `${base}/v3/contacts`, body: { email: lead.email, attributes, listIds, updateEnabled: true } };
    return sendInTurn(
      [
        {
          url: request.url,
          method: 'POST',
          headers: { 'api-key': secret, accept: 'application/json' },
          body: JSON.stringify(request.body),
        },
      ],
      policyFor(brevo, env),
      env,
      withReset,
    );
  },
};

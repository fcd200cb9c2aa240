// Brevo (formerly Sendinblue) API v3: create or update a contact in lists, or send the double opt-in e-mail.
// https://developers.brevo.com/reference/createcontact
// https://developers.brevo.com/reference/createdoicontact
// https://developers.brevo.com/docs/api-limits (429; `x-sib-ratelimit-reset`: seconds until the window resets)
import { consentFieldOf, consentOf, mappedFields, splitName } from '../payload.ts';
import {
  type DestinationAdapter,
  hostOf,
  marketingSkip,
  numbers,
  policyFor,
  secondsHeader,
  sendInTurn,
  text,
} from './adapter.ts';

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
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The Brevo destination has no API key' };
    const lead = leads[0]!;
    const skip = marketingSkip(lead, consentOf(lead, consentFieldOf(destination.settings)));
    if (skip) return skip;
    const { first, last } = splitName(lead.name);
    const attributes = {
      ...(first ? { FIRSTNAME: first } : {}),
      ...(last ? { LASTNAME: last } : {}),
      ...(lead.phone ? { SMS: lead.phone } : {}),
      ...mappedFields(lead, destination.fieldMap),
    };
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
      (attempt) =>
        attempt.kind === 'answered' && attempt.statusCode === 429
          ? {
              ...attempt,
              retryAfterMs: attempt.retryAfterMs ?? secondsHeader(attempt.headers?.['x-sib-ratelimit-reset']),
            }
          : attempt,
    );
  },
};

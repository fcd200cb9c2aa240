// MailerLite (the current API at connect.mailerlite.com): create or upsert a subscriber into groups.
// https://developers.mailerlite.com/docs/subscribers.html#create-upsert-subscriber
// https://developers.mailerlite.com/docs/#rate-limits (120 requests a minute; 429 with Retry-After)
import { consentFieldOf, consentOf, mappedFields, splitName } from '../payload.ts';
import { type DestinationAdapter, hostOf, marketingSkip, policyFor, sendInTurn, strings } from './adapter.ts';

export const mailerlite: DestinationAdapter = {
  kind: 'mailerlite',
  name: 'MailerLite',
  purpose: 'Adds each lead to MailerLite groups as a subscriber',
  docs: ['https://developers.mailerlite.com/docs/subscribers.html#create-upsert-subscriber'],
  hosts: { api: 'https://connect.mailerlite.com' },
  settings: [
    { name: 'groupIds', type: 'strings', max: 20 },
    { name: 'doubleOptIn', type: 'boolean' },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: { type: 'apiKey' },
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The MailerLite destination has no API token' };
    const lead = leads[0]!;
    const skip = marketingSkip(lead, consentOf(lead, consentFieldOf(destination.settings)));
    if (skip) return skip;
    const { first, last } = splitName(lead.name);
    const body = {
      email: lead.email,
      fields: {
        ...(first ? { name: first } : {}),
        ...(last ? { last_name: last } : {}),
        ...(lead.phone ? { phone: lead.phone } : {}),
        ...mappedFields(lead, destination.fieldMap),
      },
      groups: strings(destination.settings.groupIds),
      // "unconfirmed" has MailerLite send its confirmation e-mail when the group's form asks for double opt-in.
      status: destination.settings.doubleOptIn === true ? 'unconfirmed' : 'active',
    };
    return sendInTurn(
      [
        {
          url: `${hostOf(mailerlite, 'api', env)}/api/subscribers`,
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, accept: 'application/json' },
          body: JSON.stringify(body),
        },
      ],
      policyFor(mailerlite, env),
      env,
    );
  },
};

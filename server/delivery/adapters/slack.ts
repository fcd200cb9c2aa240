// Slack incoming webhooks: a message per lead to the channel the webhook was made for.
// https://api.slack.com/messaging/webhooks
// https://api.slack.com/messaging/webhooks#handling_errors (400 invalid_payload, 403 action_prohibited,
// 404 no_service, 410 channel_is_archived; 429 with Retry-After: https://api.slack.com/apis/rate-limits)
import { consentFieldOf, consentOf, leadValues } from '../payload.ts';
import { type DestinationAdapter, hostOf, policyFor, sendInTurn } from './adapter.ts';

const SLACK_HOOK = /^https:\/\/hooks\.slack\.com(\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+)$/;

/** Slack's mrkdwn takes &, < and > escaped (https://api.slack.com/reference/surfaces/formatting#escaping). */
const escapeMrkdwn = (value: unknown) =>
  String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').slice(0, 1000);

export const slack: DestinationAdapter = {
  kind: 'slack',
  name: 'Slack',
  purpose: 'Posts a message about each lead to a Slack channel',
  docs: ['https://api.slack.com/messaging/webhooks'],
  hosts: { hooks: 'https://hooks.slack.com' },
  settings: [{ name: 'consentField', type: 'string', max: 100 }],
  // The webhook URL lets anyone post to the channel: kept sealed like a key.
  secret: {
    type: 'apiKey',
    pattern: SLACK_HOOK,
    hint: 'must be a Slack incoming webhook URL (https://hooks.slack.com/services/…)',
  },
  async send({ destination, secret, leads, test, env }) {
    const path = SLACK_HOOK.exec(secret ?? '')?.[1];
    if (!path) return { kind: 'refused', error: 'The Slack destination has no incoming webhook URL' };
    const lead = leads[0]!;
    const values = leadValues(lead);
    const consent = consentOf(lead, consentFieldOf(destination.settings));
    const title = `${test ? '[test] ' : ''}New lead: ${lead.email ?? lead.name ?? lead.phone ?? `#${lead.id}`}`;
    const facts = [
      ['E-mail', lead.email],
      ['Name', lead.name],
      ['Phone', lead.phone],
      ['Page', lead.url],
      ['Consent', consent === null ? null : consent ? 'given' : 'not given'],
      ...Object.entries(destination.fieldMap).map(([ours, label]) => [label, values[ours]]),
    ].filter(([, value]) => value !== null && value !== undefined && value !== '');
    const body = {
      text: title,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: `*${escapeMrkdwn(title)}*` } },
        ...(facts.length > 0
          ? [
              {
                type: 'section',
                fields: facts.slice(0, 10).map(([label, value]) => ({
                  type: 'mrkdwn',
                  text: `*${escapeMrkdwn(label)}*\n${escapeMrkdwn(value)}`,
                })),
              },
            ]
          : []),
      ],
    };
    return sendInTurn(
      [{ url: `${hostOf(slack, 'hooks', env)}${path}`, method: 'POST', headers: {}, body: JSON.stringify(body) }],
      policyFor(slack, env),
      env,
    );
  },
};

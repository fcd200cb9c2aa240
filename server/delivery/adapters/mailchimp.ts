// Mailchimp Marketing API 3.0: add or update a list member, then its tags.
// https://mailchimp.com/developer/marketing/api/list-members/add-or-update-list-member/
// https://mailchimp.com/developer/marketing/api/list-member-tags/
// https://mailchimp.com/developer/marketing/api/lists/batch-subscribe-or-unsubscribe/ (a backlog: 500 members a call)
// https://mailchimp.com/developer/marketing/docs/errors/ (429: too many requests; 5xx: try later)
import { createHash } from 'node:crypto';
import type { LeadForDelivery } from '../delivery-store.ts';
import { type OutgoingRequest, sendRequest } from '../http-send.ts';
import type { Attempt } from '../outcome.ts';
import { consentFieldOf, consentOf, mappedFields, splitName } from '../payload.ts';
import {
  BATCH_ANSWER_CHARS,
  batchAnswer,
  type DestinationAdapter,
  excerptOf,
  itemRefused,
  jsonOf,
  marketingSkip,
  policyFor,
  sendInTurn,
  strings,
  text,
} from './adapter.ts';

type Plan = { requests: OutgoingRequest[]; member: Record<string, unknown> } | { skip: string } | { refuse: string };

/** A batch member Mailchimp already had: its status is kept, so it goes through the single upsert (status_if_new). */
const CONTACT_EXISTS = 'ERROR_CONTACT_EXISTS';

/** Mailchimp's data centre is the API key's suffix ("…-us6"); a replaced base is taken as it is (…/3.0). */
function baseOf(apiKey: string, bases: Readonly<Record<string, string>>): string | null {
  if (bases.mailchimp) return bases.mailchimp;
  const dc = /-([a-z]+\d+)$/.exec(apiKey)?.[1];
  return dc ? `https://${dc}.api.mailchimp.com/3.0` : null;
}

/**
 * Mailchimp's consent fields of a lead with a consent record: when the visitor signed up and confirmed (ISO 8601), and
 * the audience's GDPR marketing permission the owner named, enabled as the box was ticked.
 */
function mailchimpConsent(lead: LeadForDelivery, permissionId: string): Record<string, unknown> {
  const consent = lead.consent;
  if (!consent) return {};
  return {
    timestamp_signup: consent.at,
    ...(consent.confirmed_at ? { timestamp_opt: consent.confirmed_at } : {}),
    ...(permissionId
      ? { marketing_permissions: [{ marketing_permission_id: permissionId, enabled: consent.given }] }
      : {}),
  };
}

export function mailchimpPlan(
  settings: Record<string, unknown>,
  fieldMap: Record<string, string>,
  apiKey: string,
  lead: LeadForDelivery,
  bases: Readonly<Record<string, string>>,
): Plan {
  const skip = marketingSkip(lead, consentOf(lead, consentFieldOf(settings)));
  if (skip?.kind === 'skipped') return { skip: skip.reason };
  const base = baseOf(apiKey, bases);
  if (!base) return { refuse: 'The Mailchimp API key has no data centre suffix (such as "-us6")' };
  const email = lead.email!;
  const { first, last } = splitName(lead.name);
  const listId = encodeURIComponent(text(settings.listId));
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  const member = `${base}/lists/${listId}/members/${hash}`;
  const headers = { authorization: `Basic ${Buffer.from(`poptin:${apiKey}`).toString('base64')}` };
  const fields = {
    email_address: email,
    merge_fields: {
      ...(first ? { FNAME: first } : {}),
      ...(last ? { LNAME: last } : {}),
      ...(lead.phone ? { PHONE: lead.phone } : {}),
      ...mappedFields(lead, fieldMap),
    },
    ...mailchimpConsent(lead, text(settings.marketingPermissionId)),
  };
  // A visitor who confirmed by our double opt-in is not asked again.
  const status = settings.doubleOptIn === true && !lead.consent?.confirmed_at ? 'pending' : 'subscribed';
  const tags = strings(settings.tags);
  const requests: OutgoingRequest[] = [
    { url: member, method: 'PUT', headers, body: JSON.stringify({ ...fields, status_if_new: status }) },
  ];
  if (tags.length > 0)
    requests.push({
      url: `${member}/tags`,
      method: 'POST',
      headers,
      body: JSON.stringify({ tags: tags.map((name) => ({ name, status: 'active' })) }),
    });
  return { requests, member: { ...fields, status, ...(tags.length > 0 ? { tags } : {}) } };
}

/**
 * New members in one batch subscribe call (update_existing false: a member Mailchimp already has keeps its status,
 * and is answered ERROR_CONTACT_EXISTS, then upserted alone as a single lead is). Each lead's answer: delivered,
 * its own error, or the whole call's.
 */
async function batchSubscribe(
  settings: Record<string, unknown>,
  apiKey: string,
  plans: Plan[],
  env: Parameters<DestinationAdapter['send']>[0]['env'],
): Promise<Attempt[]> {
  const answers: (Attempt | null)[] = plans.map((plan) =>
    'skip' in plan
      ? { kind: 'skipped', reason: plan.skip }
      : 'refuse' in plan
        ? { kind: 'refused', error: plan.refuse }
        : null,
  );
  // The first lead of an address goes in the batch; a later one of the same address, alone after it.
  const inBatch = new Map<string, number>();
  const alone: number[] = [];
  plans.forEach((plan, index) => {
    if (!('member' in plan)) return;
    const key = String(plan.member.email_address).trim().toLowerCase();
    if (inBatch.has(key)) alone.push(index);
    else inBatch.set(key, index);
  });
  if (inBatch.size > 0) {
    const base = baseOf(apiKey, env.bases)!;
    const members = [...inBatch.values()].map((index) => (plans[index] as { member: object }).member);
    const answer = await sendRequest(
      {
        url: `${base}/lists/${encodeURIComponent(text(settings.listId))}`,
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`poptin:${apiKey}`).toString('base64')}` },
        body: JSON.stringify({ members, update_existing: false }),
      },
      policyFor(mailchimp, env),
      env.timeoutMs,
      BATCH_ANSWER_CHARS,
    );
    const body = answer.kind === 'answered' && answer.statusCode === 200 ? jsonOf(answer) : null;
    if (!body) {
      const whole = batchAnswer(answer, 1)[0]!;
      for (const index of inBatch.values()) answers[index] = whole;
    } else {
      const errors = new Map(
        ((body.errors as { email_address?: string; error_code?: string }[] | undefined) ?? []).map((error) => [
          String(error.email_address).trim().toLowerCase(),
          error,
        ]),
      );
      const delivered = excerptOf(answer);
      for (const [key, index] of inBatch) {
        const error = errors.get(key);
        if (error?.error_code === CONTACT_EXISTS) alone.push(index);
        else answers[index] = error ? itemRefused(400, error) : delivered;
      }
    }
  }
  for (const index of alone.sort((a, b) => a - b))
    answers[index] = await sendInTurn(
      (plans[index] as { requests: OutgoingRequest[] }).requests,
      policyFor(mailchimp, env),
      env,
    );
  return answers as Attempt[];
}

export const mailchimp: DestinationAdapter = {
  kind: 'mailchimp',
  name: 'Mailchimp',
  purpose: 'Adds each lead to a Mailchimp audience, with tags and double opt-in',
  docs: [
    'https://mailchimp.com/developer/marketing/api/list-members/add-or-update-list-member/',
    'https://mailchimp.com/developer/marketing/api/list-member-tags/',
  ],
  hosts: { api: 'https://{dc}.api.mailchimp.com/3.0' },
  settings: [
    { name: 'listId', type: 'string', required: true, max: 100 },
    { name: 'doubleOptIn', type: 'boolean' },
    { name: 'tags', type: 'strings', max: 20 },
    { name: 'consentField', type: 'string', max: 100 },
    { name: 'marketingPermissionId', type: 'string', max: 100 },
  ],
  secret: { type: 'apiKey' },
  batch: {
    max: 500,
    // A batch member has no marketing permissions; an audience that records one sends lead by lead.
    unlessSet: ['marketingPermissionId'],
    async send({ destination, secret, leads, env }) {
      if (!secret) return leads.map(() => ({ kind: 'refused', error: 'The mailchimp destination has no API key' }));
      const plans = leads.map((lead) =>
        mailchimpPlan(destination.settings, destination.fieldMap, secret, lead, env.bases),
      );
      return batchSubscribe(destination.settings, secret, plans, env);
    },
  },
  async send({ destination, secret, leads, env }) {
    if (!secret) return { kind: 'refused', error: 'The mailchimp destination has no API key' };
    const plan = mailchimpPlan(destination.settings, destination.fieldMap, secret, leads[0]!, env.bases);
    if ('skip' in plan) return { kind: 'skipped', reason: plan.skip };
    if ('refuse' in plan) return { kind: 'refused', error: plan.refuse };
    return sendInTurn(plan.requests, policyFor(mailchimp, env), env);
  },
};

// How a lead reaches each kind of destination: one try, answered as an Attempt.
import nodemailer from 'nodemailer';
import type { DestinationKind } from '../../src/core/api/delivery-contract.ts';
import type { TargetPolicy } from './addresses.ts';
import type { LeadForDelivery } from './delivery-store.ts';
import { sendRequest } from './http-send.ts';
import type { Attempt } from './outcome.ts';
import { consentFieldOf, consentOf, leadValues, webhookPayload } from './payload.ts';
import { type VendorBases, vendorPlan } from './vendors.ts';
import { webhookHeaders } from './webhook.ts';

export interface MailSettings {
  /** SMTP_URL, e.g. smtps://user:password@smtp.example.com:465. */
  smtpUrl: string;
  /** SMTP_FROM: the sender of notifications. */
  from: string;
}

export interface SenderSettings {
  targets: TargetPolicy;
  mail: MailSettings | null;
  /** Per-request time limit (REQUEST_TIMEOUT_MS by default). */
  timeoutMs?: number;
  vendorBases?: VendorBases;
  /** Sends the visitor's own e-mail of a lead (server/visitor-email/); absent: this server sends none. */
  visitorEmail?: (lead: LeadForDelivery, context: SendContext) => Promise<Attempt>;
}

export interface SendTarget {
  kind: DestinationKind;
  settings: Record<string, unknown>;
  fieldMap: Record<string, string>;
  /** The opened secret (signing secret or API key). */
  secret: string | null;
}

/** What a send carries besides the lead: its stable id (the receiver's deduplication key), and whether it is a test. */
export interface SendContext {
  messageId: string;
  test?: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export async function sendToDestination(
  target: SendTarget,
  lead: LeadForDelivery,
  context: SendContext,
  settings: SenderSettings,
): Promise<Attempt> {
  switch (target.kind) {
    case 'webhook': {
      if (!target.secret) return { kind: 'refused', error: 'The webhook has no signing secret' };
      const body = JSON.stringify(webhookPayload(lead, target.fieldMap, context.test, consentFieldOf(target.settings)));
      return sendRequest(
        {
          url: text(target.settings.url),
          method: 'POST',
          headers: webhookHeaders(target.secret, context.messageId, body),
          body,
        },
        settings.targets,
        settings.timeoutMs,
      );
    }
    case 'email':
      return sendNotification(target, [lead], context, settings.mail);
    case 'visitor_email':
      return settings.visitorEmail
        ? settings.visitorEmail(lead, context)
        : { kind: 'refused', error: "This server does not send visitors' e-mails" };
    default:
      return sendToVendor({ ...target, kind: target.kind }, lead, settings);
  }
}

/** The vendor's requests one after the other; the first that is not a 2xx is the try's answer. */
async function sendToVendor(
  target: SendTarget & { kind: 'mailchimp' | 'klaviyo' | 'hubspot' },
  lead: LeadForDelivery,
  settings: SenderSettings,
): Promise<Attempt> {
  if (!target.secret) return { kind: 'refused', error: `The ${target.kind} destination has no API key` };
  const plan = vendorPlan(
    { kind: target.kind, settings: target.settings, fieldMap: target.fieldMap, apiKey: target.secret },
    lead,
    settings.vendorBases ?? {},
  );
  if ('skip' in plan) return { kind: 'skipped', reason: plan.skip };
  if ('refuse' in plan) return { kind: 'refused', error: plan.refuse };
  let attempt: Attempt = { kind: 'skipped', reason: 'nothing to send' };
  for (const request of plan.requests) {
    attempt = await sendRequest(request, settings.targets, settings.timeoutMs);
    if (attempt.kind !== 'answered' || attempt.statusCode < 200 || attempt.statusCode >= 300) return attempt;
  }
  return attempt;
}

const leadTitle = (lead: LeadForDelivery) => lead.email ?? lead.name ?? lead.phone ?? `#${lead.id}`;

function notificationText(lead: LeadForDelivery): string {
  const consent = consentOf(lead);
  const lines = [
    `A new lead on site ${lead.clientId} (pop-up ${lead.poptinId}):`,
    '',
    `Lead: #${lead.id}, created ${lead.createdAt}`,
    `E-mail: ${lead.email ?? '-'}`,
    `Name: ${lead.name ?? '-'}`,
    `Phone: ${lead.phone ?? '-'}`,
    `Page: ${lead.url ?? '-'}`,
    `Consent: ${consent === null ? 'no consent field' : consent ? 'given' : 'not given'}`,
    '',
    'All fields:',
    ...Object.entries(leadValues(lead))
      .filter(([name]) => name !== 'id' && name !== 'created_at')
      .map(([name, value]) => `  ${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`),
  ];
  return lines.join('\n');
}

/** Tells a site's owners that a destination failed a delivery for good, and where to retry it. */
export async function sendFailureAlert(
  mail: MailSettings,
  to: string[],
  alert: { clientId: string; name: string; leadId: number; reason: string; failingSince?: string | null },
): Promise<void> {
  const transport = nodemailer.createTransport(mail.smtpUrl);
  try {
    await transport.sendMail({
      from: mail.from,
      to,
      subject: `Lead delivery failing: ${alert.name} (site ${alert.clientId})`,
      text: [
        alert.failingSince
          ? `The destination "${alert.name}" of site ${alert.clientId} has taken no lead since ${alert.failingSince}; the last try (lead #${alert.leadId}): ${alert.reason}.`
          : `The destination "${alert.name}" of site ${alert.clientId} did not take lead #${alert.leadId}: ${alert.reason}.`,
        '',
        alert.failingSince
          ? 'The leads are kept and tried again for three days. Fix the destination; they then go out by themselves.'
          : 'The lead is kept. Fix the destination, then retry its failed deliveries in the console (or',
        ...(alert.failingSince
          ? ['You are told at most once a day per destination.']
          : [
              `POST /api/owner/${alert.clientId}/destinations/{id}/retry). You are told at most once a day per destination.`,
            ]),
      ].join('\n'),
    });
  } finally {
    transport.close();
  }
}

/** Whether an e-mail destination sends one message a day with the day's leads (`settings.digest: 'daily'`). */
export const isDailyDigest = (target: { kind: DestinationKind; settings: Record<string, unknown> }) =>
  target.kind === 'email' && target.settings.digest === 'daily';

/**
 * The e-mail of one lead, or of a day's leads for a daily digest, in one message. SMTP replies 4xx mean "later",
 * 5xx "never" (RFC 5321 §4.2.1).
 */
export async function sendNotification(
  target: SendTarget,
  leads: LeadForDelivery[],
  context: SendContext,
  mail: MailSettings | null,
): Promise<Attempt> {
  if (!mail) return { kind: 'refused', error: 'SMTP_URL is not set on this server' };
  const to = Array.isArray(target.settings.to) ? target.settings.to.map(text).filter(Boolean) : [];
  if (to.length === 0) return { kind: 'refused', error: 'The notification has no recipients' };
  const transport = nodemailer.createTransport(mail.smtpUrl);
  try {
    const info = await transport.sendMail({
      from: mail.from,
      to,
      subject: `${context.test ? '[test] ' : ''}${leads.length === 1 ? `New lead: ${leadTitle(leads[0]!)}` : `${leads.length} new leads`}`,
      text: leads.map(notificationText).join('\n\n----\n\n'),
      messageId: `<${context.messageId}@poptin-elements>`,
    });
    return { kind: 'answered', statusCode: 250, body: String(info.response ?? '').slice(0, 500), retryAfterMs: null };
  } catch (error) {
    const { responseCode, message } = error as { responseCode?: number; message: string };
    if (responseCode !== undefined && responseCode >= 500)
      return { kind: 'refused', error: `SMTP ${responseCode}: ${message}` };
    return { kind: 'network', error: responseCode ? `SMTP ${responseCode}: ${message}` : message };
  } finally {
    transport.close();
  }
}

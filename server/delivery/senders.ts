// How a lead reaches each kind of destination: one try, answered as an Attempt.
import nodemailer from 'nodemailer';
import type { DestinationKind } from '../../src/core/api/delivery-contract.ts';
import { type AdapterCall, newTokenCache, type TokenCache } from './adapters/adapter.ts';
import { adapterOf } from './adapters/index.ts';
import type { TargetPolicy } from './addresses.ts';
import type { LeadForDelivery } from './delivery-store.ts';
import type { Attempt } from './outcome.ts';
import { consentOf, leadValues } from './payload.ts';
import type { VendorBases } from './vendors.ts';

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
  /** OAuth2 and service-account access tokens kept by this process (one cache per server). */
  tokens?: TokenCache;
  /** Sends the visitor's own e-mail of a lead (server/visitor-email/); absent: this server sends none. */
  visitorEmail?: (lead: LeadForDelivery, context: SendContext) => Promise<Attempt>;
}

export interface SendTarget {
  kind: DestinationKind;
  settings: Record<string, unknown>;
  fieldMap: Record<string, string>;
  /** The opened secret (signing secret, API key, or credentials' JSON). */
  secret: string | null;
  /** The destination's id: whose access tokens are kept. */
  id?: number;
}

/** What a send carries besides the lead: its stable id (the receiver's deduplication key), and whether it is a test. */
export interface SendContext {
  messageId: string;
  /** A batch's: each lead's own stable id. */
  messageIds?: readonly string[];
  test?: boolean;
  /** A test's own recipient where the lead's address is no one's (the visitor's e-mail): the signed-in owner's. */
  testTo?: string | null;
  /** Seals and keeps the destination's new credentials (a refresh token the vendor rotated). */
  saveSecret?: (secret: string) => Promise<void>;
  /** Deletes the destination (a REST hook whose subscriber is gone). */
  remove?: () => Promise<void>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export async function sendToDestination(
  target: SendTarget,
  lead: LeadForDelivery,
  context: SendContext,
  settings: SenderSettings,
): Promise<Attempt> {
  if (target.kind === 'visitor_email')
    return settings.visitorEmail
      ? settings.visitorEmail(lead, context)
      : { kind: 'refused', error: "This server does not send visitors' e-mails" };
  return sendThroughAdapter(target, [lead], context, settings);
}

const sharedTokens = newTokenCache();

/** One try of one lead by the destination kind's adapter (adapters/). */
export async function sendThroughAdapter(
  target: SendTarget,
  leads: LeadForDelivery[],
  context: SendContext,
  settings: SenderSettings,
): Promise<Attempt> {
  const adapter = adapterOf(target.kind);
  if (!adapter) return { kind: 'refused', error: `This server cannot send to a ${target.kind} destination` };
  return adapter.send(adapterCall(target, leads, context, settings));
}

/** One try of several leads in the vendor's batch call: an Attempt per lead, in their order. */
export async function sendBatchToDestination(
  target: SendTarget,
  leads: LeadForDelivery[],
  context: SendContext,
  settings: SenderSettings,
): Promise<Attempt[]> {
  const batch = adapterOf(target.kind)?.batch;
  if (!batch) {
    const refused: Attempt = { kind: 'refused', error: `This server sends no batch to a ${target.kind} destination` };
    return leads.map(() => refused);
  }
  return batch.send(adapterCall(target, leads, context, settings));
}

function adapterCall(
  target: SendTarget,
  leads: LeadForDelivery[],
  context: SendContext,
  settings: SenderSettings,
): AdapterCall {
  return {
    destination: { id: target.id ?? 0, settings: target.settings, fieldMap: target.fieldMap },
    secret: target.secret,
    leads,
    messageId: context.messageId,
    messageIds: context.messageIds,
    test: context.test ?? false,
    env: {
      targets: settings.targets,
      timeoutMs: settings.timeoutMs,
      mail: settings.mail,
      bases: (settings.vendorBases ?? {}) as Readonly<Record<string, string>>,
      tokens: settings.tokens ?? sharedTokens,
      notify: (email, leads, context) =>
        sendNotification({ kind: 'email', secret: null, ...email }, leads, context, settings.mail),
    },
    saveSecret: context.saveSecret ?? (async () => undefined),
    remove: context.remove ?? (async () => undefined),
  };
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

// The visitor's e-mail after a lead (a delivery to the site's 'visitor_email' destination), its signed links
// (confirm the address, unsubscribe), and the double opt-in's end: unconfirmed leads deleted after their days.
import nodemailer from 'nodemailer';
import type { Database } from '../db/database.ts';
import type { ErasureHashes } from '../db/tombstones.ts';
import type { LeadForDelivery } from '../delivery/delivery-store.ts';
import type { Attempt } from '../delivery/outcome.ts';
import type { MailSettings, SendContext } from '../delivery/senders.ts';
import { repeatEvery } from '../platform/repeat.ts';
import { LinkSigner, UNSUBSCRIBE_LINK_DAYS } from './links.ts';
import { visitorMessage } from './message.ts';
import { DEFAULT_CONFIRM_DAYS, visitorEmailOf } from './settings.ts';
import { languageOf } from './words.ts';

export interface VisitorEmailOptions {
  mail: MailSettings | null;
  /** PUBLIC_URL: where the e-mail's links point. */
  publicUrl: string | null;
}

/** How often each process deletes the unconfirmed leads past their days. */
const EXPIRY_EVERY_MS = 60 * 60_000;

/** The address part of SMTP_FROM ("Leads <leads@example.com>" -> leads@example.com). */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();

/** The place a link goes: PUBLIC_URL's path, then ours. */
export const linkUrl = (publicUrl: string, action: 'confirm' | 'unsubscribe', token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/email/${action}/${token}`;

export class VisitorEmails {
  readonly links: LinkSigner;
  /** Wakes the delivery worker: a confirmation queues the lead's held deliveries. */
  wakeDeliveries: () => void = () => undefined;

  constructor(
    private readonly db: Database,
    private readonly hashes: ErasureHashes,
    private readonly options: VisitorEmailOptions,
  ) {
    this.links = new LinkSigner(db);
  }

  /**
   * The site's destination of visitors' e-mails exists, made at the first lead of a pop-up that sends one (asked at
   * each: a site's destinations may be deleted with it, by another process).
   */
  async ensureDestination(clientId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO destinations (client_id, kind, name) VALUES ($1, 'visitor_email', 'Visitor e-mail')
       ON CONFLICT (client_id) WHERE kind = 'visitor_email' DO NOTHING`,
      [clientId],
    );
  }

  /** What a link's page needs of the lead it names; null when the lead is gone. */
  async leadForLink(leadId: number) {
    const [row] = await this.db.query<Record<string, unknown>>(
      `SELECT l.id, l.client_id, l.email, p.config, c.lang, c.name FROM conversions l
       JOIN popups p ON p.poptin_id = l.poptin_id JOIN clients c ON c.client_id = l.client_id WHERE l.id = $1::bigint`,
      [leadId],
    );
    if (!row) return null;
    return {
      id: Number(row.id),
      clientId: row.client_id as string,
      email: (row.email as string | null) ?? null,
      config: row.config as Record<string, unknown>,
      lang: row.lang as string,
      siteName: String(row.name || row.client_id),
    };
  }

  async isUnsubscribed(clientId: string, email: string): Promise<boolean> {
    const rows = await this.db.query('SELECT 1 FROM email_unsubscribes WHERE client_id = $1 AND email_hmac = $2', [
      clientId,
      await this.hashes.ofEmail(clientId, email),
    ]);
    return rows.length > 0;
  }

  async unsubscribe(clientId: string, email: string): Promise<void> {
    await this.db.query(
      'INSERT INTO email_unsubscribes (client_id, email_hmac) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [clientId, await this.hashes.ofEmail(clientId, email)],
    );
  }

  /** One try of a lead's e-mail to its visitor, answered as the other destinations' tries are. */
  async send(lead: LeadForDelivery, context: SendContext): Promise<Attempt> {
    const { mail, publicUrl } = this.options;
    if (!mail) return { kind: 'refused', error: 'SMTP_URL is not set on this server' };
    if (!publicUrl)
      return { kind: 'refused', error: "PUBLIC_URL is not set on this server: the e-mail's links need it" };
    if (context.test) return this.sendTest(lead, context);
    const [row] = await this.db.query<Record<string, unknown>>(
      `SELECT p.config, c.name, c.lang, c.email_sender_name, c.email_reply_to, c.privacy_url,
         (SELECT opt_in FROM conversions l WHERE l.id = $3::bigint) AS opt_in
       FROM popups p JOIN clients c ON c.client_id = p.client_id WHERE p.poptin_id = $1 AND p.client_id = $2`,
      [lead.poptinId, lead.clientId, lead.id],
    );
    if (!row) return { kind: 'skipped', reason: 'the pop-up is gone' };
    const popupConfig = row.config as Record<string, unknown>;
    const settings = visitorEmailOf(popupConfig);
    if (!settings.enabled) return { kind: 'skipped', reason: 'the pop-up sends no e-mail' };
    if (!lead.email) return { kind: 'skipped', reason: 'the lead has no e-mail address' };
    if (await this.isUnsubscribed(lead.clientId, lead.email))
      return { kind: 'skipped', reason: 'the visitor unsubscribed' };
    return this.mailTo(lead.email, lead, row, context);
  }

  /**
   * The console's test: the test lead has no pop-up and its address is no one's, so the e-mail of the site's pop-up
   * edited last that sends one goes to the signed-in owner, and the answer says which and where, or why not.
   */
  private async sendTest(lead: LeadForDelivery, context: SendContext): Promise<Attempt> {
    if (!context.testTo)
      return {
        kind: 'refused',
        error: 'Cannot be tested with a token: sign in to the console, the test e-mail goes to your own address',
      };
    const [row] = await this.db.query<Record<string, unknown>>(
      `SELECT p.poptin_id, p.config, c.name, c.lang, c.email_sender_name, c.email_reply_to, c.privacy_url,
         NULL AS opt_in
       FROM popups p JOIN clients c ON c.client_id = p.client_id
       WHERE p.client_id = $1 AND p.config -> 'visitor_email' ->> 'enabled' = 'true'
       ORDER BY p.updated_at DESC NULLS LAST, p.poptin_id LIMIT 1`,
      [lead.clientId],
    );
    if (!row)
      return {
        kind: 'refused',
        error:
          "Cannot be tested: no pop-up of this site sends the visitor an e-mail (turn it on in a pop-up's settings)",
      };
    const popupName = String((row.config as Record<string, unknown>).poptin_name || row.poptin_id);
    const attempt = await this.mailTo(context.testTo, { ...lead, poptinId: String(row.poptin_id) }, row, context);
    if (attempt.kind !== 'answered') return attempt;
    return {
      ...attempt,
      body: `Sent the e-mail of the pop-up "${popupName}" to ${context.testTo}, with the test lead's values. ${attempt.body}`,
    };
  }

  private async mailTo(
    address: string,
    lead: LeadForDelivery,
    row: Record<string, unknown>,
    context: SendContext,
  ): Promise<Attempt> {
    const { mail, publicUrl } = this.options as { mail: MailSettings; publicUrl: string };
    const popupConfig = row.config as Record<string, unknown>;
    const settings = visitorEmailOf(popupConfig);
    const confirm = row.opt_in === 'unconfirmed' || (context.test && settings.doubleOptIn);
    const unsubscribeUrl = linkUrl(
      publicUrl,
      'unsubscribe',
      await this.links.sign('unsubscribe', lead.clientId, lead.id, UNSUBSCRIBE_LINK_DAYS),
    );
    const confirmUrl = confirm
      ? linkUrl(publicUrl, 'confirm', await this.links.sign('confirm', lead.clientId, lead.id, settings.confirmDays))
      : null;
    const siteName = String(row.name || lead.clientId);
    const message = visitorMessage(lead, {
      settings,
      language: settings.language ?? languageOf(row.lang),
      siteName,
      privacyUrl: (row.privacy_url as string | null) || null,
      popupConfig,
      confirmUrl,
      unsubscribeUrl,
    });
    const transport = nodemailer.createTransport(mail.smtpUrl);
    try {
      const info = await transport.sendMail({
        from: { name: String(row.email_sender_name || siteName), address: addressOf(mail.from) },
        ...(row.email_reply_to ? { replyTo: String(row.email_reply_to) } : {}),
        to: address,
        subject: `${context.test ? '[test] ' : ''}${message.subject}`,
        text: message.text,
        html: message.html,
        messageId: `<${context.messageId}@poptin-elements>`,
        // RFC 8058: a mail client unsubscribes with one POST to this address, no page to read.
        list: { unsubscribe: { url: unsubscribeUrl, comment: 'Unsubscribe' } },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      return { kind: 'answered', statusCode: 250, body: String(info.response ?? '').slice(0, 500), retryAfterMs: null };
    } catch (error) {
      const { responseCode, message: text } = error as { responseCode?: number; message: string };
      if (responseCode !== undefined && responseCode >= 500)
        return { kind: 'refused', error: `SMTP ${responseCode}: ${text}` };
      return { kind: 'network', error: responseCode ? `SMTP ${responseCode}: ${text}` : text };
    } finally {
      transport.close();
    }
  }

  /**
   * Confirms a lead's address, once: its deliveries to the destinations that take confirmed leads only are queued
   * with it. Answers the lead's state after, with its pop-up's settings and site language.
   */
  async confirm(leadId: number): Promise<{ confirmedNow: boolean }> {
    const rows = await this.db.query<{ queued: number }>(
      `WITH confirmed AS (
         UPDATE conversions SET opt_in = 'confirmed', confirmed_at = now()
         WHERE id = $1::bigint AND opt_in = 'unconfirmed' RETURNING id, client_id, spam_reason
       ), queued AS (
         INSERT INTO deliveries (destination_id, conversion_id, client_id)
         SELECT destination.id, confirmed.id, confirmed.client_id FROM confirmed JOIN destinations destination ON destination.client_id = confirmed.client_id
         WHERE confirmed.spam_reason IS NULL AND destination.enabled AND destination.settings ->> 'confirmedOnly' = 'true'
         ORDER BY destination.id
         ON CONFLICT (destination_id, conversion_id) DO NOTHING RETURNING id
       )
       SELECT (SELECT count(*)::int FROM queued) AS queued FROM confirmed`,
      [leadId],
    );
    if (rows.length > 0 && Number(rows[0]!.queued) > 0) this.wakeDeliveries();
    return { confirmedNow: rows.length > 0 };
  }

  /**
   * Deletes the unconfirmed leads older than their pop-up's days to confirm, as an erasure does: their deliveries go
   * with them, each site's erasure log says how many, and their keys' hashes keep a late retry out. Answers how many.
   */
  async expireUnconfirmed(): Promise<number> {
    // The hashing key is read before the transaction: PGlite runs one statement at a time.
    await this.hashes.ofLeadKeys([]);
    return this.db.transaction(async (tx) => {
      const gone = await tx.query<{ client_id: string; idempotency_key: string }>(
        `DELETE FROM conversions l USING popups p
         WHERE l.opt_in = 'unconfirmed' AND p.poptin_id = l.poptin_id
           AND l.created_at < now() - make_interval(days => CASE WHEN p.config -> 'visitor_email' ->> 'confirm_days' ~ '^[0-9]{1,2}$'
             THEN (p.config -> 'visitor_email' ->> 'confirm_days')::int ELSE ${DEFAULT_CONFIRM_DAYS} END)
         RETURNING l.client_id, l.idempotency_key`,
      );
      const bySite = new Map<string, string[]>();
      for (const lead of gone)
        bySite.set(lead.client_id, [...(bySite.get(lead.client_id) ?? []), lead.idempotency_key]);
      for (const [clientId, keys] of bySite) {
        const [logged] = await tx.query<{ id: unknown }>(
          `INSERT INTO erasures (client_id, erased_by, leads, views, closes, store_activity)
           VALUES ($1, 'double opt-in: not confirmed in time', $2, 0, 0, 0) RETURNING id`,
          [clientId, keys.length],
        );
        await tx.query(
          'INSERT INTO erased_lead_keys (key_hmac, erasure_id) SELECT unnest($1::text[]), $2 ON CONFLICT (key_hmac) DO NOTHING',
          [await this.hashes.ofLeadKeys(keys), logged!.id],
        );
      }
      return gone.length;
    });
  }

  /** Deletes the expired unconfirmed leads soon and every hour; answers the stop, which waits for a run under way. */
  startExpiry(onError: (error: unknown) => void): () => Promise<void> {
    return repeatEvery(EXPIRY_EVERY_MS, () => this.expireUnconfirmed(), onError, 5_000);
  }
}

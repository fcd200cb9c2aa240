// Each visitor's own coupon code, given with their lead (docs/coupons.md): from an uploaded list, made from a
// pattern, or made in the site's Shopify shop. A lead keeps the code in its fields as `coupon_code`, so that its
// detail, export, deliveries and the visitor's e-mail carry it.
import nodemailer from 'nodemailer';
import type { Database } from '../db/database.ts';
import type { ErasureHashes } from '../db/tombstones.ts';
import type { SecretBox } from '../delivery/secrets.ts';
import type { MailSettings } from '../delivery/senders.ts';
import type { ConversionInput } from '../leads/repository.ts';
import { InFlight } from '../platform/in-flight.ts';
import { codeFromPattern } from './code-pattern.ts';
import { CouponStore, type StoredSource } from './coupon-store.ts';
import { createShopifyCode, type ShopifyBase, shopifyAdminBase } from './shopify-discounts.ts';

export interface CouponOptions {
  /** SMTP for the owners' low-stock e-mail; null: none is sent. */
  mail?: MailSettings | null;
  /** Where a shop's Admin API is (tests point it at a fake). */
  shopifyBase?: ShopifyBase;
}

/** A made code that collides with one given before is made again, this many times at most. */
const GENERATION_TRIES = 5;

export class Coupons {
  readonly store: CouponStore;
  private readonly shopifyBase: ShopifyBase;
  private readonly alerting = new InFlight();

  constructor(
    db: Database,
    private readonly hashes: ErasureHashes,
    readonly box: SecretBox,
    private readonly options: CouponOptions,
    private readonly onError: (error: unknown, message: string) => void,
  ) {
    this.store = new CouponStore(db);
    this.shopifyBase = options.shopifyBase ?? shopifyAdminBase;
  }

  /**
   * The code of this lead: its source's (the won prize's, else the pop-up's), the same for every retry of the lead.
   * '' when the source cannot give one now (its list is empty, the shop did not make it): the lead is stored anyway.
   * null when the pop-up gives no codes. Spam gets none.
   */
  async codeForLead(lead: ConversionInput): Promise<string | null> {
    if (lead.spam_reason) return null;
    const won = lead.fields.is_winner === '1' || lead.fields.is_winner === 1 ? String(lead.fields.prize_id ?? '') : '';
    const source = await this.store.sourceForLead(lead.poptin_id, won || null);
    if (!source) return null;
    const [keyHmac] = await this.hashes.ofLeadKeys([lead.idempotency_key]);
    try {
      if (source.kind === 'list') {
        const code = await this.store.takeFromList(source.id, keyHmac!);
        void this.alerting.add(
          this.alertWhenLow(source).catch((error: unknown) => this.onError(error, 'Low coupon stock e-mail')),
        );
        return code ?? '';
      }
      return await this.makeCode(source, keyHmac!);
    } catch (error) {
      // A lead is never lost for its code: it is stored without one, and the visitor is told.
      this.onError(error, `No coupon code for a lead of ${lead.poptin_id}`);
      return '';
    }
  }

  private async makeCode(source: StoredSource, keyHmac: string): Promise<string> {
    for (let attempt = 0; attempt < GENERATION_TRIES; attempt++) {
      const code = codeFromPattern(source.pattern ?? 'XXXXXXXX');
      const recorded = await this.store.recordGenerated(source.id, keyHmac, code);
      if (recorded === 'taken') continue;
      if (recorded !== 'given') return recorded.code;
      if (source.kind === 'shopify') {
        try {
          if (!source.shopify || !source.sealedToken) throw new Error('the Shopify source has no shop or token');
          await createShopifyCode(this.shopifyBase, source.shopify, await this.box.open(source.sealedToken), code);
        } catch (error) {
          await this.store.forgetCode(source.id, keyHmac);
          throw error;
        }
      }
      return code;
    }
    throw new Error(`no new code from the pattern ${source.pattern} after ${GENERATION_TRIES} tries`);
  }

  /** Waits for the low-stock e-mails under way. */
  close(): Promise<void> {
    return this.alerting.settled();
  }

  private async alertWhenLow(source: StoredSource): Promise<void> {
    const mail = this.options.mail;
    if (!mail) return;
    const alert = await this.store.takeLowStockAlert(source.id);
    if (!alert || alert.owners.length === 0) return;
    const what = `${alert.popupName || alert.poptinId}${alert.prizeId ? ` (prize ${alert.prizeId})` : ''}`;
    const transport = nodemailer.createTransport(mail.smtpUrl);
    try {
      await transport.sendMail({
        from: mail.from,
        to: alert.owners,
        subject:
          alert.left === 0
            ? `Coupon codes ran out: ${what} (site ${alert.clientId})`
            : `Coupon codes running low: ${alert.left} left for ${what} (site ${alert.clientId})`,
        text: [
          alert.left === 0
            ? `The list of coupon codes of ${what} on site ${alert.clientId} has no code left.`
            : `The list of coupon codes of ${what} on site ${alert.clientId} has ${alert.left} codes left.`,
          '',
          'Leads are still stored; a visitor who gets no code is told so in the pop-up.',
          'Upload more codes in the console: Settings of the site, Coupon codes.',
        ].join('\n'),
      });
    } finally {
      transport.close();
    }
  }
}

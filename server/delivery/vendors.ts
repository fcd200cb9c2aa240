// The e-mail marketing connectors of the first release, kept as they were called; each vendor is now a module of
// adapters/ (mailchimp.ts, klaviyo.ts, hubspot.ts).
import { hubspotRequest } from './adapters/hubspot.ts';
import { KLAVIYO_REVISION, klaviyoRequest } from './adapters/klaviyo.ts';
import { mailchimpPlan } from './adapters/mailchimp.ts';
import type { LeadForDelivery } from './delivery-store.ts';
import type { OutgoingRequest } from './http-send.ts';
import { consentFieldOf, consentOf } from './payload.ts';

export { KLAVIYO_REVISION };

export type VendorKind = 'mailchimp' | 'klaviyo' | 'hubspot';
export const VENDOR_KINDS: readonly VendorKind[] = ['mailchimp', 'klaviyo', 'hubspot'];

/** Where each vendor's API is, by kind; a test or demo points them at fakes (DELIVERY_VENDOR_BASES). */
export type VendorBases = Partial<Record<string, string>>;

export interface VendorTarget {
  kind: VendorKind;
  settings: Record<string, unknown>;
  fieldMap: Record<string, string>;
  apiKey: string;
}

/** Requests to send one after the other, or why the lead is not sent at all. */
export type VendorPlan = { requests: OutgoingRequest[] } | { skip: string } | { refuse: string };

const bases = (given: VendorBases) => given as Readonly<Record<string, string>>;

export function vendorPlan(target: VendorTarget, lead: LeadForDelivery, given: VendorBases): VendorPlan {
  if (!lead.email) return { skip: 'the lead has no e-mail address' };
  if (target.kind === 'mailchimp')
    return mailchimpPlan(target.settings, target.fieldMap, target.apiKey, lead, bases(given));
  if (target.kind === 'klaviyo') {
    if (consentOf(lead, consentFieldOf(target.settings)) === false)
      return { skip: 'the visitor did not consent to marketing e-mail' };
    return {
      requests: [klaviyoRequest(given.klaviyo ?? 'https://a.klaviyo.com', target.settings, target.apiKey, [lead])],
    };
  }
  return {
    requests: [hubspotRequest(given.hubspot ?? 'https://api.hubapi.com', target.fieldMap, target.apiKey, [lead])],
  };
}

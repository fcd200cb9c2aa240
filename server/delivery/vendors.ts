// The e-mail marketing connectors: each turns a lead into the requests its vendor's documented API takes.
// Mailchimp Marketing API 3.0 (https://mailchimp.com/developer/marketing/api/list-members/), Klaviyo
// (https://developers.klaviyo.com/en/reference/bulk_subscribe_profiles), HubSpot CRM v3
// (https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/upsert-contacts).
import { createHash } from 'node:crypto';
import type { LeadForDelivery } from './delivery-store.ts';
import type { OutgoingRequest } from './http-send.ts';
import { consentFieldOf, consentOf, mappedFields, splitName } from './payload.ts';

export type VendorKind = 'mailchimp' | 'klaviyo' | 'hubspot';
export const VENDOR_KINDS: readonly VendorKind[] = ['mailchimp', 'klaviyo', 'hubspot'];

/** The Klaviyo API revision these requests are written for (its `revision` header is required). */
export const KLAVIYO_REVISION = '2026-10-15';

/** Where each vendor's API is; a test points them at fakes on 127.0.0.1. */
export type VendorBases = Partial<Record<VendorKind, string>>;

export interface VendorTarget {
  kind: VendorKind;
  settings: Record<string, unknown>;
  fieldMap: Record<string, string>;
  apiKey: string;
}

/** Requests to send one after the other, or why the lead is not sent at all. */
export type VendorPlan = { requests: OutgoingRequest[] } | { skip: string } | { refuse: string };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Mailchimp's data centre is the API key's suffix ("…-us6"). */
function mailchimpBase(apiKey: string, bases: VendorBases): string | null {
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

export function vendorPlan(target: VendorTarget, lead: LeadForDelivery, bases: VendorBases): VendorPlan {
  if (!lead.email) return { skip: 'the lead has no e-mail address' };
  const consent = consentOf(lead, consentFieldOf(target.settings));
  // A form that asked for consent and did not get it: the visitor is not added to a marketing list.
  if (consent === false && target.kind !== 'hubspot')
    return { skip: 'the visitor did not consent to marketing e-mail' };
  const mapped = mappedFields(lead, target.fieldMap);
  const { first, last } = splitName(lead.name);
  const json = (value: unknown) => JSON.stringify(value);
  switch (target.kind) {
    case 'mailchimp': {
      const base = mailchimpBase(target.apiKey, bases);
      if (!base) return { refuse: 'The Mailchimp API key has no data centre suffix (such as "-us6")' };
      const listId = encodeURIComponent(text(target.settings.listId));
      const hash = createHash('md5').update(lead.email.trim().toLowerCase()).digest('hex');
      const member = `${base}/lists/${listId}/members/${hash}`;
      const headers = { authorization: `Basic ${Buffer.from(`poptin:${target.apiKey}`).toString('base64')}` };
      const mergeFields = {
        ...(first ? { FNAME: first } : {}),
        ...(last ? { LNAME: last } : {}),
        ...(lead.phone ? { PHONE: lead.phone } : {}),
        ...mapped,
      };
      const requests: OutgoingRequest[] = [
        {
          url: member,
          method: 'PUT',
          headers,
          body: json({
            email_address: lead.email,
            // A visitor who confirmed by our double opt-in is not asked again.
            status_if_new:
              target.settings.doubleOptIn === true && !lead.consent?.confirmed_at ? 'pending' : 'subscribed',
            merge_fields: mergeFields,
            ...mailchimpConsent(lead, text(target.settings.marketingPermissionId)),
          }),
        },
      ];
      const tags = Array.isArray(target.settings.tags) ? target.settings.tags.map(text).filter(Boolean) : [];
      if (tags.length > 0)
        requests.push({
          url: `${member}/tags`,
          method: 'POST',
          headers,
          body: json({ tags: tags.map((name) => ({ name, status: 'active' })) }),
        });
      return { requests };
    }
    case 'klaviyo': {
      const base = bases.klaviyo ?? 'https://a.klaviyo.com';
      const profile = {
        type: 'profile',
        attributes: {
          email: lead.email,
          ...(lead.phone ? { phone_number: lead.phone } : {}),
          subscriptions: {
            email: {
              marketing: {
                consent: 'SUBSCRIBED',
                ...(lead.consent?.confirmed_at ? { consented_at: lead.consent.confirmed_at } : {}),
              },
            },
          },
        },
      };
      // Klaviyo takes a consent time only with historical_import, which also skips its own double opt-in: right for
      // a visitor who confirmed their address with us.
      const confirmed = Boolean(lead.consent?.confirmed_at);
      return {
        requests: [
          {
            url: `${base}/api/profile-subscription-bulk-create-jobs`,
            method: 'POST',
            headers: {
              authorization: `Klaviyo-API-Key ${target.apiKey}`,
              revision: KLAVIYO_REVISION,
              accept: 'application/vnd.api+json',
              'content-type': 'application/vnd.api+json',
            },
            body: json({
              data: {
                type: 'profile-subscription-bulk-create-job',
                attributes: {
                  custom_source: 'poptin-elements',
                  ...(confirmed ? { historical_import: true } : {}),
                  profiles: { data: [profile] },
                },
                relationships: { list: { data: { type: 'list', id: text(target.settings.listId) } } },
              },
            }),
          },
        ],
      };
    }
    case 'hubspot': {
      const base = bases.hubspot ?? 'https://api.hubapi.com';
      const properties = {
        email: lead.email,
        ...(first ? { firstname: first } : {}),
        ...(last ? { lastname: last } : {}),
        ...(lead.phone ? { phone: lead.phone } : {}),
        ...mapped,
      };
      return {
        requests: [
          {
            url: `${base}/crm/v3/objects/contacts/batch/upsert`,
            method: 'POST',
            headers: { authorization: `Bearer ${target.apiKey}` },
            body: json({ inputs: [{ id: lead.email, idProperty: 'email', properties }] }),
          },
        ],
      };
    }
  }
}

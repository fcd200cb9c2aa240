// Every kind of destination this server sends to: adding a vendor is a module beside this one, its fake in
// ../test-support/fakes/, and a line here (docs/vendors.md, "Adding a vendor").
import type { DESTINATION_KINDS } from '../../../src/core/api/delivery-contract.ts';
import { activecampaign } from './activecampaign.ts';
import type { DestinationAdapter } from './adapter.ts';
import { aweber } from './aweber.ts';
import { brevo } from './brevo.ts';
import { constantcontact } from './constantcontact.ts';
import { email } from './email.ts';
import { getresponse } from './getresponse.ts';
import { googleSheets } from './google-sheets.ts';
import { hubspot } from './hubspot.ts';
import { kit } from './kit.ts';
import { klaviyo } from './klaviyo.ts';
import { mailchimp } from './mailchimp.ts';
import { mailerlite } from './mailerlite.ts';
import { omnisend } from './omnisend.ts';
import { resthook } from './resthook.ts';
import { slack } from './slack.ts';
import { webhook } from './webhook.ts';

export const ADAPTERS: Readonly<Record<(typeof DESTINATION_KINDS)[number], DestinationAdapter>> = {
  webhook,
  email,
  mailchimp,
  klaviyo,
  hubspot,
  brevo,
  mailerlite,
  activecampaign,
  kit,
  omnisend,
  getresponse,
  constantcontact,
  aweber,
  slack,
  googlesheets: googleSheets,
  resthook,
};

export const adapterOf = (kind: string): DestinationAdapter | undefined =>
  Object.hasOwn(ADAPTERS, kind) ? ADAPTERS[kind as (typeof DESTINATION_KINDS)[number]] : undefined;

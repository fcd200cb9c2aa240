// Every vendor fake, started together on one server (fake.ts): a test or demo points DELIVERY_VENDOR_BASES at them.
import { activecampaignFake } from './activecampaign.ts';
import { aweberFake } from './aweber.ts';
import { brevoFake } from './brevo.ts';
import { constantcontactFake } from './constantcontact.ts';
import { type FakeServer, startFakeServer } from './fake.ts';
import { getresponseFake } from './getresponse.ts';
import { googleSheetsFake } from './google-sheets.ts';
import { kitFake } from './kit.ts';
import { mailerliteFake } from './mailerlite.ts';
import { omnisendFake } from './omnisend.ts';
import { slackFake } from './slack.ts';

export function vendorFakes() {
  return {
    brevo: brevoFake(),
    mailerlite: mailerliteFake(),
    activecampaign: activecampaignFake(),
    kit: kitFake(),
    omnisend: omnisendFake(),
    getresponse: getresponseFake(),
    constantcontact: constantcontactFake(),
    aweber: aweberFake(),
    slack: slackFake(),
    googlesheets: googleSheetsFake(),
  };
}

export type VendorFakes = ReturnType<typeof vendorFakes>;

export async function startVendorFakes(): Promise<{ fakes: VendorFakes; server: FakeServer }> {
  const fakes = vendorFakes();
  return { fakes, server: await startFakeServer(Object.values(fakes)) };
}

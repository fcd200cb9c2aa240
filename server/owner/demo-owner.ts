import type { Accounts } from './accounts.ts';
import { randomPassword } from './passwords.ts';
import type { Sites } from './sites.ts';

export const DEMO_OWNER_EMAIL = 'owner@example.com';

/**
 * On a database without owners, the demo owner: an admin granted every site there is, with `password` or a
 * random one. Answers the password when it created the owner, null when owners existed (nothing changes then).
 */
export async function ensureDemoOwner(accounts: Accounts, sites: Sites, password?: string): Promise<string | null> {
  if ((await accounts.countOwners()) > 0) return null;
  const chosen = password || randomPassword();
  const owner = await accounts.createOwner({
    email: DEMO_OWNER_EMAIL,
    name: 'Demo owner',
    password: chosen,
    isAdmin: true,
  });
  // Another process starting on the same PostgreSQL may have created it a moment earlier.
  if (!owner) return null;
  for (const site of await sites.all()) await accounts.grantSite(owner.id, site.clientId);
  return chosen;
}

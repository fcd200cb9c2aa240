// What the fake platform knows before any test runs. Shared by the server and the test cases (Node and browser).

export const CLIENT_ID = 'client-1';
export const VERIFICATION_CODE = '123456';
export const VALID_CAPTCHA = 'captcha-ok';
export const RECOVERY_TOKEN = 'recovery-token-1';

export const MEMBERS = {
  active: { email: 'ada@example.com', password: 'correct horse', id: 'member-ada' },
  awaitingApproval: { email: 'pending@example.com', password: 'pending pw', id: 'member-pending' },
  unverified: { email: 'unverified@example.com', password: 'unverified pw', id: 'member-unverified' },
  mustReset: { email: 'reset@example.com', password: 'reset pw', id: 'member-reset' },
  statusCheck: { email: 'check@example.com', password: 'check pw', id: 'member-check' },
} as const;

export const API_KEY = { key: 'api-key-1', siteId: 'site-1', accountId: 'account-1' } as const;

export const APP = {
  appId: 'app-1',
  appSecret: 'app-secret-1',
  instanceId: 'instance-1',
  installCode: 'install-code-1',
} as const;

export const ACCESS_TOKEN_SECONDS = 14_400;

/** The store app whose products cart lines refer to. */
export const WIX_STORES_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

/** The products the fake store sells, by catalog item id. */
export const WIX_PRODUCTS: Readonly<Record<string, { name: string; price: number }>> = {
  'k3-umum': { name: 'Ahli K3 Umum', price: 120 },
  'k3-madya': { name: 'Ahli K3 Madya', price: 240 },
  'helmet-01': { name: 'Safety helmet', price: 35.5 },
};

/** The identity the platform returns for the active member: custom fields, tagged addresses, privacy. */
export function activeMemberIdentity() {
  return {
    id: MEMBERS.active.id,
    revision: '3',
    email: { address: MEMBERS.active.email, isVerified: true },
    status: { name: 'ACTIVE', reasons: [] },
    identityProfile: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      privacyStatus: 'PRIVATE',
      customFields: [
        { name: 'custom.level', value: { numValue: '3' } },
        { name: 'custom.certifiedSince', value: { dateValue: '2024-01-02T00:00:00.000Z' } },
        { name: 'custom.city', value: { strValue: 'Jakarta' } },
      ],
      addresses: [
        { tag: 'HOME', address: { city: 'Jakarta', country: 'ID', addressLine: 'Jl. Sudirman 1' } },
        { tag: 'WORK', address: { city: 'Bandung', country: 'ID' } },
      ],
    },
    factors: [
      { factorId: 'factor-1', type: 'PASSWORD', status: 'ENABLED' },
      { factorId: 'factor-2', type: 'EMAIL', status: 'REQUIRE_ACTIVATION' },
      { factorId: 'factor-3', type: 'CARRIER_PIGEON', status: 'ENABLED' },
    ],
  };
}

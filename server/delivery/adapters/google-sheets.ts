// Google Sheets: a row per lead, appended with a service account's access token.
// https://developers.google.com/identity/protocols/oauth2/service-account#httprest (a JWT signed RS256 with the
// account's key, exchanged at https://oauth2.googleapis.com/token)
// https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/append
// https://developers.google.com/sheets/api/limits (429 RESOURCE_EXHAUSTED: back off and retry)
import { createSign } from 'node:crypto';
import { consentFieldOf, consentOf, leadValues } from '../payload.ts';
import { type DestinationAdapter, hostOf, policyFor, sendInTurn, text } from './adapter.ts';
import { accessToken, readCredentials, withAccessToken } from './oauth.ts';

/** The token audience Google checks; a service account's own `token_uri` is not followed (it is the owner's text). */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

interface ServiceAccount {
  client_email: string;
  private_key: string;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** The JWT a service account asserts (RFC 7523), valid for an hour. */
export function serviceAccountJwt(account: ServiceAccount, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(
    JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: GOOGLE_TOKEN_URL, iat, exp: iat + 3600 }),
  )}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key);
  return `${unsigned}.${base64url(signature)}`;
}

/** The row's first columns; the destination's field mapping adds its fields after them, in its order. */
export const SHEET_COLUMNS = ['created_at', 'id', 'email', 'name', 'phone', 'url', 'consent'] as const;

export const googleSheets: DestinationAdapter = {
  kind: 'googlesheets',
  name: 'Google Sheets',
  purpose: 'Appends a row per lead to a spreadsheet shared with a service account',
  docs: [
    'https://developers.google.com/identity/protocols/oauth2/service-account#httprest',
    'https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/append',
  ],
  hosts: { sheets: 'https://sheets.googleapis.com', auth: 'https://oauth2.googleapis.com' },
  settings: [
    {
      name: 'spreadsheetId',
      type: 'string',
      required: true,
      max: 200,
      pattern: /^[A-Za-z0-9_-]+$/,
      hint: 'must be the id in the spreadsheet’s address (…/d/{id}/edit)',
    },
    { name: 'sheet', type: 'string', max: 100 },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  // The service account's JSON key file, as Google gives it (only these two of its fields are used).
  secret: {
    type: 'credentials',
    fields: [
      { name: 'client_email', required: true, max: 300 },
      { name: 'private_key', required: true, max: 4000 },
    ],
  },
  async send(call) {
    const { destination, leads, env } = call;
    const account = readCredentials<ServiceAccount>(call.secret, ['client_email', 'private_key']);
    if (!account) return { kind: 'refused', error: 'The Google Sheets destination has no service account key' };
    let assertion: string;
    try {
      assertion = serviceAccountJwt(account);
    } catch (error) {
      return { kind: 'refused', error: `The service account's private key is unreadable: ${(error as Error).message}` };
    }
    const policy = policyFor(googleSheets, env);
    const rows = leads.map((lead) => {
      const values = leadValues(lead);
      const consent = consentOf(lead, consentFieldOf(destination.settings));
      return [
        lead.createdAt,
        lead.id,
        lead.email ?? '',
        lead.name ?? '',
        lead.phone ?? '',
        lead.url ?? '',
        consent === null ? '' : consent ? 'yes' : 'no',
        ...Object.keys(destination.fieldMap).map((ours) => {
          const value = values[ours];
          return value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : value;
        }),
      ];
    });
    const sheet = text(destination.settings.sheet) || 'Sheet1';
    const range = encodeURIComponent(`'${sheet.replace(/'/g, "''")}'!A1`);
    const url = `${hostOf(googleSheets, 'sheets', env)}/v4/spreadsheets/${encodeURIComponent(text(destination.settings.spreadsheetId))}/values/${range}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`;
    return withAccessToken(
      (fresh) =>
        accessToken(
          call,
          'Google',
          policy,
          () => ({
            url: `${hostOf(googleSheets, 'auth', env)}/token`,
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: new URLSearchParams({
              grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
              assertion,
            }).toString(),
          }),
          fresh,
        ),
      (token) =>
        sendInTurn(
          [
            {
              url,
              method: 'POST',
              headers: { authorization: `Bearer ${token}` },
              body: JSON.stringify({ values: rows }),
            },
          ],
          policy,
          env,
        ),
    );
  },
};

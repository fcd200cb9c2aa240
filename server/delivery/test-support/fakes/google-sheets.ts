// Google's token endpoint and Sheets API, as documented:
// https://developers.google.com/identity/protocols/oauth2/service-account#httprest (POST /token with
// grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer and an RS256 JWT whose iss is the service account, aud the
// token URL, scope the Sheets scope; 400 invalid_grant otherwise),
// https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/append (POST
// /v4/spreadsheets/{id}/values/{range}:append?valueInputOption=…; errors {error: {code, message, status}}; 403
// PERMISSION_DENIED when the sheet is not shared with the account) and https://developers.google.com/sheets/api/limits
// (429 RESOURCE_EXHAUSTED).
import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { bearer, type FakeAnswer, type FakeRequest, formOf, type VendorFake } from './fake.ts';

export interface GoogleSheetsFake extends VendorFake {
  /** The service account's key file, as Google gives it. */
  serviceAccount: { type: 'service_account'; client_email: string; private_key: string; token_uri: string };
  /** The spreadsheet shared with the account. */
  spreadsheetId: string;
  /** Rows by sheet name. */
  sheets: Map<string, unknown[][]>;
  accessTokens: Set<string>;
}

const googleError = (code: number, status: string, message: string): FakeAnswer => ({
  status: code,
  body: { error: { code, message, status } },
});

export function googleSheetsFake(): GoogleSheetsFake {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const client_email = 'leads@poptin-fake.iam.gserviceaccount.com';
  const sheets: GoogleSheetsFake['sheets'] = new Map();
  const accessTokens = new Set<string>();
  const fake: GoogleSheetsFake = {
    kind: 'googlesheets',
    serviceAccount: {
      type: 'service_account',
      client_email,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: 'https://oauth2.googleapis.com/token',
    },
    spreadsheetId: '1FakeSpreadsheetId_0123456789',
    sheets,
    accessTokens,
    rateLimited: () =>
      googleError(
        429,
        'RESOURCE_EXHAUSTED',
        "Quota exceeded for quota metric 'Write requests' of service 'sheets.googleapis.com'",
      ),
    handle(request: FakeRequest): FakeAnswer {
      if (request.method === 'POST' && request.path === '/token') {
        const form = formOf(request);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
          return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' } };
        const [header = '', claims = '', signature = ''] = (form.get('assertion') ?? '').split('.');
        const signed = createVerify('RSA-SHA256')
          .update(`${header}.${claims}`)
          .verify(publicKey, Buffer.from(signature, 'base64url'));
        let parsed: { iss?: string; aud?: string; scope?: string; exp?: number; iat?: number } = {};
        try {
          parsed = JSON.parse(Buffer.from(claims, 'base64url').toString());
        } catch {
          /* refused below */
        }
        const now = Date.now() / 1000;
        if (
          !signed ||
          JSON.parse(Buffer.from(header, 'base64url').toString() || '{}').alg !== 'RS256' ||
          parsed.iss !== client_email ||
          parsed.aud !== 'https://oauth2.googleapis.com/token' ||
          !String(parsed.scope).split(' ').includes('https://www.googleapis.com/auth/spreadsheets') ||
          !(Number(parsed.exp) > now && Number(parsed.exp) - Number(parsed.iat) <= 3600)
        )
          return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
        const token = `ya29.${randomBytes(12).toString('hex')}`;
        accessTokens.add(token);
        return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
      }
      if (!accessTokens.has(bearer(request) ?? ''))
        return googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      const append = /^\/v4\/spreadsheets\/([^/]+)\/values\/([^/]+):append$/.exec(request.path);
      if (request.method !== 'POST' || !append) return googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
      if (decodeURIComponent(append[1]!) !== fake.spreadsheetId)
        return googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission');
      if (!['RAW', 'USER_ENTERED'].includes(request.query.get('valueInputOption') ?? ''))
        return googleError(400, 'INVALID_ARGUMENT', "Invalid valueInputOption: ''");
      const values = request.json?.values;
      if (!Array.isArray(values) || !values.every(Array.isArray))
        return googleError(400, 'INVALID_ARGUMENT', 'Invalid values: must be a list of rows');
      const range = decodeURIComponent(append[2]!);
      const sheet = /^'?(.*?)'?!/.exec(range)?.[1]?.replace(/''/g, "'") ?? range;
      const rows = sheets.get(sheet) ?? [];
      rows.push(...(values as unknown[][]));
      sheets.set(sheet, rows);
      return {
        status: 200,
        body: {
          spreadsheetId: fake.spreadsheetId,
          tableRange: `${sheet}!A1:G${rows.length - values.length}`,
          updates: {
            spreadsheetId: fake.spreadsheetId,
            updatedRange: `${sheet}!A${rows.length}`,
            updatedRows: values.length,
          },
        },
      };
    },
  };
  return fake;
}

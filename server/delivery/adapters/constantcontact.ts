// Constant Contact API v3: create or update a contact as a sign-up form does, on OAuth2 with refresh tokens.
// https://developer.constantcontact.com/api_reference/index.html#!/Contacts/createOrUpdateContact
// https://developer.constantcontact.com/api_guide/server_flow.html#refresh (POST …/v1/token?refresh_token=…&grant_type=refresh_token, HTTP Basic client id:secret)
// https://developer.constantcontact.com/api_guide/rate_limits.html (429)
import { consentFieldOf, consentOf, splitName } from '../payload.ts';
import { type DestinationAdapter, hostOf, marketingSkip, policyFor, sendInTurn, strings } from './adapter.ts';
import {
  accessToken,
  OAUTH2_SECRET,
  type OAuthCredentials,
  readCredentials,
  refreshGrant,
  withAccessToken,
} from './oauth.ts';

export const constantcontact: DestinationAdapter = {
  kind: 'constantcontact',
  name: 'Constant Contact',
  purpose: 'Adds each lead to Constant Contact lists as a sign-up form would',
  docs: [
    'https://developer.constantcontact.com/api_reference/index.html#!/Contacts/createOrUpdateContact',
    'https://developer.constantcontact.com/api_guide/server_flow.html',
  ],
  hosts: { api: 'https://api.cc.email', auth: 'https://authz.constantcontact.com' },
  settings: [
    { name: 'listIds', type: 'strings', required: true, max: 50 },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: OAUTH2_SECRET,
  async send(call) {
    const { destination, leads, env } = call;
    const credentials = readCredentials<OAuthCredentials>(call.secret, ['clientId', 'refreshToken']);
    if (!credentials) return { kind: 'refused', error: 'The Constant Contact destination has no OAuth2 credentials' };
    const lead = leads[0]!;
    const skip = marketingSkip(lead, consentOf(lead, consentFieldOf(destination.settings)));
    if (skip) return skip;
    const policy = policyFor(constantcontact, env);
    const { first, last } = splitName(lead.name);
    const body = JSON.stringify({
      email_address: lead.email,
      ...(first ? { first_name: first } : {}),
      ...(last ? { last_name: last } : {}),
      ...(lead.phone ? { phone_number: lead.phone } : {}),
      list_memberships: strings(destination.settings.listIds),
    });
    return withAccessToken(
      (fresh) =>
        accessToken(
          call,
          'Constant Contact',
          policy,
          () => refreshGrant(`${hostOf(constantcontact, 'auth', env)}/oauth2/default/v1/token`, credentials, 'query'),
          fresh,
          async (refreshToken) => {
            if (refreshToken === credentials.refreshToken) return;
            credentials.refreshToken = refreshToken;
            await call.saveSecret(JSON.stringify(credentials));
          },
        ),
      (token) =>
        sendInTurn(
          [
            {
              url: `${hostOf(constantcontact, 'api', env)}/v3/contacts/sign_up_form`,
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
              body,
            },
          ],
          policy,
          env,
        ),
    );
  },
};

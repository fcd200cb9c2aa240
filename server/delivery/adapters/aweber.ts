// AWeber API 1.0: add a subscriber to a list (updating one already there), on OAuth2 with refresh tokens.
// https://api.aweber.com/#tag/Subscribers/paths/~1accounts~1{accountId}~1lists~1{listId}~1subscribers/post
// https://api.aweber.com/#tag/OAuth-2.0 (POST https://auth.aweber.com/oauth2/token, grant_type=refresh_token)
// https://api.aweber.com/#tag/Troubleshooting (a rate limit is answered 403 with "rate limit" in its message)

import type { Attempt } from '../outcome.ts';
import { consentFieldOf, consentOf, mappedFields } from '../payload.ts';
import { type DestinationAdapter, hostOf, marketingSkip, policyFor, sendInTurn, strings, text } from './adapter.ts';
import {
  accessToken,
  OAUTH2_SECRET,
  type OAuthCredentials,
  readCredentials,
  refreshGrant,
  withAccessToken,
} from './oauth.ts';

const judge = (attempt: Attempt): Attempt =>
  attempt.kind === 'answered' && attempt.statusCode === 403 && /rate ?limit/i.test(attempt.body)
    ? { ...attempt, verdict: 'retry', retryAfterMs: attempt.retryAfterMs ?? 60_000 }
    : attempt;

export const aweber: DestinationAdapter = {
  kind: 'aweber',
  name: 'AWeber',
  purpose: 'Adds each lead to an AWeber list as a subscriber, with tags',
  docs: [
    'https://api.aweber.com/#tag/Subscribers/paths/~1accounts~1{accountId}~1lists~1{listId}~1subscribers/post',
    'https://api.aweber.com/#tag/OAuth-2.0',
  ],
  hosts: { api: 'https://api.aweber.com', auth: 'https://auth.aweber.com' },
  settings: [
    {
      name: 'accountId',
      type: 'string',
      required: true,
      max: 20,
      pattern: /^\d+$/,
      hint: 'must be an account id (digits)',
    },
    { name: 'listId', type: 'string', required: true, max: 20, pattern: /^\d+$/, hint: 'must be a list id (digits)' },
    { name: 'tags', type: 'strings', max: 20 },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: OAUTH2_SECRET,
  async send(call) {
    const { destination, leads, env } = call;
    const credentials = readCredentials<OAuthCredentials>(call.secret, ['clientId', 'refreshToken']);
    if (!credentials) return { kind: 'refused', error: 'The AWeber destination has no OAuth2 credentials' };
    const lead = leads[0]!;
    const skip = marketingSkip(lead, consentOf(lead, consentFieldOf(destination.settings)));
    if (skip) return skip;
    const policy = policyFor(aweber, env);
    const account = encodeURIComponent(text(destination.settings.accountId));
    const list = encodeURIComponent(text(destination.settings.listId));
    const body = JSON.stringify({
      email: lead.email,
      ...(lead.name ? { name: lead.name } : {}),
      tags: strings(destination.settings.tags),
      custom_fields: mappedFields(lead, destination.fieldMap),
      // A subscriber already on the list is updated, not refused: a retried try changes nothing.
      update_existing: 'true',
    });
    return withAccessToken(
      (fresh) =>
        accessToken(
          call,
          'AWeber',
          policy,
          () => refreshGrant(`${hostOf(aweber, 'auth', env)}/oauth2/token`, credentials),
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
              url: `${hostOf(aweber, 'api', env)}/1.0/accounts/${account}/lists/${list}/subscribers`,
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
              body,
            },
          ],
          policy,
          env,
          judge,
        ),
    );
  },
};

// GetResponse API v3, as documented: https://apireference.getresponse.com/#operation/createContact (X-Auth-Token:
// api-key …; 202 Accepted, empty), https://apidocs.getresponse.com/v3/errors ({httpStatus, code, codeDescription,
// message, moreInfo, context, uuid}; 409 code 1008 when the contact is already in the campaign),
// https://apidocs.getresponse.com/v3/limits (429 with X-RateLimit-Reset "N seconds").
import { type FakeAnswer, type FakeRequest, isEmail, type VendorFake } from './fake.ts';

export const GETRESPONSE_KEY = 'fakegetresponsekey0123';

export interface GetResponseFake extends VendorFake {
  /** Contacts by campaign and e-mail. */
  contacts: Map<
    string,
    { email: string; name?: string; campaignId: string; tags: string[]; customFieldValues: unknown[] }
  >;
}

const error = (httpStatus: number, code: number, codeDescription: string, message: string): FakeAnswer => ({
  status: httpStatus,
  body: {
    httpStatus,
    code,
    codeDescription,
    message,
    moreInfo: `https://apidocs.getresponse.com/v3/errors/${code}`,
    context: [],
    uuid: 'fake',
  },
});

export function getresponseFake(): GetResponseFake {
  const contacts: GetResponseFake['contacts'] = new Map();
  return {
    kind: 'getresponse',
    contacts,
    rateLimited: () => ({
      ...error(429, 1017, 'Throttling limit exceeded', 'Too many requests'),
      headers: { 'x-ratelimit-limit': '30000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1 seconds' },
    }),
    handle(request: FakeRequest): FakeAnswer {
      if (request.headers['x-auth-token'] !== `api-key ${GETRESPONSE_KEY}`)
        return error(
          401,
          1014,
          'Problem during authentication process, check headers!',
          'Unable to authenticate request',
        );
      if (request.method !== 'POST' || request.path !== '/v3/contacts')
        return error(404, 1013, 'Resource not found', 'Not found');
      const body = request.json ?? {};
      const campaignId = (body.campaign as { campaignId?: string } | undefined)?.campaignId;
      if (!isEmail(body.email)) return error(400, 1000, 'General error of validation process', 'email is not valid');
      if (!campaignId)
        return error(400, 1000, 'General error of validation process', 'campaign.campaignId is required');
      const key = `${campaignId}/${String(body.email).toLowerCase()}`;
      if (contacts.has(key)) return error(409, 1008, 'Contact already added', 'Contact already added to campaign');
      contacts.set(key, {
        email: String(body.email),
        ...(body.name ? { name: String(body.name) } : {}),
        campaignId,
        tags: ((body.tags as { tagId: string }[]) ?? []).map((tag) => tag.tagId),
        customFieldValues: (body.customFieldValues as unknown[]) ?? [],
      });
      return { status: 202 };
    },
  };
}

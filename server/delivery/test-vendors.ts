// Fakes of Mailchimp, Klaviyo and HubSpot for tests: one real HTTP server on 127.0.0.1 that speaks the part of
// each vendor's documented API the connectors use (paths, auth headers, bodies, error shapes, 429 with
// Retry-After, batch calls and their per-item errors) and keeps what it holds, keyed as each vendor keys it, so that
// duplicates can be counted. Each vendor refuses an address at REJECTED_DOMAIN as it refuses one it finds invalid.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_KEYS = {
  mailchimp: 'fake0123456789abcdef-us6',
  klaviyo: 'pk_fake_klaviyo',
  hubspot: 'pat-na1-fake',
} as const;

/** Addresses at this domain are refused, as each vendor refuses an address it takes for invalid or fake. */
export const REJECTED_DOMAIN = '@rejected.example';
const rejected = (email: unknown) => String(email).toLowerCase().endsWith(REJECTED_DOMAIN);

export type Failure = { status: number; headers?: Record<string, string> } | { reset: true } | { stallMs: number };

export interface FakeVendors {
  bases: { mailchimp: string; klaviyo: string; hubspot: string };
  /** Mailchimp members by list and subscriber hash. */
  mailchimp: Map<
    string,
    { email_address: string; status: string; merge_fields: Record<string, unknown>; tags: string[] }
  >;
  /** Klaviyo subscriptions by list and e-mail, with how many jobs carried each. */
  klaviyo: Map<string, { email: string; consent: string; jobs: number }>;
  /** HubSpot contacts by e-mail, with how many upserts each had. */
  hubspot: Map<string, { properties: Record<string, unknown>; upserts: number }>;
  /** Every request, for the tests that look at headers. */
  requests: { vendor: string; method: string; path: string; headers: IncomingMessage['headers']; body: string }[];
  /** Webhook deliveries received, by webhook-id (a batch item's own), with how many times each was applied. */
  webhook: Map<string, { email: string; times: number }>;
  /**
   * A failure instead of the answer, when it returns one: a status (nothing applied), a reset connection (nothing
   * applied), or a stall (applied, answered only after `stallMs`, by when the sender may have given up).
   */
  fail: (vendor: string, index: number) => Failure | null;
  close(): Promise<void>;
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  type = 'application/json',
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': type, ...headers });
  response.end(body === undefined ? '' : JSON.stringify(body));
}

const mailchimpError = (response: ServerResponse, status: number, title: string, detail: string) =>
  send(
    response,
    status,
    { type: 'https://mailchimp.com/developer/marketing/docs/errors/', title, status, detail, instance: 'fake' },
    'application/problem+json',
  );
const klaviyoError = (response: ServerResponse, status: number, code: string, detail: string) =>
  send(
    response,
    status,
    { errors: [{ id: 'fake', status, code, title: code, detail, source: { pointer: '/data/' } }] },
    'application/vnd.api+json',
  );
const hubspotError = (response: ServerResponse, status: number, category: string, message: string) =>
  send(response, status, { status: 'error', message, correlationId: 'fake', category });

export async function startFakeVendors(): Promise<FakeVendors> {
  const fakes = {
    mailchimp: new Map(),
    klaviyo: new Map(),
    hubspot: new Map(),
    webhook: new Map(),
    requests: [],
    fail: () => null,
  } as unknown as FakeVendors;
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const vendor = path.split('/')[1] ?? '';
      const index = fakes.requests.filter((entry) => entry.vendor === vendor).length;
      fakes.requests.push({ vendor, method: request.method ?? '', path, headers: request.headers, body });
      const failure = fakes.fail(vendor, index);
      if (failure && 'reset' in failure) return void request.socket.destroy();
      if (failure && 'status' in failure)
        return send(
          response,
          failure.status,
          { status: failure.status, title: 'fake failure' },
          'application/json',
          failure.headers,
        );
      if (failure && 'stallMs' in failure) {
        const held = response;
        const writeHead = held.writeHead.bind(held);
        const end = held.end.bind(held);
        // The effect is applied now; the answer comes late (or to a sender that has gone).
        held.writeHead = ((...args: Parameters<typeof writeHead>) => {
          setTimeout(() => writeHead(...args), failure.stallMs).unref();
          return held;
        }) as typeof held.writeHead;
        held.end = ((...args: unknown[]) => {
          setTimeout(() => (end as (...rest: unknown[]) => void)(...args), failure.stallMs + 1).unref();
          return held;
        }) as typeof held.end;
      }
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(body);
      } catch {
        return send(response, 400, { message: 'body is not JSON' });
      }
      const route = path.slice(vendor.length + 1);
      if (vendor === 'mailchimp') return mailchimp(request, response, route, json);
      if (vendor === 'klaviyo') return klaviyo(request, response, route, json);
      if (vendor === 'hubspot') return hubspot(request, response, route, json);
      if (vendor === 'webhook') {
        const items = Array.isArray(json.leads)
          ? (json.leads as { webhook_id: string; lead: { email: string } }[])
          : [{ webhook_id: String(request.headers['webhook-id']), lead: json.lead as { email: string } }];
        for (const item of items) {
          const entry = fakes.webhook.get(item.webhook_id);
          fakes.webhook.set(item.webhook_id, { email: String(item.lead.email), times: (entry?.times ?? 0) + 1 });
        }
        return send(response, 200, { received: items.length });
      }
      send(response, 404, { message: 'no such vendor' });
    });
  });

  // https://mailchimp.com/developer/marketing/api/list-members/add-or-update-list-member/ and …/list-member-tags/
  function mailchimp(request: IncomingMessage, response: ServerResponse, route: string, json: Record<string, unknown>) {
    const [user, key] = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    if (!user || key !== FAKE_KEYS.mailchimp)
      return mailchimpError(
        response,
        401,
        'API Key Invalid',
        "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
      );
    const batch = /^\/3\.0\/lists\/([^/]+)$/.exec(route);
    if (batch && request.method === 'POST') return mailchimpBatch(response, batch[1]!, json);
    const member = /^\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})(\/tags)?$/.exec(route);
    if (!member)
      return mailchimpError(response, 404, 'Resource Not Found', 'The requested resource could not be found.');
    const [, list, hash, tags] = member;
    const id = `${list}/${hash}`;
    if (tags) {
      const existing = fakes.mailchimp.get(id);
      if (request.method !== 'POST' || !existing)
        return mailchimpError(response, 404, 'Resource Not Found', 'The requested resource could not be found.');
      for (const tag of json.tags as { name: string; status: string }[])
        if (tag.status === 'active' && !existing.tags.includes(tag.name)) existing.tags.push(tag.name);
      response.writeHead(204).end();
      return;
    }
    const email = String(json.email_address ?? '');
    if (request.method !== 'PUT' || createHash('md5').update(email.toLowerCase()).digest('hex') !== hash) {
      return mailchimpError(
        response,
        400,
        'Invalid Resource',
        'The subscriber hash does not match the e-mail address.',
      );
    }
    if (!['subscribed', 'pending'].includes(String(json.status_if_new)))
      return mailchimpError(response, 400, 'Invalid Resource', 'status_if_new is invalid.');
    const existing = fakes.mailchimp.get(id);
    const merged = {
      email_address: email,
      status: existing?.status ?? String(json.status_if_new),
      merge_fields: { ...existing?.merge_fields, ...(json.merge_fields as object) },
      tags: existing?.tags ?? [],
    };
    fakes.mailchimp.set(id, merged);
    send(response, 200, { id: hash, ...merged, list_id: list });
  }

  // https://mailchimp.com/developer/marketing/api/lists/batch-subscribe-or-unsubscribe/: up to 500 members; each one
  // refused is listed in errors (an existing member, without update_existing, as ERROR_CONTACT_EXISTS), the rest kept.
  function mailchimpBatch(response: ServerResponse, list: string, json: Record<string, unknown>) {
    const members = json.members as
      | { email_address: string; status: string; merge_fields?: Record<string, unknown>; tags?: string[] }[]
      | undefined;
    if (!Array.isArray(members) || members.length > 500)
      return mailchimpError(response, 400, 'Invalid Resource', 'members must be an array of at most 500 items.');
    const created: unknown[] = [];
    const updated: unknown[] = [];
    const errors: { email_address: string; error: string; error_code: string }[] = [];
    for (const member of members) {
      const email = String(member.email_address ?? '');
      const id = `${list}/${createHash('md5').update(email.toLowerCase()).digest('hex')}`;
      const existing = fakes.mailchimp.get(id);
      if (rejected(email) || !['subscribed', 'pending'].includes(member.status))
        errors.push({
          email_address: email,
          error: `${email} looks fake or invalid, please enter a real email address.`,
          error_code: 'ERROR_GENERIC',
        });
      else if (existing && json.update_existing !== true)
        errors.push({
          email_address: email,
          error: `${email} is already a list member, do you want to update? please provide update_existing:true in the request body`,
          error_code: 'ERROR_CONTACT_EXISTS',
        });
      else {
        const kept = {
          email_address: email,
          status: member.status,
          merge_fields: { ...existing?.merge_fields, ...member.merge_fields },
          tags: [...new Set([...(existing?.tags ?? []), ...(member.tags ?? [])])],
        };
        fakes.mailchimp.set(id, kept);
        (existing ? updated : created).push(kept);
      }
    }
    send(response, 200, {
      new_members: created,
      updated_members: updated,
      errors,
      total_created: created.length,
      total_updated: updated.length,
      error_count: errors.length,
    });
  }

  // https://developers.klaviyo.com/en/reference/bulk_subscribe_profiles
  function klaviyo(request: IncomingMessage, response: ServerResponse, route: string, json: Record<string, unknown>) {
    if (request.headers.authorization !== `Klaviyo-API-Key ${FAKE_KEYS.klaviyo}`)
      return klaviyoError(response, 401, 'not_authenticated', 'Incorrect authentication credentials.');
    if (!request.headers.revision) return klaviyoError(response, 400, 'invalid', 'The revision header is required.');
    if (request.method !== 'POST' || route !== '/api/profile-subscription-bulk-create-jobs')
      return klaviyoError(response, 404, 'not_found', 'Not found.');
    const data = json.data as {
      type: string;
      attributes: {
        historical_import?: boolean;
        profiles: {
          data: {
            attributes: {
              email: string;
              subscriptions: { email: { marketing: { consent: string; consented_at?: string } } };
            };
          }[];
        };
      };
      relationships: { list: { data: { id: string } } };
    };
    if (data?.type !== 'profile-subscription-bulk-create-job' || !data.relationships?.list?.data?.id)
      return klaviyoError(response, 400, 'invalid', 'Invalid input.');
    // A job is taken whole or refused whole: at most 1,000 profiles, every address valid.
    const profiles = data.attributes.profiles.data;
    if (profiles.length > 1000) return klaviyoError(response, 400, 'invalid', 'A job takes at most 1000 profiles.');
    const bad = profiles.findIndex((profile) => rejected(profile.attributes.email));
    if (bad >= 0)
      return send(
        response,
        400,
        {
          errors: [
            {
              id: 'fake',
              status: 400,
              code: 'invalid',
              title: 'Invalid input.',
              detail: 'Invalid email address',
              source: { pointer: `/data/attributes/profiles/data/${bad}/attributes/email` },
            },
          ],
        },
        'application/vnd.api+json',
      );
    // The documented rule: a consent time is for historical imports only.
    if (
      !data.attributes.historical_import &&
      data.attributes.profiles.data.some((profile) => profile.attributes.subscriptions.email.marketing.consented_at)
    )
      return klaviyoError(response, 400, 'invalid', 'consented_at requires historical_import.');
    for (const profile of data.attributes.profiles.data) {
      const id = `${data.relationships.list.data.id}/${profile.attributes.email.toLowerCase()}`;
      const existing = fakes.klaviyo.get(id);
      fakes.klaviyo.set(id, {
        email: profile.attributes.email,
        consent: profile.attributes.subscriptions.email.marketing.consent,
        jobs: (existing?.jobs ?? 0) + 1,
      });
    }
    response.writeHead(202).end();
  }

  // https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/upsert-contacts
  function hubspot(request: IncomingMessage, response: ServerResponse, route: string, json: Record<string, unknown>) {
    if (request.headers.authorization !== `Bearer ${FAKE_KEYS.hubspot}`)
      return hubspotError(response, 401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found.');
    if (request.method !== 'POST' || route !== '/crm/v3/objects/contacts/batch/upsert')
      return hubspotError(response, 404, 'OBJECT_NOT_FOUND', 'Not found.');
    const inputs = json.inputs as { id: string; idProperty: string; properties: Record<string, unknown> }[];
    if (
      !Array.isArray(inputs) ||
      inputs.length > 100 ||
      inputs.some((input) => input.idProperty !== 'email' || input.properties.email !== input.id) ||
      new Set(inputs.map((input) => input.id.toLowerCase())).size < inputs.length
    ) {
      return hubspotError(response, 400, 'VALIDATION_ERROR', 'Invalid input JSON (at most 100 inputs, ids unique).');
    }
    // An input HubSpot refuses is listed under errors with its id, and the call answers 207 Multi-Status.
    const refused = inputs.filter((input) => rejected(input.id));
    const results = inputs
      .filter((input) => !rejected(input.id))
      .map((input) => {
        const existing = fakes.hubspot.get(input.id.toLowerCase());
        fakes.hubspot.set(input.id.toLowerCase(), {
          properties: { ...existing?.properties, ...input.properties },
          upserts: (existing?.upserts ?? 0) + 1,
        });
        return { id: String(fakes.hubspot.size), new: !existing, properties: input.properties };
      });
    if (refused.length === 0) return send(response, 200, { status: 'COMPLETE', results });
    send(response, 207, {
      status: 'COMPLETE',
      results,
      numErrors: refused.length,
      errors: refused.map((input) => ({
        status: 'error',
        category: 'VALIDATION_ERROR',
        message: `Property values were not valid: email ${input.id}`,
        context: { ids: [input.id] },
      })),
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fakes.bases = { mailchimp: `${origin}/mailchimp/3.0`, klaviyo: `${origin}/klaviyo`, hubspot: `${origin}/hubspot` };
  fakes.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fakes;
}

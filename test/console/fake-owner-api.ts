// An in-memory stand-in for the owner API of the console contract, as a real HTTP server on 127.0.0.1, for the
// console's own tests: it serves the built console at /console/ and the widget at /dist/, and answers the contract's
// calls with its shapes and status codes (sessions by cookie, Origin checked on writes, revisions, 409 on a stale
// revision). The end-to-end test runs against the real server instead.

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TemplateSummary } from '../../server/owner/template-contract.ts';
import { validatePopupConfig } from '../../server/owner/validate-popup.ts';
import { type FakeDeliveryApi, fakeDeliveryApi } from './fake-delivery-api.ts';
import { createFakeInsights, type FakeInsights } from './fake-insights-api.ts';
import { PARTS_TEMPLATE_HTML } from './parts-template.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
  '.json': 'application/json',
};

type Config = Record<string, unknown>;
interface StoredPopup {
  id: string;
  status: 'live' | 'paused' | 'draft';
  draft: Config;
  published: Config | null;
  revision: number;
  updatedAt: string;
  publishedAt: string | null;
  history: { revision: number; savedAt: string; config: Config; published: boolean }[];
}

/** A pop-up published as it is, live since now: for tests that need the site to have one of a kind. */
export function livePopup(id: string, name: string, type = 'lightbox'): StoredPopup {
  const config = { poptin_id: id, poptin_name: name, poptin_type: type };
  const now = new Date().toISOString();
  return {
    id,
    status: 'live',
    draft: config,
    published: config,
    revision: 1,
    updatedAt: now,
    publishedAt: now,
    history: [],
  };
}

export interface FakeOwnerApi {
  url: string;
  owner: { id: number; email: string; name: string; isAdmin: boolean; language: 'en' | 'he' };
  password: string;
  /** The owner's sites, as the site routes answer them. */
  sites: { clientId: string; name: string; language: 'en' | 'he'; allowedOrigins: string[]; timeZone: string | null }[];
  /** Origins whose pages called the demo site's display API, allowed or not (its installation status). */
  seenOrigins: string[];
  popups: Map<string, StoredPopup>;
  /** The demo site's leads, views and A/B tests. */
  insights: FakeInsights;
  requests: { method: string; path: string; body: unknown }[];
  /** Lead delivery's destinations and deliveries (fake-delivery-api.ts). */
  delivery: FakeDeliveryApi;
  /** The token of the one sign-in link this API has mailed, spent by its first use. */
  signInLinkToken: string;
  /** Ends every session, as a sign-out everywhere from another browser does. */
  endSessions(): void;
  close(): Promise<void>;
}

/** The gallery's template: in the parts-and-tokens convention (test/console/parts-template.ts). */
export const FAKE_TEMPLATE_HTML = PARTS_TEMPLATE_HTML;

function templateConfig(): Config {
  return {
    poptin_name: 'Newsletter lightbox',
    poptin_type: 'lightbox',
    poptin_format: 'format_1',
    poptin_target: 'lead',
    display_after_sec_active: '3',
    display_after_sec_active_on: 'page',
    display_after_scroll_active: 'no',
    display_after_page_click_number_active: 'no',
    display_after_visit_page_active: 'no',
    display_after_inactive_seconds_active: 'no',
    display_after_exit_website_active: 'no',
    display_if_adblock_active: 'no',
    d_f_r: 'all@display_once_per_session',
    x_close_button: 'yes',
    is_teasers_on: 'no',
    if_poptin_credit: 'no',
    stop_showing_to_converted_users: 'yes',
    design_properties: {
      poptin_location: 'center-middle',
      poptin_design_thank_screen: 'yes',
      poptin_design_thank_screen_auto_close: 'yes',
      poptin_design_thank_screen_auto_close_sec: '5',
    },
    poptin: FAKE_TEMPLATE_HTML,
    poptin_url: '',
  };
}

function send(response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

const failure = (status: number, message: string, fields?: { field: string; message: string }[]) => ({
  statusCode: status,
  error: status === 401 ? 'Unauthorized' : 'Error',
  message,
  ...(fields ? { fields } : {}),
});

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

export async function startFakeOwnerApi(): Promise<FakeOwnerApi> {
  // Owners' ids are numbers, as the server's owner contract has them (server/owner/contract.ts).
  const owner = { id: 1, email: 'owner@example.com', name: 'Owner', isAdmin: true, language: 'en' as const };
  let password = 'correct horse battery';
  const sessions = new Set<string>();
  const signInLinkToken = randomUUID();
  let linkUsed = false;
  const sites = [
    {
      clientId: 'demo',
      name: 'Demo site',
      language: 'en' as 'en' | 'he',
      allowedOrigins: ['http://127.0.0.1:8787'],
      timeZone: null as string | null,
    },
  ];
  const tokens: {
    id: string;
    name: string;
    scopes: string[];
    createdBy: { email: string } | null;
    createdAt: string;
    lastUsedAt: string | null;
  }[] = [];
  const popups = new Map<string, StoredPopup>();
  const seenOrigins: string[] = [];
  const storeRevenue = { attributionDays: 7, store: { platform: 'shopify', currency: 'USD' } };
  const spamFilter = {
    refuseDisposable: false,
    requireProofOfWork: false,
    stoppedThisWeek: { honeypot: 1204, 'impossible-timing': 37, 'disposable-domain': 0, 'proof-of-work': 52 },
  };
  let removedOwners = 0;
  const others: { id: number; email: string; name: string; isAdmin: boolean; sites: string[] }[] = [];
  const requests: FakeOwnerApi['requests'] = [];
  const insights = createFakeInsights('demo');
  const delivery = fakeDeliveryApi();
  let url = '';

  const summary = (popup: StoredPopup) => ({
    id: popup.id,
    name: String(popup.draft.poptin_name ?? ''),
    type: String(popup.draft.poptin_type ?? ''),
    status: popup.status,
    hasUnpublishedChanges: popup.published !== null && JSON.stringify(popup.published) !== JSON.stringify(popup.draft),
    updatedAt: popup.updatedAt,
    publishedAt: popup.publishedAt,
    schedule: popup.published?.schedule ?? null,
  });
  const full = (popup: StoredPopup) => ({
    id: popup.id,
    status: popup.status,
    draft: popup.draft,
    published: popup.published,
    revision: popup.revision,
    updatedAt: popup.updatedAt,
    publishedAt: popup.publishedAt,
  });
  const save = (popup: StoredPopup, config: Config) => {
    popup.revision += 1;
    popup.draft = config;
    popup.updatedAt = new Date().toISOString();
    popup.history.push({ revision: popup.revision, savedAt: popup.updatedAt, config, published: false });
  };
  const create = (config: Config): StoredPopup => {
    const id = Math.random().toString(36).slice(2, 15).padEnd(13, '0');
    const popup: StoredPopup = {
      id,
      status: 'draft',
      draft: { ...config, poptin_id: id },
      published: null,
      revision: 0,
      updatedAt: '',
      publishedAt: null,
      history: [],
    };
    save(popup, popup.draft);
    popups.set(id, popup);
    return popup;
  };

  async function api(
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
    search: URLSearchParams,
  ): Promise<void> {
    const method = request.method ?? 'GET';
    const body = method === 'GET' ? undefined : await bodyOf(request);
    requests.push({ method, path: pathname, body });
    const cookie = /poptin_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    const signedIn = cookie !== undefined && sessions.has(cookie);
    if (method !== 'GET' && request.headers.origin !== url)
      return send(response, 403, failure(403, 'Cross-site request refused'));
    const startSession = () => {
      const id = randomUUID();
      sessions.add(id);
      return send(
        response,
        200,
        { owner },
        { 'set-cookie': `poptin_session=${id}; HttpOnly; SameSite=Strict; Path=/` },
      );
    };
    if (pathname === '/api/auth/sign-in-options') return send(response, 200, { signInLink: true });
    if (pathname === '/api/auth/sign-in-link' && method === 'POST')
      return send(response, 202, { message: 'If an account has this e-mail, a sign-in link is on its way to it.' });
    if (pathname === '/api/auth/sign-in-link/use' && method === 'POST') {
      const { token } = (body ?? {}) as { token?: string };
      if (token !== signInLinkToken || linkUsed)
        return send(response, 401, failure(401, 'This sign-in link was used or has expired: ask for a new one'));
      linkUsed = true;
      return startSession();
    }
    if (pathname === '/api/auth/sign-in' && method === 'POST') {
      const { email, password: given } = (body ?? {}) as { email?: string; password?: string };
      if (email !== owner.email || given !== password)
        return send(response, 401, failure(401, 'Wrong email or password'));
      const id = randomUUID();
      sessions.add(id);
      return send(
        response,
        200,
        { owner },
        { 'set-cookie': `poptin_session=${id}; HttpOnly; SameSite=Strict; Path=/` },
      );
    }
    if (!signedIn) return send(response, 401, failure(401, 'Sign in first'));
    const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (pathname === '/api/auth/me' && method === 'GET') return send(response, 200, { owner, sites });
    if (pathname === '/api/auth/me' && method === 'PATCH') {
      Object.assign(owner, body as object);
      return send(response, 200, { owner });
    }
    if (pathname === '/api/auth/sign-out') {
      sessions.delete(cookie!);
      return send(response, 204);
    }
    if (pathname === '/api/auth/sign-out-everywhere') {
      sessions.clear();
      return send(response, 204);
    }
    if (pathname === '/api/auth/password') {
      const { currentPassword, newPassword } = body as { currentPassword: string; newPassword: string };
      if (currentPassword !== password)
        return send(
          response,
          400,
          // As the server answers it: its message names the field by its API name, which the console does not show.
          failure(400, 'currentPassword is not your current password', [
            { field: 'currentPassword', message: 'is not your current password' },
          ]),
        );
      if (newPassword.length < 10)
        return send(
          response,
          400,
          failure(400, 'The new password is too short', [{ field: 'newPassword', message: 'at least 10 characters' }]),
        );
      // As the server does: the new password from now on, and the owner's other sessions end.
      password = newPassword;
      for (const session of sessions) if (session !== cookie) sessions.delete(session);
      return send(response, 204);
    }
    if (pathname === '/api/owner/sites' && method === 'POST') {
      if (!owner.isAdmin)
        return send(response, 403, failure(403, 'Only an admin adds sites: ask an admin to add this site'));
      const input = body as { clientId?: string; name?: string; address: string; language: 'en' | 'he' };
      // As the server does: the address gives the allowed origin, and the name when none is given.
      const origin = new URL(/^https?:\/\//.test(input.address) ? input.address : `https://${input.address}`).origin;
      const site = {
        clientId: input.clientId ?? `site${sites.length}`,
        name: input.name ?? new URL(origin).host,
        language: input.language,
        allowedOrigins: [origin],
        timeZone: null,
      };
      sites.push(site);
      return send(response, 201, { site });
    }
    if (pathname === '/api/admin/owners' && method === 'GET')
      return send(response, 200, { owners: [{ ...owner, sites: sites.map((site) => site.clientId) }, ...others] });
    if (pathname === '/api/admin/owners' && method === 'POST') {
      const input = body as { email: string; name: string; password: string; isAdmin?: boolean; sites?: string[] };
      if (input.password.length < 10)
        return send(
          response,
          400,
          failure(400, 'The password is too short', [{ field: 'password', message: 'at least 10 characters' }]),
        );
      const created = {
        id: owner.id + others.length + 1 + removedOwners,
        email: input.email,
        name: input.name,
        isAdmin: input.isAdmin ?? false,
        sites: input.sites ?? [],
      };
      others.push(created);
      return send(response, 201, { owner: { ...created, language: 'en' } });
    }
    if (pathname.startsWith('/api/admin/owners/')) {
      const other = others.find((entry) => String(entry.id) === pathname.slice('/api/admin/owners/'.length));
      if (!other) return send(response, 404, failure(404, 'No such owner'));
      if (method === 'DELETE') {
        others.splice(others.indexOf(other), 1);
        removedOwners++;
        return send(response, 204);
      }
      Object.assign(other, body as object);
      return send(response, 200, { owner: other });
    }
    if (pathname === '/api/owner/templates')
      return send(response, 200, {
        templates: [
          {
            id: 'newsletter-lightbox',
            name: { en: 'Newsletter lightbox', he: 'ניוזלטר' },
            kind: 'lightbox',
            goal: 'grow-list',
            description: { en: 'An e-mail field and a thank-you screen.', he: 'שדה דוא״ל ומסך תודה.' },
            tokens: {},
            thumbnails: {},
          },
          {
            id: 'sale-bar',
            name: { en: 'Sale bar', he: 'פס מבצע' },
            kind: 'bar',
            goal: 'countdown-sale',
            description: {},
            tokens: {},
            thumbnails: {},
          },
        ],
      } satisfies { templates: TemplateSummary[] });
    if (/^\/api\/owner\/templates\/(newsletter-lightbox|sale-bar)$/.test(pathname))
      return send(response, 200, { template: { id: pathname.split('/').at(-1), config: templateConfig() } });
    const [, , clientId, area, id, action, revision, restore] = parts;
    const site = sites.find((entry) => entry.clientId === clientId);
    if (parts[0] !== 'api' || parts[1] !== 'owner' || !site) return send(response, 404, failure(404, 'Not found'));
    const deliveryAnswer = delivery.answer(method, area, id, action, body, search);
    if (deliveryAnswer) return send(response, deliveryAnswer.status, deliveryAnswer.body);
    if (area === 'site' && method === 'PATCH') {
      Object.assign(site, body);
      return send(response, 200, { site });
    }
    if (area === 'site')
      return send(response, 200, {
        site,
        embed: { script: `<script type="module" src="${url}/dist/poptin.js?id=${clientId}"></script>` },
        installation: {
          origins: (clientId === 'demo' ? seenOrigins : []).map((origin) => ({
            origin,
            allowed: site.allowedOrigins.includes(origin),
            calls: 3,
            firstSeenAt: '2026-11-28T09:00:00.000Z',
            lastSeenAt: '2026-11-28T10:00:00.000Z',
          })),
        },
      });
    // A site's unique coupon codes and lead retention (server/coupons/, server/retention/): none set.
    if (area === 'coupons' && method === 'GET') return send(response, 200, { sources: [] });
    if (area === 'lead-retention')
      return send(response, 200, {
        months: method === 'PUT' ? ((body as { months: number | null }).months ?? null) : null,
        nextRunAt: '2026-11-29T03:00:00.000Z',
        leadsToRemove: 0,
      });
    if (area === 'store-revenue') {
      if (method === 'PUT') storeRevenue.attributionDays = (body as { attributionDays: number }).attributionDays;
      return send(response, 200, storeRevenue);
    }
    if (area === 'spam-filter') {
      if (method === 'PUT') Object.assign(spamFilter, body as Partial<typeof spamFilter>);
      return send(response, 200, spamFilter);
    }
    if (area === 'tokens') {
      if (method === 'GET') return send(response, 200, { tokens });
      if (method === 'POST') {
        const input = body as { name: string; scopes?: string[] };
        // As server/owner/site-routes.ts: a name of spaces alone is a name left out.
        if (input.name.trim() === '')
          return send(response, 400, {
            message: 'name is required',
            fields: [{ field: 'name', message: 'is required' }],
          });
        const token = {
          id: randomUUID(),
          name: input.name,
          scopes: input.scopes ?? ['leads:read'],
          createdBy: { email: owner.email },
          createdAt: new Date().toISOString(),
          lastUsedAt: null,
        };
        tokens.push(token);
        return send(response, 201, { token, secret: `pte_${randomUUID().replaceAll('-', '')}` });
      }
      tokens.splice(
        tokens.findIndex((token) => token.id === id),
        1,
      );
      return send(response, 204);
    }
    const answer = clientId === 'demo' ? insights.handle(method, parts.slice(3), search, body) : null;
    if (answer?.text !== undefined) {
      response.writeHead(answer.status, answer.headers);
      return void response.end(answer.text);
    }
    if (answer) return send(response, answer.status, answer.body, answer.headers);
    if (area !== 'popups') return send(response, 404, failure(404, 'Not found'));
    if (!id && method === 'GET') return send(response, 200, { popups: [...popups.values()].map(summary) });
    if (!id && method === 'POST') {
      const input = body as { config?: Config; templateId?: string };
      return send(response, 201, { popup: full(create(input.config ?? templateConfig())) });
    }
    if (id === 'validate') {
      // As the display server answers: DOMPurify needs a DOM, so the console runs the sanitiser itself.
      const config = (body as { config?: Config }).config ?? {};
      const fields =
        typeof config.poptin_type === 'string' ? [] : [{ field: 'poptin_type', message: 'poptin_type is missing' }];
      return send(response, 200, { ok: fields.length === 0, fields, sanitizer: null });
    }
    const popup = popups.get(id);
    if (!popup) return send(response, 404, failure(404, 'No such pop-up'));
    if (!action && method === 'GET') return send(response, 200, { popup: full(popup) });
    if (!action && method === 'PUT') {
      const input = body as { draft: Config; revision: number };
      if (input.revision !== popup.revision) return send(response, 409, failure(409, 'The pop-up was saved meanwhile'));
      // The display server's own validation, so that the console shows its refusals as an owner meets them.
      const problems = validatePopupConfig(input.draft, id);
      if (problems.length)
        return send(
          response,
          400,
          failure(400, problems.map((problem) => `${problem.field} ${problem.message}`).join('; '), problems),
        );
      save(popup, input.draft);
      return send(response, 200, { popup: full(popup) });
    }
    if (!action && method === 'DELETE') {
      popups.delete(id);
      return send(response, 204);
    }
    if (action === 'publish') {
      popup.published = popup.draft;
      popup.status = 'live';
      popup.publishedAt = new Date().toISOString();
      popup.history.at(-1)!.published = true;
      return send(response, 200, { popup: full(popup) });
    }
    if (action === 'pause' || action === 'resume') {
      popup.status = action === 'pause' ? 'paused' : 'live';
      return send(response, 200, { popup: full(popup) });
    }
    if (action === 'duplicate')
      return send(response, 201, {
        popup: full(create({ ...popup.draft, poptin_name: `${String(popup.draft.poptin_name)} (copy)` })),
      });
    if (action === 'revisions' && !revision)
      return send(response, 200, {
        revisions: popup.history.map((entry) => ({
          revision: entry.revision,
          savedAt: entry.savedAt,
          savedBy: owner.email,
          published: entry.published,
        })),
      });
    if (action === 'revisions' && restore === 'restore') {
      const entry = popup.history.find((item) => item.revision === Number(revision));
      if (!entry) return send(response, 404, failure(404, 'No such revision'));
      save(popup, entry.config);
      return send(response, 200, { popup: full(popup) });
    }
    if (action === 'preview-link')
      return send(response, 200, { url: `${search.get('url')}?ppt-preview=${id}&ppt-draft=fake` });
    return send(response, 404, failure(404, 'Not found'));
  }

  async function serveFile(response: ServerResponse, file: string): Promise<void> {
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      send(response, 404, failure(404, 'Not found'));
    }
  }

  const server: Server = createServer((request, response) => {
    const { pathname, searchParams } = new URL(request.url ?? '/', 'http://localhost');
    const handle = async () => {
      if (pathname.startsWith('/api/')) return api(request, response, pathname, searchParams);
      if (pathname.startsWith('/console/assets/'))
        return serveFile(response, path.join(ROOT, 'dist/console/assets', path.basename(pathname)));
      if (pathname === '/console' || pathname.startsWith('/console/'))
        return serveFile(response, path.join(ROOT, 'dist/console/index.html'));
      if (pathname.startsWith('/dist/') && !pathname.includes('..'))
        return serveFile(response, path.join(ROOT, 'packages/poptin-elements', pathname));
      if (pathname.startsWith('/node_modules/axe-core/'))
        return serveFile(response, path.join(ROOT, 'node_modules/axe-core/axe.min.js'));
      return send(response, 404, failure(404, 'Not found'));
    };
    handle().catch((error: unknown) => send(response, 500, failure(500, String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  sites[0].allowedOrigins = [url];
  return {
    url,
    owner,
    get password() {
      return password;
    },
    sites,
    seenOrigins,
    popups,
    insights,
    requests,
    delivery,
    signInLinkToken,
    endSessions: () => sessions.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

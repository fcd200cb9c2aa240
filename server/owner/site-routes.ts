// Sites and their API tokens: /api/owner/sites and /api/owner/{clientId}/site|tokens, behind registerOwnerAuth.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_SITE_TOKEN_SCOPES } from '../../src/core/api/site-token-contract.ts';
import { normaliseOrigin } from '../configuration/config-loader.ts';
import { errorBody } from '../platform/errors.ts';
import { CLIENT_ID_PATTERN } from '../platform/ids.ts';
import type { Accounts, TokenMaker } from './accounts.ts';
import type { Language, Site } from './contract.ts';
import { type FieldError, fieldErrors, LANGUAGES, ROW_NUMBER_SCHEMA } from './fields.ts';
import type { PopupAuthoring } from './popup-store.ts';
import { randomLowercaseId } from './random-id.ts';
import type { SiteEmailChanges, Sites } from './sites.ts';
import { readScopes } from './token-scopes.ts';

export interface SiteRoutesOptions {
  accounts: Accounts;
  sites: Sites;
  popups: PopupAuthoring;
}

/** Kinds placed in the page by a `<poptin-embed>` tag rather than shown over it. */
const IN_PLACE_KINDS = new Set(['embedded', 'content']);

/** Path words of the owner API that a client id would shadow. */
export const RESERVED_CLIENT_IDS = new Set(['sites', 'templates']);

type ClientParams = { Params: { clientId: string } };
type SiteChanges = {
  name?: string;
  allowedOrigins?: string[];
  language?: Language;
  timeZone?: string;
} & SiteEmailChanges;

const clientParams = { type: 'object', properties: { clientId: { type: 'string', pattern: CLIENT_ID_PATTERN } } };
const siteProperties = {
  name: { type: 'string', maxLength: 200 },
  allowedOrigins: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 300 } },
  language: { type: 'string', enum: [...LANGUAGES] },
  timeZone: { type: 'string', maxLength: 64 },
  emailSenderName: { type: 'string', maxLength: 100 },
  emailReplyTo: { type: 'string', maxLength: 254 },
  privacyUrl: { type: 'string', maxLength: 2000 },
};

const EMAIL_ADDRESS = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$/;

/** The visitor's e-mail settings of a site: a one-line name, an address, an http(s) page; "" clears each. */
function emailSettingProblems({ emailSenderName, emailReplyTo, privacyUrl }: SiteEmailChanges): FieldError[] {
  const problems: FieldError[] = [];
  if (emailSenderName && /[\u0000-\u001f\u007f<>"]/.test(emailSenderName))
    problems.push({ field: 'emailSenderName', message: 'must be a name on one line, without < > or "' });
  if (emailReplyTo?.trim() && !EMAIL_ADDRESS.test(emailReplyTo.trim()))
    problems.push({ field: 'emailReplyTo', message: 'must be an e-mail address, e.g. hello@shop.example' });
  if (privacyUrl?.trim()) {
    let protocol = '';
    try {
      protocol = new URL(privacyUrl.trim()).protocol;
    } catch {}
    if (protocol !== 'https:' && protocol !== 'http:')
      problems.push({ field: 'privacyUrl', message: 'must be an http:// or https:// address' });
  }
  return problems;
}

/** The IANA time zones this Node.js knows, and UTC. */
const TIME_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** A listed zone, or another IANA name of one (Asia/Kolkata, which this ICU lists as Asia/Calcutta). */
function isKnownTimeZone(timeZone: string): boolean {
  if (TIME_ZONES.has(timeZone)) return true;
  try {
    const canonical = new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
    // Exact spelling only: Intl also takes "asia/kolkata", which a browser may not.
    return TIME_ZONES.has(canonical) && /^[A-Z][A-Za-z_]+(?:\/[A-Z][A-Za-z0-9_+-]+)+$/.test(timeZone);
  } catch {
    return false;
  }
}

function timeZoneProblem(timeZone: string | undefined): FieldError[] {
  return timeZone === undefined || isKnownTimeZone(timeZone)
    ? []
    : [{ field: 'timeZone', message: `"${timeZone}" is not a time zone: use an IANA name such as Europe/Paris` }];
}

/** The origin of a site's address as an owner types it (`shop.example`, `https://shop.example/home`). */
function originOfAddress(address: string): string | null {
  const text = address.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** A new client id: 10 lowercase letters and digits. */
const newClientId = () => randomLowercaseId(10);

/** The allowed origins in their normal form, or the problems of those that are not origins. */
function readOrigins(origins: string[]): { origins: string[]; problems: FieldError[] } {
  const problems: FieldError[] = [];
  const normal = origins.flatMap((origin, index) => {
    try {
      return [normaliseOrigin(origin)];
    } catch (error) {
      problems.push({ field: `allowedOrigins.${index}`, message: (error as Error).message });
      return [];
    }
  });
  return { origins: [...new Set(normal)], problems };
}

export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, { accounts, sites, popups }) => {
  async function knownSite(clientId: string, reply: FastifyReply): Promise<Site | null> {
    const site = await sites.find(clientId);
    if (!site) await reply.code(404).send(errorBody(404, `Unknown site ${clientId}`));
    return site;
  }

  app.get('/sites', async (request) => {
    const access = request.ownerAccess!;
    return { sites: access.kind === 'owner' ? await sites.visibleTo(access.owner) : await sites.all() };
  });

  app.post<{ Body: SiteChanges & { clientId?: string; name?: string; address?: string } }>(
    '/sites',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            clientId: { type: 'string', maxLength: 64 },
            address: { type: 'string', maxLength: 300 },
            ...siteProperties,
          },
        },
      },
      // Before the body is read: whatever it holds, only an admin (signed in, or OWNER_TOKEN) adds a site.
      onRequest: async (request, reply) => {
        const access = request.ownerAccess!;
        if (access.kind === 'owner' && !access.owner.isAdmin) {
          return reply
            .code(403)
            .send(errorBody(403, 'Only an admin adds sites: ask an admin to add this site and grant it to you'));
        }
      },
    },
    async (request, reply) => {
      const access = request.ownerAccess!;
      const { clientId = newClientId(), address, allowedOrigins = [], language = 'en', timeZone } = request.body;
      const problems: FieldError[] = [];
      // The site's address gives its origin (allowed) and, when no name is given, its name.
      const addressOrigin = address === undefined ? null : originOfAddress(address);
      const unreadableAddress = address !== undefined && !addressOrigin;
      if (unreadableAddress)
        problems.push({ field: 'address', message: 'is not a web address: type it as https://shop.example' });
      const name = request.body.name ?? (addressOrigin ? new URL(addressOrigin).host : '');
      if (!new RegExp(CLIENT_ID_PATTERN).test(clientId))
        problems.push({ field: 'clientId', message: 'must be 1-64 letters, digits, "_" or "-"' });
      else if (RESERVED_CLIENT_IDS.has(clientId))
        problems.push({
          field: 'clientId',
          message: `"${clientId}" is a word of the owner API's paths: choose another`,
        });
      // A name left out is the address's to give: an address that cannot give one is the problem to name.
      if (name.trim() === '' && !(unreadableAddress && request.body.name === undefined))
        problems.push({ field: 'name', message: 'is required' });
      const origins = readOrigins(addressOrigin ? [addressOrigin, ...allowedOrigins] : allowedOrigins);
      problems.push(...origins.problems, ...timeZoneProblem(timeZone));
      if (problems.length > 0) return fieldErrors(reply, problems);
      const site = await sites.create({
        clientId,
        name: name.trim(),
        allowedOrigins: origins.origins,
        language,
        timeZone: timeZone ?? null,
      });
      if (!site) {
        const taken = (await sites.idTakenBy(clientId)) ?? clientId;
        return reply
          .code(409)
          .send(
            errorBody(
              409,
              taken === clientId
                ? `A site with the client id ${clientId} exists already`
                : `The client id ${clientId} differs from the existing site ${taken} only by case: choose another`,
            ),
          );
      }
      if (access.kind === 'owner') await accounts.grantSite(access.owner.id, clientId);
      return reply.code(201).send({ site });
    },
  );

  app.get<ClientParams>('/:clientId/site', { schema: { params: clientParams } }, async (request, reply) => {
    const site = await knownSite(request.params.clientId, reply);
    if (!site) return reply;
    const src = `${ownOrigin(request)}/dist/poptin.js?id=${encodeURIComponent(site.clientId)}`;
    const placed = (await popups.list(site.clientId)).filter((popup) => IN_PLACE_KINDS.has(popup.type));
    return {
      site,
      installation: { origins: await sites.originsSeen(site.clientId) },
      embed: {
        script: `<script type="module" src="${src}"></script>`,
        popups: placed.map(({ id, name }) => ({ id, name, tag: `<poptin-embed poptin-id="${id}"></poptin-embed>` })),
      },
    };
  });

  app.patch<ClientParams & { Body: SiteChanges }>(
    '/:clientId/site',
    {
      schema: {
        params: clientParams,
        body: { type: 'object', additionalProperties: false, properties: siteProperties },
      },
    },
    async (request, reply) => {
      if (!(await knownSite(request.params.clientId, reply))) return reply;
      const { name, allowedOrigins, language, timeZone, emailSenderName, emailReplyTo, privacyUrl } = request.body;
      const problems: FieldError[] =
        name !== undefined && name.trim() === '' ? [{ field: 'name', message: 'is required' }] : [];
      const origins = allowedOrigins ? readOrigins(allowedOrigins) : null;
      problems.push(...(origins?.problems ?? []), ...timeZoneProblem(timeZone), ...emailSettingProblems(request.body));
      if (problems.length > 0) return fieldErrors(reply, problems);
      return {
        site: await sites.update(request.params.clientId, {
          name: name?.trim(),
          allowedOrigins: origins?.origins,
          language,
          timeZone,
          emailSenderName,
          emailReplyTo,
          privacyUrl,
        }),
      };
    },
  );

  app.get<ClientParams>('/:clientId/tokens', { schema: { params: clientParams } }, async (request, reply) => {
    if (!(await knownSite(request.params.clientId, reply))) return reply;
    return { tokens: await accounts.listSiteTokens(request.params.clientId) };
  });

  app.post<ClientParams & { Body: { name: string; scopes?: string[] } }>(
    '/:clientId/tokens',
    {
      schema: {
        params: clientParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: {
            name: { type: 'string', maxLength: 100 },
            scopes: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 50 } },
          },
        },
      },
    },
    async (request, reply) => {
      const read = readScopes(request.body.scopes ?? DEFAULT_SITE_TOKEN_SCOPES);
      if ('problem' in read) return reply.code(400).send(errorBody(400, read.problem));
      const name = request.body.name.trim();
      if (name === '') return fieldErrors(reply, [{ field: 'name', message: 'is required' }]);
      if (!(await knownSite(request.params.clientId, reply))) return reply;
      const access = request.ownerAccess!;
      const madeBy: TokenMaker =
        access.kind === 'owner'
          ? { ownerId: access.owner.id }
          : { key: access.kind === 'admin' ? 'OWNER_TOKEN' : 'client token' };
      const created = await accounts.createSiteToken(request.params.clientId, {
        name,
        scopes: read.scopes,
        madeBy,
      });
      return reply.code(201).send(created);
    },
  );

  app.delete<{ Params: { clientId: string; tokenId: number } }>(
    '/:clientId/tokens/:tokenId',
    { schema: { params: { ...clientParams, properties: { ...clientParams.properties, tokenId: ROW_NUMBER_SCHEMA } } } },
    async (request, reply) => {
      if (!(await accounts.revokeSiteToken(request.params.clientId, request.params.tokenId))) {
        return reply
          .code(404)
          .send(errorBody(404, `Site ${request.params.clientId} has no token ${request.params.tokenId}`));
      }
      return reply.code(204).send();
    },
  );
};

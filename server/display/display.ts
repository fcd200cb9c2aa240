import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ChallengeAnswer,
  CLIENT_RESTRICTED,
  type ClickAnswer,
  type ConversionAnswer,
  DISPLAY_ROUTES,
  type DisplayAnswer,
  MAX_VIEWS_REACHED,
  PROOF_OF_WORK_FIELD,
  type SuccessAnswer,
  type ViewedAnswer,
} from '../../src/core/api/contract.ts';
import { readString, readSwitch } from '../../src/core/config/values.ts';
import { chooseVariants, holdOutControlGroups } from '../ab-testing/ab-test.ts';
import { type AbTestStorage, controlGroupLeftOut, recordTestVisitors } from '../ab-testing/ab-tests.ts';
import type { ClientRecord, ConfigurationRepository, PopupRecord } from '../configuration/repository.ts';
import type { Coupons } from '../coupons/index.ts';
import { CHOICE_ANSWERS_PER_DAY, type EventRepository } from '../insights/events-repository.ts';
import { CONVERSION_BODY_LIMIT, leadFromConversion } from '../leads/leads.ts';
import type { LeadRepository } from '../leads/repository.ts';
import { type LeadChallenges, PROOF_REFUSALS } from '../leads/spam-challenge.ts';
import { assertStorableText } from '../platform/body-parsers.ts';
import { readCookie } from '../platform/cookies.ts';
import { errorBody } from '../platform/errors.ts';
import { isPoptinId } from '../platform/ids.ts';
import {
  type ChoiceBody,
  type ClosedBody,
  type ConversionBody,
  challengeSchema,
  choiceSchema,
  clickSchema,
  closedSchema,
  conversionSchema,
  type DisplayBody,
  displaySchema,
  limitLogSchema,
  VISITOR_ID_PATTERN,
  type ViewedBody,
  viewedSchema,
} from '../platform/schemas.ts';
import { deviceOf } from './device.ts';
import { toDisplayPoptin } from './display-poptin.ts';
import { anyStopsForConverted, pageViewOf, splitByPageView } from './page-view-rules.ts';

export interface DisplayRoutesOptions {
  configuration: Pick<
    ConfigurationRepository,
    'config' | 'findClient' | 'findPopup' | 'findActivePopup' | 'findPopupByViewerId'
  >;
  insights: Pick<
    EventRepository,
    'countClientViews' | 'recordView' | 'recordChoice' | 'recordClose' | 'recordLimitLog'
  >;
  leads: Pick<LeadRepository, 'lastConversionsOfVisitor' | 'recordConversion' | 'spamImpossibleSubmitMs'>;
  /** The A/B tests' visitors, recorded by the display call. */
  abTests: AbTestStorage;
  /** Gives a lead its own coupon code when its pop-up has a source of codes. */
  coupons: Coupons;
  /** Contents of the validation-emails answer: one free-mail domain per line. */
  freeEmailDomains: string;
  /** A pop-up with its unpublished draft as its configuration, when `token` is a valid preview token of it. */
  previewDraft?: (clientId: string, poptinId: string, token: string) => Promise<PopupRecord | null>;
  /** Called before a lead of a pop-up is stored: the site's destinations it needs exist (the visitor's e-mail's). */
  beforeLead?: (popup: PopupRecord) => Promise<void>;
  /** The proof-of-work challenges of lead forms, for the sites that require them. */
  challenges: LeadChallenges;
  /**
   * Whether a bearer token opens the site (OWNER_TOKEN, the site's owner token, a site API token of it): a lead sent
   * server-side with one needs no proof of work, which only a browser can do in the background.
   */
  tokenOpensSite?: (token: string, clientId: string) => Promise<boolean>;
}

/** The bearer token of a request, if it carries one. */
function bearerOf(request: FastifyRequest): string | null {
  // Printable ASCII only: a token is never anything else, and a NUL would not reach the database.
  const match = /^Bearer\s+([\x21-\x7e]{1,512})$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/** The page's preview token (`ppt-draft`, added by the console's "preview on my site" link). */
function draftTokenOf(body: DisplayBody): string | null {
  if (!body.poptin_viewed_url) return null;
  try {
    return new URL(body.poptin_viewed_url).searchParams.get('ppt-draft');
  } catch {
    return null;
  }
}

const VISITOR_COOKIE = 'poptin_visitor_id';
const VISITOR_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
const visitorIdPattern = new RegExp(VISITOR_ID_PATTERN);

/**
 * The visitor id that picks A/B variants: the body's visitor_id, else the server's cookie, else a new id
 * that is set as a cookie and sent back in the answer (`visitor_id`) for the widget to keep and resend. An anonymous
 * call (consent mode, before consent) gets an id for this answer alone: nothing is stored in the visitor's browser.
 */
export function resolveVisitorId(request: FastifyRequest, reply: FastifyReply, body: DisplayBody): string {
  if (body.visitor_id) return body.visitor_id;
  if (readSwitch(body.anonymous)) return randomUUID();
  const cookie = readCookie(request, VISITOR_COOKIE);
  if (cookie && visitorIdPattern.test(cookie)) return cookie;
  const visitorId = randomUUID();
  reply.header(
    'Set-Cookie',
    `${VISITOR_COOKIE}=${visitorId}; Path=/api/display; Max-Age=${VISITOR_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax`,
  );
  return visitorId;
}

/** The visitor a lead comes from: the id the widget sends, else the server's cookie; none when neither is valid. */
export function conversionVisitorId(request: FastifyRequest, body: ConversionBody): string | null {
  const sent =
    typeof body.visitor_id === 'string' && visitorIdPattern.test(body.visitor_id) ? body.visitor_id : undefined;
  const cookie = readCookie(request, VISITOR_COOKIE);
  return sent ?? (cookie && visitorIdPattern.test(cookie) ? cookie : null);
}

/** Country from the x-country-code header (set by a proxy or CDN in front, or by tests); empty otherwise. */
export function readCountryCode(request: FastifyRequest): string {
  const header = request.headers['x-country-code'];
  const code = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) ? code : '';
}

/** The pop-up the request previews, if it names one of the client's. */
function previewedPopup(popups: PopupRecord[], body: DisplayBody): PopupRecord | undefined {
  return body.preview_id ? popups.find((popup) => popup.poptin_id === body.preview_id) : undefined;
}

/** When the visitor converted on the pop-ups that stop showing to converted users, asked only if one does. */
export function lastConversions(
  leads: Pick<LeadRepository, 'lastConversionsOfVisitor'>,
  client: ClientRecord,
  popups: PopupRecord[],
  visitorId: string,
): Promise<ReadonlyMap<string, number>> {
  // Tied to the caller's own visitor id: an e-mail in the request (converted_email) is only recorded, never
  // consulted, so the answer cannot tell anyone whether some address is a lead.
  if (!anyStopsForConverted(popups)) return Promise.resolve(new Map());
  return leads.lastConversionsOfVisitor(client.client_id, visitorId);
}

// The cached configuration's records are reused until they change, and their answer text with them: a pop-up
// carries its whole template, so writing it out anew for every page view would be most of the call's work.
const displayPoptinJson = new WeakMap<PopupRecord, string>();
function displayPoptinJsonOf(popup: PopupRecord): string {
  let json = displayPoptinJson.get(popup);
  if (json === undefined) {
    json = JSON.stringify(toDisplayPoptin(popup));
    displayPoptinJson.set(popup, json);
  }
  return json;
}

/** The answer as JSON text, its pop-ups written from their kept text. */
function answerJson(answer: Omit<DisplayAnswer, 'poptins'>, popups: PopupRecord[]): string {
  const head = JSON.stringify(answer);
  return `${head.slice(0, -1)},"poptins":[${popups.map(displayPoptinJsonOf).join(',')}]}`;
}

function notFound(reply: FastifyReply, message: string) {
  return reply.code(404).send(errorBody(404, message));
}

export const displayRoutes: FastifyPluginAsync<DisplayRoutesOptions> = async (
  app,
  {
    configuration,
    insights,
    leads,
    abTests,
    coupons,
    freeEmailDomains,
    previewDraft,
    beforeLead,
    challenges,
    tokenOpensSite,
  },
) => {
  /** The owner's draft of the previewed pop-up, when the page holds a valid preview token for it. */
  async function previewedDraft(clientId: string, body: DisplayBody): Promise<PopupRecord | null> {
    const token = isPoptinId(body.preview_id) ? draftTokenOf(body) : null;
    return token && previewDraft ? previewDraft(clientId, body.preview_id!, token) : null;
  }

  app.post<{ Params: { clientId: string }; Body: DisplayBody }>(
    DISPLAY_ROUTES.display,
    { schema: displaySchema },
    async (request, reply) => {
      const body = request.body;
      const countryCode = readCountryCode(request);
      const { client, popups: active } = await configuration.config.get(request.params.clientId);
      const answer: DisplayAnswer = {
        display: 'allowed',
        message: '',
        is_client_restriction: false,
        client_restriction_setting: client?.client_restriction_setting ?? {},
        poptins: [],
        country: countryCode,
        country_code: countryCode,
        if_freemium: client?.is_freemium ?? false,
        lang: client?.lang ?? 'en',
        ip: request.ip,
        cc: countryCode || body.cc || '',
      };
      if (!client || client.restricted) {
        return { ...answer, display: 'not_allowed', message: CLIENT_RESTRICTED, is_client_restriction: true };
      }
      if (client.max_views !== null && (await insights.countClientViews(client.client_id)) >= client.max_views) {
        return { ...answer, display: 'not_allowed', message: MAX_VIEWS_REACHED, is_client_restriction: true };
      }
      const visitorId = resolveVisitorId(request, reply, body);
      // A preview shows its pop-up whatever its rules say; a preview id naming no pop-up is an ordinary page view.
      // With the console's preview token the draft is shown, otherwise the published pop-up.
      const previewed = (await previewedDraft(client.client_id, body)) ?? previewedPopup(active, body);
      const groups = holdOutControlGroups(previewed ? [] : chooseVariants(active, visitorId), visitorId);
      // A visitor with an id of this answer alone (before consent) is counted in no group: they cannot be followed.
      if (groups.tests.length > 0 && !readSwitch(body.anonymous))
        await recordTestVisitors(abTests, client.client_id, visitorId, groups.tests);
      const popups = previewed ? [previewed] : groups.shown;
      const split = previewed
        ? { shown: popups, leftOut: [] }
        : splitByPageView(
            popups,
            pageViewOf(
              body,
              countryCode,
              await lastConversions(leads, client, popups, visitorId),
              client.time_zone ?? null,
            ),
          );
      const shown = split.shown;
      const leftOut = [...groups.heldOut.map(controlGroupLeftOut), ...split.leftOut];
      const { poptins: _none, ...rest } = answer;
      return reply.type('application/json; charset=utf-8').send(
        answerJson(
          {
            ...rest,
            visitor_id: visitorId,
            time_zone: client.time_zone ?? 'UTC',
            ...(client.require_proof_of_work ? { proof_of_work: true } : {}),
            left_out: leftOut,
          },
          shown,
        ),
      );
    },
  );

  // Asked by a pop-up's form when the visitor first focuses it; a new challenge at every call, never cached.
  app.get<{ Params: { poptinId: string } }>(
    DISPLAY_ROUTES.challenge,
    { schema: challengeSchema },
    async (request, reply) => {
      const popup = await configuration.findPopup(request.params.poptinId);
      if (!popup) return notFound(reply, `Unknown pop-up ${request.params.poptinId}`);
      const client = await configuration.findClient(popup.client_id);
      reply.header('Cache-Control', 'no-store');
      return {
        challenge: client?.require_proof_of_work ? await challenges.challengeFor(popup.client_id) : null,
      } satisfies ChallengeAnswer;
    },
  );

  app.get<{ Params: { poptinId: string } }>(DISPLAY_ROUTES.click, { schema: clickSchema }, async (request, reply) => {
    const popup = await configuration.findActivePopup(request.params.poptinId);
    if (!popup) return notFound(reply, `Unknown pop-up ${request.params.poptinId}`);
    const client = await configuration.findClient(popup.client_id);
    if (!client || client.restricted)
      return reply.code(403).send({ success: false, message: CLIENT_RESTRICTED } satisfies ClickAnswer);
    return { success: true, poptin: toDisplayPoptin(popup) } satisfies ClickAnswer;
  });

  app.post<{ Params: { poptinId: string }; Body: ViewedBody }>(
    DISPLAY_ROUTES.viewed,
    { schema: viewedSchema },
    async (request, reply) => {
      const popup = await configuration.findPopup(request.params.poptinId);
      if (!popup) return notFound(reply, `Unknown pop-up ${request.params.poptinId}`);
      const poptinViewId = await insights.recordView({
        ...request.body,
        poptin_id: popup.poptin_id,
        client_id: popup.client_id,
        device: deviceOf(request.headers['user-agent']),
        // Now, whatever the page says: a visitor may not move counts into another day.
        created_at: undefined,
      });
      return { success: true, poptin_view_id: poptinViewId } satisfies ViewedAnswer;
    },
  );

  app.post<{ Params: { poptinId: string }; Body: ChoiceBody }>(
    DISPLAY_ROUTES.choice,
    { schema: choiceSchema },
    async (request, reply) => {
      const popup = await configuration.findPopup(request.params.poptinId);
      if (!popup) return notFound(reply, `Unknown pop-up ${request.params.poptinId}`);
      const { question, answer, idempotency_key } = request.body;
      assertStorableText(question, 'body/question');
      assertStorableText(answer, 'body/answer');
      const counted = await insights.recordChoice({
        poptin_id: popup.poptin_id,
        client_id: popup.client_id,
        question,
        answer,
        idempotency_key,
      });
      if (counted === 'full')
        return reply
          .code(422)
          .send(errorBody(422, `a pop-up keeps at most ${CHOICE_ANSWERS_PER_DAY} different answers a day`));
      return { success: true } satisfies SuccessAnswer;
    },
  );

  app.post<{ Params: { poptinId: string }; Body: ClosedBody }>(
    DISPLAY_ROUTES.closed,
    { schema: closedSchema },
    async (request, reply) => {
      const popup = await configuration.findPopup(request.params.poptinId);
      if (!popup) return notFound(reply, `Unknown pop-up ${request.params.poptinId}`);
      await insights.recordClose({
        ...request.body,
        poptin_id: popup.poptin_id,
        client_id: popup.client_id,
        device: deviceOf(request.headers['user-agent']),
        // Now, whatever the page says: a visitor may not move counts into another day.
        created_at: undefined,
      });
      return { success: true } satisfies SuccessAnswer;
    },
  );

  app.post<{ Params: { viewerId: string }; Body: ConversionBody }>(
    DISPLAY_ROUTES.conversion,
    { schema: conversionSchema, bodyLimit: CONVERSION_BODY_LIMIT },
    async (request, reply) => {
      const popup = await configuration.findPopupByViewerId(request.params.viewerId);
      if (!popup) return notFound(reply, `No pop-up has viewer id ${request.params.viewerId}`);
      const client = await configuration.findClient(popup.client_id);
      if (client?.require_proof_of_work) {
        const token = bearerOf(request);
        if (token !== null && !(await tokenOpensSite?.(token, popup.client_id)))
          return reply.code(401).send(errorBody(401, `This token does not open site ${popup.client_id}`));
        const verdict =
          token !== null
            ? 'valid'
            : await challenges.take(
                readString(request.body[PROOF_OF_WORK_FIELD]),
                popup.client_id,
                request.body.idempotency_key,
              );
        if (verdict !== 'valid') {
          await challenges.countRefusal(popup.client_id);
          return reply.code(403).send(errorBody(403, PROOF_REFUSALS[verdict]));
        }
      }
      await beforeLead?.(popup);
      // Stored and answered like any lead, as every hiding rule's spam is: a bot learns nothing, the owner may undo it.
      const lead = {
        ...leadFromConversion(popup, request.body, conversionVisitorId(request, request.body), {
          impossibleSubmitMs: leads.spamImpossibleSubmitMs,
          refuseDisposable: client?.refuse_disposable_email ?? false,
        }),
        device: deviceOf(request.headers['user-agent']),
      };
      // The code is the server's to give: a coupon_code the page sent is not kept in its place.
      const couponCode = await coupons.codeForLead(lead);
      if (couponCode !== null) {
        const { coupon_code: _sent, ...fields } = lead.fields;
        lead.fields = couponCode ? { ...fields, coupon_code: couponCode } : fields;
      }
      const result = await leads.recordConversion(lead);
      if (result.outcome === 'key-conflict') {
        return reply.code(409).send(errorBody(409, 'idempotency_key was already used for a lead of another pop-up'));
      }
      if (result.outcome === 'payload-conflict') {
        const message =
          'idempotency_key was already used for a lead with other data: a retry must resend the same fields, a new lead needs a new key';
        return reply.code(409).send(errorBody(409, message));
      }
      const conversionCode = readString(popup.config.conversion_code);
      // A retry of a lead erased since is answered as one already stored, with no id: the outbox lets it go.
      return {
        success: true,
        ...(result.outcome === 'erased' ? {} : { conversion_id: result.conversionId }),
        integration: { conversion_code: conversionCode },
        ...(couponCode === null || result.outcome === 'erased' ? {} : { coupon_code: couponCode }),
      } satisfies ConversionAnswer;
    },
  );

  app.get(DISPLAY_ROUTES.validationEmails, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(freeEmailDomains),
  );

  app.get<{ Params: { clientId: string }; Querystring: { status?: string; id?: string } }>(
    DISPLAY_ROUTES.limitLogs,
    { schema: limitLogSchema },
    async (request, reply) => {
      const { clientId } = request.params;
      const { status = null, id = null } = request.query;
      if (status !== null) assertStorableText(status, 'querystring/status');
      if (id !== null) assertStorableText(id, 'querystring/id');
      if (!(await configuration.findClient(clientId))) return notFound(reply, `Unknown client ${clientId}`);
      await insights.recordLimitLog(clientId, status, id);
      request.log.info({ clientId, status, upgradeId: id }, 'Client usage limit reached');
      return { success: true } satisfies SuccessAnswer;
    },
  );
};

// /api/owner/{clientId}/popups: authoring behind registerOwnerAuth (a granted owner's session, or a token).
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ConfigurationRepository, PopupConfigJson } from '../configuration/repository.ts';
import { errorBody } from '../platform/errors.ts';
import { CLIENT_ID_PATTERN, POPTIN_ID_PATTERN } from '../platform/ids.ts';
import type { Language, PopupDetail } from './contract.ts';
import { fieldErrors, LANGUAGES, ROW_NUMBER_SCHEMA } from './fields.ts';
import { actorOf } from './owner-auth.ts';
import type { PopupAuthoring } from './popup-store.ts';
import type { Templates } from './templates.ts';
import { validatePopupConfig } from './validate-popup.ts';

export interface PopupRoutesOptions {
  configuration: Pick<ConfigurationRepository, 'findClient'>;
  popups: PopupAuthoring;
  templates: Templates;
}

/** A configuration with a designed template is tens of KiB; its HTML may reach MAX_TEMPLATE_HTML. */
export const POPUP_BODY_LIMIT = 1024 * 1024;
const MAX_PREVIEW_URL = 2000;

type PopupParams = { Params: { clientId: string; poptinId: string } };
type RevisionParams = { Params: { clientId: string; poptinId: string; revision: number } };

const clientIdSchema = { type: 'string', pattern: CLIENT_ID_PATTERN };
const clientParams = { type: 'object', properties: { clientId: clientIdSchema } };
const popupParams = {
  type: 'object',
  properties: { clientId: clientIdSchema, poptinId: { type: 'string', pattern: POPTIN_ID_PATTERN } },
};
const revisionParams = { type: 'object', properties: { ...popupParams.properties, revision: ROW_NUMBER_SCHEMA } };
const configBody = { type: 'object', required: ['config'], properties: { config: { type: 'object' } } };

const popupAnswer = (popup: PopupDetail) => ({ popup });

export const popupRoutes: FastifyPluginAsync<PopupRoutesOptions> = async (
  app,
  { configuration, popups, templates },
) => {
  async function knownSite(clientId: string, reply: FastifyReply): Promise<boolean> {
    if (await configuration.findClient(clientId)) return true;
    await reply.code(404).send(errorBody(404, `Unknown site ${clientId}`));
    return false;
  }

  const noPopup = (reply: FastifyReply, poptinId: string) =>
    reply.code(404).send(errorBody(404, `No pop-up ${poptinId} on this site`));

  /** The answer to a change of one pop-up: the pop-up, or 404 when the site has none by that id. */
  const answer = (reply: FastifyReply, poptinId: string, popup: PopupDetail | null) =>
    popup ? popupAnswer(popup) : noPopup(reply, poptinId);

  app.get<{ Params: { clientId: string } }>(
    '/:clientId/popups',
    { schema: { params: clientParams } },
    async (request, reply) => {
      if (!(await knownSite(request.params.clientId, reply))) return reply;
      return { popups: await popups.list(request.params.clientId) };
    },
  );

  app.post<{
    Params: { clientId: string };
    Body: { config?: PopupConfigJson; templateId?: string; language?: Language };
  }>(
    '/:clientId/popups',
    {
      bodyLimit: POPUP_BODY_LIMIT,
      schema: {
        params: clientParams,
        body: {
          type: 'object',
          properties: {
            config: { type: 'object' },
            templateId: { type: 'string', pattern: '^[a-z0-9-]{1,64}$' },
            language: { type: 'string', enum: [...LANGUAGES] },
          },
        },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      if (!(await knownSite(clientId, reply))) return reply;
      const { templateId, config: sent } = request.body;
      let config = sent;
      if (!config && templateId) {
        const language =
          request.body.language ?? ((await configuration.findClient(clientId))?.lang === 'he' ? 'he' : 'en');
        config = (await templates.config(templateId, language)) ?? undefined;
        if (!config) return fieldErrors(reply, [{ field: 'templateId', message: `names no template (${templateId})` }]);
      }
      if (!config) return fieldErrors(reply, [{ field: 'config', message: 'is required (or templateId)' }]);
      const fields = validatePopupConfig(config);
      if (fields.length > 0) return fieldErrors(reply, fields);
      const popup = await popups.create(clientId, config, actorOf(request.ownerAccess));
      if (!popup)
        return reply.code(409).send(errorBody(409, `The pop-up id ${String(config.poptin_id)} is in use already`));
      return reply.code(201).send(popupAnswer(popup));
    },
  );

  app.post<{ Params: { clientId: string }; Body: { config: unknown } }>(
    '/:clientId/popups/validate',
    { bodyLimit: POPUP_BODY_LIMIT, schema: { params: clientParams, body: configBody } },
    async (request) => {
      const fields = validatePopupConfig(request.body.config);
      // DOMPurify needs a DOM; the console runs it in the browser with the widget's own rules (src/core/sanitize.ts).
      return { ok: fields.length === 0, fields, sanitizer: null };
    },
  );

  app.get<PopupParams>('/:clientId/popups/:poptinId', { schema: { params: popupParams } }, async (request, reply) =>
    answer(reply, request.params.poptinId, await popups.find(request.params.clientId, request.params.poptinId)),
  );

  app.put<PopupParams & { Body: { draft: PopupConfigJson; revision: number } }>(
    '/:clientId/popups/:poptinId',
    {
      bodyLimit: POPUP_BODY_LIMIT,
      schema: {
        params: popupParams,
        body: {
          type: 'object',
          required: ['draft', 'revision'],
          properties: { draft: { type: 'object' }, revision: ROW_NUMBER_SCHEMA },
        },
      },
    },
    async (request, reply) => {
      const { clientId, poptinId } = request.params;
      const fields = validatePopupConfig(request.body.draft, poptinId);
      if (fields.length > 0) return fieldErrors(reply, fields);
      const saved = await popups.saveDraft(
        clientId,
        poptinId,
        request.body.draft,
        request.body.revision,
        actorOf(request.ownerAccess),
      );
      if (saved === 'missing') return noPopup(reply, poptinId);
      if (saved === 'conflict') {
        return reply
          .code(409)
          .send(
            errorBody(
              409,
              `Revision ${request.body.revision} is not the latest: reload the pop-up, someone saved it since`,
            ),
          );
      }
      return popupAnswer(saved);
    },
  );

  app.post<PopupParams>(
    '/:clientId/popups/:poptinId/publish',
    { schema: { params: popupParams } },
    async (request, reply) =>
      answer(reply, request.params.poptinId, await popups.publish(request.params.clientId, request.params.poptinId)),
  );

  app.post<PopupParams>(
    '/:clientId/popups/:poptinId/pause',
    { schema: { params: popupParams } },
    async (request, reply) =>
      answer(reply, request.params.poptinId, await popups.pause(request.params.clientId, request.params.poptinId)),
  );

  app.post<PopupParams>(
    '/:clientId/popups/:poptinId/resume',
    { schema: { params: popupParams } },
    async (request, reply) => {
      const { clientId, poptinId } = request.params;
      const resumed = await popups.resume(clientId, poptinId);
      if (!resumed && (await popups.find(clientId, poptinId))) {
        return reply.code(409).send(errorBody(409, 'This pop-up was never published: publish it instead'));
      }
      return answer(reply, poptinId, resumed);
    },
  );

  app.post<PopupParams>(
    '/:clientId/popups/:poptinId/duplicate',
    { schema: { params: popupParams } },
    async (request, reply) => {
      const copy = await popups.duplicate(
        request.params.clientId,
        request.params.poptinId,
        actorOf(request.ownerAccess),
      );
      return copy ? reply.code(201).send(popupAnswer(copy)) : noPopup(reply, request.params.poptinId);
    },
  );

  app.delete<PopupParams>(
    '/:clientId/popups/:poptinId',
    { schema: { params: popupParams } },
    async (request, reply) => {
      if (!(await popups.remove(request.params.clientId, request.params.poptinId)))
        return noPopup(reply, request.params.poptinId);
      return reply.code(204).send();
    },
  );

  app.get<PopupParams>(
    '/:clientId/popups/:poptinId/revisions',
    { schema: { params: popupParams } },
    async (request, reply) => {
      const revisions = await popups.revisions(request.params.clientId, request.params.poptinId);
      return revisions ? { revisions } : noPopup(reply, request.params.poptinId);
    },
  );

  app.get<RevisionParams>(
    '/:clientId/popups/:poptinId/revisions/:revision',
    { schema: { params: revisionParams } },
    async (request, reply) => {
      const { clientId, poptinId, revision } = request.params;
      const config = await popups.revision(clientId, poptinId, revision);
      if (!config) return reply.code(404).send(errorBody(404, `Pop-up ${poptinId} has no revision ${revision}`));
      return { revision, config };
    },
  );

  app.post<RevisionParams>(
    '/:clientId/popups/:poptinId/revisions/:revision/restore',
    { schema: { params: revisionParams } },
    async (request, reply) => {
      const { clientId, poptinId, revision } = request.params;
      const config = await popups.revision(clientId, poptinId, revision);
      if (!config) return reply.code(404).send(errorBody(404, `Pop-up ${poptinId} has no revision ${revision}`));
      const restored = await popups.saveDraft(clientId, poptinId, config, null, actorOf(request.ownerAccess));
      return typeof restored === 'string' ? noPopup(reply, poptinId) : popupAnswer(restored);
    },
  );

  app.get<PopupParams & { Querystring: { url: string } }>(
    '/:clientId/popups/:poptinId/preview-link',
    {
      schema: {
        params: popupParams,
        querystring: {
          type: 'object',
          required: ['url'],
          properties: { url: { type: 'string', maxLength: MAX_PREVIEW_URL } },
        },
      },
    },
    async (request, reply) => {
      const { clientId, poptinId } = request.params;
      let page: URL;
      try {
        page = new URL(request.query.url);
        if (!['http:', 'https:'].includes(page.protocol)) throw new Error('not a web page');
      } catch {
        return fieldErrors(reply, [
          { field: 'url', message: 'must be the http:// or https:// address of a page of your site' },
        ]);
      }
      if (!(await popups.find(clientId, poptinId))) return noPopup(reply, poptinId);
      page.searchParams.set('ppt-preview', poptinId);
      page.searchParams.set('ppt-draft', await popups.createPreviewToken(poptinId));
      return { url: page.toString() };
    },
  );
};

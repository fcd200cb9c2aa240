import type { FastifyPluginAsync } from 'fastify';
import {
  CLIENT_RESTRICTED,
  type ClickDisplayAnswer,
  DISPLAY_ROUTES,
  MAX_VIEWS_REACHED,
} from '../../src/core/api/contract.ts';
import type { ConfigurationRepository } from '../configuration/repository.ts';
import type { EventRepository } from '../insights/events-repository.ts';
import type { LeadRepository } from '../leads/repository.ts';
import { errorBody } from '../platform/errors.ts';
import { type ClickDisplayBody, clickDisplaySchema } from '../platform/schemas.ts';
import { lastConversions, readCountryCode, resolveVisitorId } from './display.ts';
import { toDisplayPoptin } from './display-poptin.ts';
import { pageViewOf, splitByPageView } from './page-view-rules.ts';

export interface ClickRoutesOptions {
  configuration: Pick<ConfigurationRepository, 'config'>;
  insights: Pick<EventRepository, 'countClientViews' | 'recordClick'>;
  leads: Pick<LeadRepository, 'lastConversionsOfVisitor'>;
}

/**
 * `POST /api/display/click/{poptinId}` (widget §7 click-display): a click-to-open link's pop-up that was not in the
 * page's display answer. The server applies that pop-up's page-view rules (device, country, address, referrer,
 * converted visitors) to the page view the body describes, counts the click, and answers the pop-up in the display
 * answer's shape or the rules that leave it out, by id and reason only.
 */
export const clickRoutes: FastifyPluginAsync<ClickRoutesOptions> = async (app, { configuration, insights, leads }) => {
  app.post<{ Params: { poptinId: string }; Body: ClickDisplayBody }>(
    DISPLAY_ROUTES.click,
    { schema: clickDisplaySchema },
    async (request, reply) => {
      const { poptinId } = request.params;
      const body = request.body;
      const { client, popups } = await configuration.config.get(body.client_id);
      const popup = popups.find((candidate) => candidate.poptin_id === poptinId);
      // One answer for a pop-up that does not exist, is paused or is another client's: nothing is told about others.
      if (!client || !popup)
        return reply.code(404).send(errorBody(404, `Client ${body.client_id} has no active pop-up ${poptinId}`));
      if (client.restricted) return { display: 'not_allowed', message: CLIENT_RESTRICTED } satisfies ClickDisplayAnswer;
      if (client.max_views !== null && (await insights.countClientViews(client.client_id)) >= client.max_views) {
        return { display: 'not_allowed', message: MAX_VIEWS_REACHED } satisfies ClickDisplayAnswer;
      }
      const visitorId = resolveVisitorId(request, reply, body);
      const conversions = await lastConversions(leads, client, [popup], visitorId);
      // A click opens the pop-up now: one whose schedule has not started yet stays closed.
      const view = pageViewOf(body, readCountryCode(request), conversions, client.time_zone ?? null, 0);
      const { shown, leftOut } = splitByPageView([popup], view);
      await insights.recordClick({
        poptin_id: poptinId,
        client_id: client.client_id,
        url: body.poptin_viewed_url ?? null,
        shown: shown.length > 0,
      });
      const [blocked] = leftOut;
      if (blocked) {
        const { poptin_id, poptin_type, blocked_by } = blocked;
        return {
          display: 'not_allowed',
          left_out: { poptin_id, poptin_type, blocked_by },
        } satisfies ClickDisplayAnswer;
      }
      return { display: 'allowed', poptin: toDisplayPoptin(popup) } satisfies ClickDisplayAnswer;
    },
  );
};

// The click-display call (widget §7), a chunk of its own: only a click on a link to a pop-up missing from the page's
// display answer needs it.
import { parsePopupConfig, readLeftOut } from '../config/parse.ts';
import type { LeftOutPopup, PopupConfig } from '../config/types.ts';
import { type ClickDisplayAnswer, type ClickDisplayRequest, DISPLAY_ROUTES, displayApiPath } from './contract.ts';
import type { DisplayApi } from './display-api.ts';
import { postJson } from './http.ts';

export type ClickDisplayOutcome = { config: PopupConfig } | { leftOut: LeftOutPopup | null; message: string };

/**
 * A click-to-open link's pop-up, asked for with this page view's facts: the pop-up when its rules let this page view
 * show it; else why not, by rule, or the site's restriction.
 */
export async function clickDisplay(
  api: DisplayApi,
  poptinId: string,
  body: ClickDisplayRequest,
  fetchImpl?: typeof fetch,
): Promise<ClickDisplayOutcome> {
  const answer = await postJson<ClickDisplayAnswer>(api.url(displayApiPath(DISPLAY_ROUTES.click, { poptinId })), body, {
    fetchImpl,
  });
  if (answer?.display === 'allowed' && answer.poptin) return { config: parsePopupConfig(answer.poptin) };
  return {
    leftOut: readLeftOut([answer?.left_out])[0] ?? null,
    message: typeof answer?.message === 'string' ? answer.message : '',
  };
}

/** Why a clicked pop-up is not shown, for the console. */
export function notShownReason(id: string, outcome: { leftOut: LeftOutPopup | null; message: string }): string {
  const rules = outcome.leftOut?.blockedBy.map((rule) => `${rule.rule}: ${rule.reason}`).join('; ');
  return `pop-up ${id} is not shown on this page view: ${rules || outcome.message || 'the server said no'}`;
}

// Timings of widget §4 and §9.
/** Widget §4 "Escape (after 800 ms)": Escape is ignored this long after a pop-up shows, then closes it at once. */
export const ESCAPE_GUARD_MS = 800;
export const EXIT_EFFECT_MS = 800;
export const OUTSIDE_CLICK_FOLLOW_UP_MS = 1_000;
export const THANK_YOU_AUTO_CLOSE_DEFAULT_S = 5;
export const THANK_YOU_WITHOUT_AUTO_CLOSE_S = 60;
export const SHAKE_MS = 1_000;
/** Widget §4: a click on a redirect link submits the form 1.5 s later. */
export const REDIRECT_LINK_SUBMIT_MS = 1_500;

/** Widget §4: a closed pop-up is removed 5 s after its fade, 0.2 s when the close was forced, 1.5 s with teasers. */
export const REMOVAL_DELAY_MS = 5_000;
export const FORCED_REMOVAL_DELAY_MS = 200;
export const TEASER_REMOVAL_DELAY_MS = 1_500;

export function removalDelayMs({ forced, teasers }: { forced: boolean; teasers: boolean }): number {
  if (forced) return FORCED_REMOVAL_DELAY_MS;
  return teasers ? TEASER_REMOVAL_DELAY_MS : REMOVAL_DELAY_MS;
}

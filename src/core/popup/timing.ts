// Timings of widget §4 and §9.
export const ESCAPE_CLOSE_DELAY_MS = 800;
export const EXIT_EFFECT_MS = 800;
export const OUTSIDE_CLICK_FOLLOW_UP_MS = 1_000;
export const THANK_YOU_AUTO_CLOSE_DEFAULT_S = 5;
export const THANK_YOU_WITHOUT_AUTO_CLOSE_S = 60;
export const SHAKE_MS = 1_000;

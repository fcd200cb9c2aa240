// Pure rules of the K3 brochure site (site spec §5 and §9): link sanitising, anchor ids, steppers, breakpoints.

const ALLOWED_PROTOCOLS = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'news',
  'irc',
  'irc6',
  'ircs',
  'gopher',
  'nntp',
  'feed',
  'telnet',
  'mms',
  'rtsp',
  'sms',
  'svn',
  'tel',
  'fax',
  'xmpp',
  'webcal',
  'urn',
];

/** Relative, hash and allowed-protocol links pass; anything else becomes '#', with the site's console message. */
export function sanitizeUrl(
  url: string,
  report: (message: string) => void = (message) => console.error(message),
): string {
  const trimmed = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed.replace(/[\u0000-\u001f\s]/g, ''));
  if (!scheme) return trimmed;
  if (ALLOWED_PROTOCOLS.includes(scheme[1]!.toLowerCase())) return trimmed;
  report(`Error sanitizing URL: Invalid protocol ${scheme[1]}`);
  return '#';
}

/** A letter first, then letters, digits, underscore, colon, dot, hyphen. */
export const ANCHOR_ID = /^[A-Za-z][A-Za-z0-9_:.-]*$/;
export const isAnchorId = (id: string): boolean => ANCHOR_ID.test(id);

/** The popup-selector parameter: only the two known forms may be clicked. */
export const POPUP_SELECTOR = /^[a-z0-9_-]+$/i;
export const POPUP_SELECTOR_TARGETS = ['eael-lostpassword', 'eael-resetpassword'] as const;
export function popupSelectorTarget(value: string | null): (typeof POPUP_SELECTOR_TARGETS)[number] | null {
  if (!value || !POPUP_SELECTOR.test(value)) return null;
  return (POPUP_SELECTOR_TARGETS as readonly string[]).includes(value)
    ? (value as (typeof POPUP_SELECTOR_TARGETS)[number])
    : null;
}

export interface StepperLimits {
  min?: number | null;
  max?: number | null;
  step?: number | null;
}

/** One step up or down, kept within min and max and on the step grid from min (default step 1). */
export function stepQuantity(value: number, direction: 1 | -1, limits: StepperLimits = {}): number {
  const step = limits.step && limits.step > 0 ? limits.step : 1;
  const min = limits.min ?? 0;
  const max = limits.max ?? Infinity;
  const base = Number.isFinite(value) ? value : min;
  const onGrid = Math.round((base - min) / step) * step + min;
  const next =
    onGrid === base
      ? base + direction * step
      : direction > 0
        ? Math.ceil((base - min) / step) * step + min
        : Math.floor((base - min) / step) * step + min;
  const rounded = Math.round(next * 1e9) / 1e9;
  return Math.min(max, Math.max(min, rounded));
}

export const BREAKPOINTS = {
  mobile: { value: 767, enabled: true },
  mobile_extra: { value: 880, enabled: false },
  tablet: { value: 1024, enabled: true },
  tablet_extra: { value: 1200, enabled: true },
  laptop: { value: 1366, enabled: false },
  widescreen: { value: 2400, enabled: false },
} as const;
export const HEADER_MOBILE_BELOW = 921;

/** The enabled device a viewport width falls in (each breakpoint is the largest width it covers). */
export function deviceFor(width: number): 'mobile' | 'tablet' | 'tablet_extra' | 'desktop' {
  if (width <= BREAKPOINTS.mobile.value) return 'mobile';
  if (width <= BREAKPOINTS.tablet.value) return 'tablet';
  if (width <= BREAKPOINTS.tablet_extra.value) return 'tablet_extra';
  return 'desktop';
}

export const ADDON_TEXTS = { required: 'is a required field', invalid: 'Invalid' } as const;

import type { Device } from '../insights/contract.ts';

/**
 * The kind of device a browser runs on, from its User-Agent, as stats group views: tablets first (an iPad or
 * an Android tablet also says "Mobile" in some browsers), then phones, then anything else that names a desktop
 * system. A missing or unknown header is 'unknown', never a guess.
 */
export function deviceOf(userAgent: string | undefined): Device {
  if (!userAgent) return 'unknown';
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return 'mobile';
  if (/Windows NT|Macintosh|X11|Linux|CrOS/i.test(userAgent)) return 'desktop';
  return 'unknown';
}

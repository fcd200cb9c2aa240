import { combine } from '../safety.ts';
import { later } from '../timers.ts';
import { fireOnce } from './fire-once.ts';
import { type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

/** Class names that ad blockers' element-hiding lists hide; the bait carries them all. */
export const ADBLOCK_BAIT_CLASSES = [
  'adsbox',
  'ad-banner',
  'ad-placement',
  'adsbygoogle',
  'pub_300x250',
  'pub_728x90',
  'text-ad',
  'textAd',
  'sponsored-ad',
];
/** Blockers apply their hiding styles shortly after an element is inserted. */
export const ADBLOCK_CHECK_DELAY_MS = 200;

/** Whether the bait was removed, hidden or collapsed. */
export function isBaitBlocked(bait: HTMLElement): boolean {
  if (!bait.isConnected) return true;
  const view = bait.ownerDocument.defaultView;
  const style = view?.getComputedStyle(bait);
  if (style && (style.display === 'none' || style.visibility === 'hidden')) return true;
  return bait.offsetHeight === 0 || bait.offsetWidth === 0;
}

/**
 * Ad-blocker detection, done locally (no detection script from a CDN): a bait element with ad-like class
 * names is inserted and checked after ADBLOCK_CHECK_DELAY_MS; when it survives and `adblockProbeUrl`
 * is set, a request to that same-origin path that fails at the network level also counts as blocked.
 * `onDetected` defaults to firing the adblock trigger.
 */
export function armAdblock(
  context: TriggerContext,
  onDetected: () => void = () => context.fire(TRIGGER_NAMES.adblock),
): Disarm {
  const gate = fireOnce(onDetected);
  const doc = context.document;
  let active = true;
  const bait = doc.createElement('div');
  bait.className = ADBLOCK_BAIT_CLASSES.join(' ');
  bait.setAttribute('aria-hidden', 'true');
  bait.style.cssText = 'position:absolute;left:-10000px;top:-10000px;width:1px;height:1px;pointer-events:none;';
  bait.textContent = '\u00a0';
  (doc.body ?? doc.documentElement).appendChild(bait);
  const cancel = later(context.window, ADBLOCK_CHECK_DELAY_MS, () => {
    const blocked = isBaitBlocked(bait);
    bait.remove();
    if (blocked) return gate.fire();
    if (context.adblockProbeUrl)
      void probe(context.adblockProbeUrl).then((probeBlocked) => active && probeBlocked && gate.fire());
  });
  const probe = async (url: string): Promise<boolean> => {
    try {
      await context.window.fetch(url, { method: 'HEAD', cache: 'no-store', credentials: 'omit' });
      return false;
    } catch {
      return true;
    }
  };
  const disarm = combine([cancel, () => bait.remove(), () => (active = false)]);
  gate.onFire(disarm);
  return disarm;
}

export function armAdblockFromConfig(context: TriggerContext): Disarm {
  return context.config.triggers.ifAdblock ? armAdblock(context) : () => {};
}

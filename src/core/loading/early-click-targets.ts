// The pop-up's side of early clicks (early-clicks.ts, the loader's side): apart, so that only the pop-up's code
// carries it.
import { ASK_EARLY_CLICKS, type EarlyClicksRequest } from './early-clicks.ts';

/** The pop-up's side: the elements clicked in the last EARLY_CLICK_MS (none without a loader on the page). */
export function earlyClickTargets(doc: Document): Element[] {
  let targets: Element[] = [];
  doc.dispatchEvent(
    new CustomEvent<EarlyClicksRequest>(ASK_EARLY_CLICKS, { detail: { reply: (clicked) => (targets = clicked) } }),
  );
  return targets;
}

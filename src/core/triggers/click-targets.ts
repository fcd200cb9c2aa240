import { poptinIdOf } from './click-to-open.ts';

// Apart from click-to-open.ts, whose module the loader holds: only the session asks this, so the loader does not carry it.

/** Elements that may open a pop-up by a click: the selector twin of click-to-open.ts's three patterns, read by `poptinIdOf`. */
const CANDIDATES = '[data-poptin-id], a[href*="/click/"], area[href*="/click/"], [onclick*="poptin" i]';

/** Whether the page holds an element whose click opens pop-up `poptinId` (widget §2 "Triggering by click"). */
export function hasClickTargetFor(root: ParentNode, poptinId: string): boolean {
  for (const element of root.querySelectorAll(CANDIDATES)) if (poptinIdOf(element) === poptinId) return true;
  return false;
}

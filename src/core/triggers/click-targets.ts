import { poptinIdOf } from './click-to-open.ts';

/** Elements that may open a pop-up by a click (click-to-open.ts reads each for its id). */
const CANDIDATES = '[data-poptin-id], a[href*="/click/"], area[href*="/click/"], [onclick*="poptin" i]';

/** Whether the page holds an element whose click opens pop-up `poptinId` (widget §2 "Triggering by click"). */
export function hasClickTargetFor(root: ParentNode, poptinId: string): boolean {
  for (const element of root.querySelectorAll(CANDIDATES)) if (poptinIdOf(element) === poptinId) return true;
  return false;
}

// In-page anchors (site spec §2, §5): smooth scrolling, the hash after load 750 ms later, and hashes that open a
// tab or an accordion item with the matching id.
import { TIMINGS, tabIdFromHash } from '../k3-behaviour.ts';
import { isAnchorId } from '../k3-rules.ts';
import { animateScrollTo } from './scroll.tsx';

/** Tabs and accordion items listen for this to open themselves. */
export const OPEN_SECTION_EVENT = 'k3-open-section';

function follow(hash: string): boolean {
  const id = tabIdFromHash(hash, isAnchorId);
  if (!id) return false;
  const target = document.getElementById(id);
  if (!target) return false;
  target.dispatchEvent(new CustomEvent(OPEN_SECTION_EVENT, { bubbles: true }));
  animateScrollTo(target.getBoundingClientRect().top + window.scrollY - 16, TIMINGS.tabScrollMs);
  return true;
}

/** Starts the anchor behaviour for the page; returns its removal. */
export function startAnchors(): () => void {
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
    const hash = link?.getAttribute('href') ?? '';
    // #joinchat and #whatsapp belong to the chat button.
    if (!link || hash === '#' || hash === '#joinchat' || hash === '#whatsapp') return;
    if (follow(hash)) {
      event.preventDefault();
      history.pushState(null, '', hash);
    }
  };
  document.addEventListener('click', onClick);
  const afterLoad = setTimeout(() => {
    if (location.hash) follow(location.hash);
  }, TIMINGS.anchorAfterLoadMs);
  return () => {
    document.removeEventListener('click', onClick);
    clearTimeout(afterLoad);
  };
}

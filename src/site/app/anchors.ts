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

/** The chat button's own hashes. */
const isChatHash = (hash: string) => hash === '#joinchat' || hash === '#whatsapp';

/**
 * The browser jumps to a hash's element as soon as the document finishes parsing with it drawn, which a slow script
 * delays past the site's first render; the site spec wants that scroll 750 ms after load. So a hash naming a tab or
 * a section leaves the address until then. Call it before the first render; returns the hash held back.
 */
export function holdHashUntilAfterLoad(): string {
  const hash = location.hash;
  if (!hash || isChatHash(hash) || !tabIdFromHash(hash, isAnchorId)) return '';
  history.replaceState(history.state, '', location.pathname + location.search);
  return hash;
}

/** Starts the anchor behaviour for the page, following `heldHash` after load; returns its removal. */
export function startAnchors(heldHash = ''): () => void {
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
    const hash = link?.getAttribute('href') ?? '';
    // #joinchat and #whatsapp belong to the chat button.
    if (!link || hash === '#' || isChatHash(hash)) return;
    if (follow(hash)) {
      event.preventDefault();
      history.pushState(null, '', hash);
    }
  };
  document.addEventListener('click', onClick);
  const afterLoad = setTimeout(() => {
    // A link the visitor followed in the meantime wins over the address's hash.
    if (heldHash && !location.hash) history.replaceState(history.state, '', heldHash);
    if (location.hash) follow(location.hash);
  }, TIMINGS.anchorAfterLoadMs);
  return () => {
    document.removeEventListener('click', onClick);
    clearTimeout(afterLoad);
  };
}

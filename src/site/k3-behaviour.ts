// Pure behaviour of the K3 brochure site (site spec §2, §4, §9): timings, what shows at a scroll position,
// carousel sizes, the mobile menu's open branches. The React views in src/site/app use these.
import { deviceFor, HEADER_MOBILE_BELOW } from './k3-rules.ts';

export const TIMINGS = {
  menuSlideMs: 300,
  searchFocusMs: 200,
  anchorAfterLoadMs: 750,
  popupSelectorClickMs: 300,
  scrollToTopMs: 300,
  tabScrollMs: 300,
} as const;

/** The theme's scroll-to-top control shows past 300 px. */
export const SCROLL_TO_TOP_AFTER_PX = 300;
export const LAZY_LOAD_MARGIN_PX = 200;

export const scrollToTopVisible = (scrollY: number): boolean => scrollY > SCROLL_TO_TOP_AFTER_PX;

/** The reading-progress bar's width in percent: how far through the scrollable height the page is. */
export function readingProgress(scrollY: number, documentHeight: number, viewportHeight: number): number {
  const scrollable = documentHeight - viewportHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.max(0, (scrollY / scrollable) * 100));
}

export const usesMobileHeader = (width: number): boolean => width < HEADER_MOBILE_BELOW;

/** Carousel slides in view: 3, on tablets 2 (1 if there is a single slide), on phones 1. */
export function slidesPerView(width: number, slideCount: number): number {
  const device = deviceFor(width);
  const wanted = device === 'mobile' ? 1 : device === 'tablet' ? (slideCount === 1 ? 1 : 2) : 3;
  return Math.max(1, Math.min(wanted, slideCount));
}

/** The mobile menu opens one branch at a time: opening a submenu closes its siblings and their children. */
export function toggleBranch(open: readonly string[], path: readonly string[]): string[] {
  const key = path.join('/');
  if (open.includes(key)) return open.filter((branch) => branch !== key && !branch.startsWith(`${key}/`));
  const parent = path.slice(0, -1).join('/');
  const kept = open.filter((branch) => (parent !== '' ? branch === parent || parent.startsWith(`${branch}/`) : false));
  return [...kept, key];
}

/** A hash that may open a tab or accordion item: `#id` with an id of the allowed pattern. */
export function tabIdFromHash(hash: string, isAnchorId: (id: string) => boolean): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return id && isAnchorId(id) ? id : null;
}

/** Visited pages kept at most (the cookie keeps the newest that fit: record.ts). */
export const MAX_VISITED_PAGES = 50;

export interface VisitedPage {
  url: string;
  at: number;
}

/** MM-DD-YYYY in the visitor's local time (widget §3 visited pages date stamps). */
export function formatDateStamp(at: number): string {
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${date.getFullYear()}`;
}

// "|" separates the list, so a "|" inside an address is written percent-encoded.
function escapeUrl(url: string): string {
  return url.replace(/\|/g, '%7C');
}

/** `url|url|…` */
export function joinPages(pages: readonly VisitedPage[]): string {
  return pages.map((page) => escapeUrl(page.url)).join('|');
}

/** `url@MM-DD-YYYY|url@MM-DD-YYYY|…` */
export function joinPagesWithDates(pages: readonly VisitedPage[]): string {
  return pages.map((page) => `${escapeUrl(page.url)}@${formatDateStamp(page.at)}`).join('|');
}

/** Appends a page, keeping the newest MAX_VISITED_PAGES. */
export function appendPage(pages: readonly VisitedPage[], page: VisitedPage): VisitedPage[] {
  return [...pages, page].slice(-MAX_VISITED_PAGES);
}

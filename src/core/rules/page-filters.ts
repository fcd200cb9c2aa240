// The filters that read the page itself: its cookies, its script's variables, the visitor's engagement with the
// site's other pop-ups and the page's source. Loaded only for a page with a pop-up that sets one of them
// (decision/visit-rules.ts, pageFiltersFor).
export { evaluateCookieFilter } from './cookie-filter.ts';
export { evaluateEngagementFilter } from './engagement.ts';
export { evaluateJsFilter } from './js-filter.ts';
export { evaluateSourceCodeTarget } from './source-code.ts';

// The triggers that watch the visitor or the page (exit intent, scroll, clicks, page visits, inactivity, the cart, an
// embed coming into view, an ad blocker). A page whose pop-ups show on a timer or at once never downloads them: they
// are loaded beside the rules' modules, only when one of them arms one, and its pop-ups are armed once they are here
// (arm.ts, triggerWatchersFor).
export { armAdblock } from './adblock.ts';
export { armCart } from './cart.ts';
export { armClicks } from './clicks.ts';
export { armExitIntentNow } from './exit-intent.ts';
export { armInView } from './in-view.ts';
export { armInactivity } from './inactivity.ts';
export { armPageVisits } from './page-visits.ts';
export { armScroll } from './scroll.ts';

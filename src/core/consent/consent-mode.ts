// What the controller's session loads, as a chunk of its own, on a page in consent mode only.
export { anonymousDisplayRequest, holdUntilConsent } from './consent.ts';
export { type PageConsent, watchPageConsent } from './page-consent.ts';

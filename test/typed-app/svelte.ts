// Svelte 5 markup, as svelte-check would check it: an element's attributes are its SvelteHTMLElements entry. Every
// expected error below is a mistake the typings must refuse.
import type {} from 'poptin-elements/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';

export const wheel: SvelteHTMLElements['poptin-spin-wheel'] = {
  prizes: [{ label: 'Free shipping', chances: 100, is_winner: 1, code: 'SHIP' }],
  class: 'offer',
  'onpoptin-game-result': (event) => console.log(event.detail.isWinner, event.detail.screen),
};
export const countdown: SvelteHTMLElements['poptin-countdown'] = { minutes: 5, 'timer-ver': '1' };
export const popup: SvelteHTMLElements['poptin-popup'] = {
  kind: 'lightbox',
  'onpoptin-submit': (event) => console.log(event.detail.fields),
};

// @ts-expect-error: a pop-up kind the package does not know
export const wrongKind: SvelteHTMLElements['poptin-popup'] = { kind: 'sidebar' };
// @ts-expect-error: a layout the countdown does not have
export const wrongLayout: SvelteHTMLElements['poptin-countdown'] = { 'timer-ver': '3' };
// @ts-expect-error: a prize needs its chances
export const prizeWithoutChances: SvelteHTMLElements['poptin-spin-wheel'] = { prizes: { ten: { label: '10% off' } } };
export const wrongDetail: SvelteHTMLElements['poptin-popup'] = {
  // @ts-expect-error: the detail of poptin-submit has no "email"
  'onpoptin-submit': (event) => console.log(event.detail.email),
};

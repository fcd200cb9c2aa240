// Vue 3 templates, as vue-tsc would check them: a template's tag takes the props of its GlobalComponents entry, and
// h() with that component checks the same props. Each expected error is a mistake the typings must refuse.

import type { PoptinEventDetails } from 'poptin-elements';
import type {} from 'poptin-elements/vue';
import { type GlobalComponents, h } from 'vue';

type TemplateProps<Tag extends keyof GlobalComponents> = InstanceType<GlobalComponents[Tag]>['$props'];
declare const components: GlobalComponents;

export const wheel: TemplateProps<'poptin-spin-wheel'> = {
  prizes: [{ label: 'Free shipping', chances: 100, is_winner: 1, code: 'SHIP' }],
  'onpoptin-game-result': (event) => console.log(event.detail.isWinner, event.detail.screen),
};
export const countdown: TemplateProps<'poptin-countdown'> = { minutes: 5, 'timer-ver': '1' };
export const popup = h(components['poptin-popup'], {
  kind: 'lightbox',
  'onpoptin-submit': (event: CustomEvent<PoptinEventDetails['poptin-submit']>) => console.log(event.detail.fields),
});

// @ts-expect-error: a pop-up kind the package does not know
export const wrongKind: TemplateProps<'poptin-popup'> = { kind: 'sidebar' };
// @ts-expect-error: a layout the countdown does not have
export const wrongLayout: TemplateProps<'poptin-countdown'> = { 'timer-ver': '3' };
// @ts-expect-error: a prize needs its chances
export const prizeWithoutChances: TemplateProps<'poptin-spin-wheel'> = { prizes: { ten: { label: '10% off' } } };
export const wrongDetail: TemplateProps<'poptin-popup'> = {
  // @ts-expect-error: the detail of poptin-submit has no "email"
  'onpoptin-submit': (event) => console.log(event.detail.email),
};
// @ts-expect-error: h() refuses the same wrong value
export const wrongKindByH = h(components['poptin-popup'], { kind: 'sidebar' });

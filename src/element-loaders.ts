// Every element an owner may place by hand, with the import that defines it. The loader imports a definition
// only when its tag is on the page, so a page without these elements never downloads their code.
import type { ElementLoaders } from './core/loading/define-on-sight.ts';
import { hidePopupsUntilDefined } from './core/loading/until-defined.ts';

export const elementLoaders: ElementLoaders = {
  // Seen before the next frame (a MutationObserver's callback), so that its offer never paints as the page's text.
  // Pages without such a pop-up, most of them, keep their styles untouched.
  'poptin-popup': () => {
    hidePopupsUntilDefined(document);
    return import('./surfaces.ts');
  },
  'poptin-countdown': () => import('../elements/poptin-countdown/define.ts'),
  'poptin-chat-button': () => import('../elements/poptin-chat-button/define.ts'),
  'poptin-embed': () => import('../elements/poptin-embed/define.ts'),
  'poptin-teaser': () => import('../elements/poptin-teaser/define.ts'),
  'poptin-spin-wheel': () => import('../elements/poptin-spin-wheel/define.ts'),
  'poptin-scratch-card': () => import('../elements/poptin-scratch-card/define.ts'),
  'poptin-gift-box': () => import('../elements/poptin-gift-box/define.ts'),
  'poptin-product-recommendations': () => import('../elements/poptin-product-recommendations/define.ts'),
};

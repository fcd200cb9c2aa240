// The imports that define the elements a pop-up's template may hold (src/core/catalogue.ts says which): the
// template's parts load them from here, apart from src/registry.ts, whose pop-up line loads the surfaces chunk that
// holds those parts.
import type { TemplatePartKind } from './core/catalogue.ts';

export const PART_LOADERS = {
  countdown: () => import('../elements/poptin-countdown/define.ts'),
  'spin-wheel': () => import('../elements/poptin-spin-wheel/define.ts'),
  'scratch-card': () => import('../elements/poptin-scratch-card/define.ts'),
  'gift-box': () => import('../elements/poptin-gift-box/define.ts'),
  recommendations: () => import('../elements/poptin-product-recommendations/define.ts'),
} satisfies Record<TemplatePartKind, () => Promise<unknown>>;

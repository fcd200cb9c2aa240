// The product recommendations's React view: define.ts brings it with the element; an element defined without it (poptin-elements/define)
// imports it when first connected.
import { RecommendationsView } from '../../src/components/recommendations/recommendations-view.tsx';
import { surfaceView } from '../shared/surface-view.ts';
import { recommendationsStyles } from './styles.ts';

export const view = surfaceView({
  name: 'product recommendations',
  view: RecommendationsView,
  styles: recommendationsStyles,
});

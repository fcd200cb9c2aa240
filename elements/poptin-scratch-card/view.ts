// The scratch card's React view: define.ts brings it with the element; an element defined without it (poptin-elements/define)
// imports it when first connected.
import { ScratchCardView } from '../../src/components/games/scratch-card-view.tsx';
import { lockedGameStyles } from '../shared/game-element.ts';
import { surfaceView } from '../shared/surface-view.ts';
import { scratchCardStyles } from './styles.ts';

export const view = surfaceView({
  name: 'scratch card',
  view: ScratchCardView,
  styles: scratchCardStyles + lockedGameStyles,
});

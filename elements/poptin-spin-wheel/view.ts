// The spin wheel's React view: define.ts brings it with the element; an element defined without it (poptin-elements/define)
// imports it when first connected.
import { SpinWheelView } from '../../src/components/games/spin-wheel-view.tsx';
import { lockedGameStyles } from '../shared/game-element.ts';
import { surfaceView } from '../shared/surface-view.ts';
import { spinWheelStyles } from './styles.ts';

export const view = surfaceView({
  name: 'spin wheel',
  view: SpinWheelView,
  styles: spinWheelStyles + lockedGameStyles,
});

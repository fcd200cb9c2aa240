// The gift box's React view: define.ts brings it with the element; an element defined without it (poptin-elements/define)
// imports it when first connected.
import { GiftBoxView } from '../../src/components/games/gift-box-view.tsx';
import { lockedGameStyles } from '../shared/game-element.ts';
import { surfaceView } from '../shared/surface-view.ts';
import { giftBoxStyles } from './styles.ts';

export const view = surfaceView({ name: 'gift box', view: GiftBoxView, styles: giftBoxStyles + lockedGameStyles });

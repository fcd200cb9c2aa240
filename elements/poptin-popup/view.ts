// The pop-up's React view: define.ts brings it with the element; an element defined without it (poptin-elements/define)
// imports it when first connected.
import { PopupView } from '../../src/components/popup/popup-view.tsx';
import { surfaceView } from '../shared/surface-view.ts';
import { popupStyles } from './styles.ts';

export const view = surfaceView({ name: 'pop-up', view: PopupView, styles: popupStyles });

// The countdown's React view: define.ts brings it with the element; an element defined without it (poptin-elements/define)
// imports it when first connected.
import { CountdownView } from '../../src/components/countdown/countdown-view.tsx';
import { surfaceView } from '../shared/surface-view.ts';
import { countdownStyles } from './styles.ts';

export const view = surfaceView({ name: 'countdown', view: CountdownView, styles: countdownStyles });

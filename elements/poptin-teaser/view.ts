// The teaser tab's React view: define.ts brings it with the element; an element defined without it (poptin-elements/define)
// imports it when first connected.
import { TeaserView } from '../../src/components/teaser/teaser-view.tsx';
import { surfaceView } from '../shared/surface-view.ts';
import { teaserStyles } from './styles.ts';

export const view = surfaceView({ name: 'teaser tab', view: TeaserView, styles: teaserStyles });

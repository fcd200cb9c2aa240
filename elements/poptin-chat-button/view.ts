// The chat-button's React view: define.ts brings it with the element; an element defined without it (poptin-elements/define)
// imports it when first connected.
import { ChatButtonView } from '../../src/components/chat-button/chat-button-view.tsx';
import { surfaceView } from '../shared/surface-view.ts';
import { chatButtonStyles } from './styles.ts';

export const view = surfaceView({ name: 'chat-button', view: ChatButtonView, styles: chatButtonStyles });

import { PoptinChatButtonElement } from './poptin-chat-button.ts';
import { view } from './view.ts';

/** What poptin-elements/define imports, to draw the element it defined without React. */
export { view };

PoptinChatButtonElement.viewArrived(view);

if (!customElements.get('poptin-chat-button')) customElements.define('poptin-chat-button', PoptinChatButtonElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-chat-button': PoptinChatButtonElement;
  }
}

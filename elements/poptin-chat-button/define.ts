import { PoptinChatButtonElement } from './poptin-chat-button.ts';

if (!customElements.get('poptin-chat-button')) customElements.define('poptin-chat-button', PoptinChatButtonElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-chat-button': PoptinChatButtonElement;
  }
}

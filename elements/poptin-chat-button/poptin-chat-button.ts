import { ChatButtonView } from '../../src/components/chat-button/chat-button-view.tsx';
import { parseChatSettings, type ChatSettings } from '../../src/core/chat/settings.ts';
import { guard, log } from '../../src/core/safety.ts';
import { createSurfaceElement } from '../shared/surface-element.ts';
import { chatButtonStyles } from './styles.ts';

const SETTING_ATTRIBUTES = [
  'telephone', 'mobile-only', 'button-delay', 'message-delay', 'message-views', 'message-hash', 'message-badge',
  'message-send', 'whatsapp-web', 'qr', 'cta-viewed', 'sku', 'data-layer', 'ga-event', 'gads', 'settings',
];
const Surface = createSurfaceElement<ChatSettings>({ name: 'chat-button', view: ChatButtonView, styles: chatButtonStyles });

/**
 * A floating button that opens a WhatsApp chat; it needs no `<poptin-controller>`.
 *
 * @tag poptin-chat-button
 * @summary Floating chat button with a call-to-action chatbox.
 *
 * @attr telephone - The phone to chat with; without it nothing shows.
 * @attr settings - All settings as one JSON object (snake_case keys); attributes override it.
 * @attr button-delay - Seconds before the button shows (default 3; -1 at once, no animation).
 * @attr message-delay - Seconds before the message shows (default 10; negative never by itself).
 * @attr message-views - Page views before the chatbox opens by itself (default 2).
 * @attr message-send - The prefilled chat message.
 * @attr message-hash - Identifies the message, remembered once seen.
 *
 * @event poptin-chat-show - The button appeared.
 * @event poptin-chat-open - The chatbox is about to open; cancelable. detail: `{trigger}`
 * @event poptin-chat-close - The chatbox is about to close; cancelable. detail: `{trigger}`
 *
 * @csspart base - The button and its chatbox.
 * @csspart button - The round button.
 * @csspart chatbox - The open chatbox.
 * @csspart badge - The unread badge.
 */
export class PoptinChatButtonElement extends Surface {
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...SETTING_ATTRIBUTES];
  }

  private settingsValue: string | Record<string, unknown> | null = null;

  override attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    super.attributeChangedCallback?.(name, previous, value);
    if (previous !== value && SETTING_ATTRIBUTES.includes(name)) guard('chat button attributes', () => this.read());
  }

  get settings(): ChatSettings | null {
    return this.model.get();
  }

  set settings(value: string | Record<string, unknown> | null) {
    this.settingsValue = value;
    this.read();
  }

  private read(): void {
    const attributes: Record<string, string> = {};
    for (const name of SETTING_ATTRIBUTES) {
      const value = this.getAttribute(name);
      if (name !== 'settings' && value !== null) attributes[name] = value;
    }
    const result = parseChatSettings(this.settingsValue ?? this.getAttribute('settings'), attributes);
    if (result.ok) this.model.set(result.settings);
    else {
      this.model.set(null);
      log.warn(`<poptin-chat-button> shows nothing: ${result.error}`);
    }
  }
}

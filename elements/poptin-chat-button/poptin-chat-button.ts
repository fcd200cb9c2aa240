import { type ChatSettings, parseChatSettings } from '../../src/core/chat/settings.ts';
import { guard, log } from '../../src/core/safety.ts';
import { createSurfaceElement } from '../shared/surface-element.ts';

const SETTING_ATTRIBUTES = [
  'telephone',
  'mobile-only',
  'button-delay',
  'message-delay',
  'message-views',
  'message-hash',
  'message-badge',
  'message-send',
  'whatsapp-web',
  'qr',
  'cta-viewed',
  'sku',
  'data-layer',
  'ga-event',
  'gads',
  'settings',
];
const Surface = createSurfaceElement<ChatSettings>();

/**
 * A floating button that opens a WhatsApp chat; it needs no `<poptin-controller>`. A link to `#joinchat`, or
 * `#joinchat=N` or `?joinchat=N` in the page's address (the hash set after load too), opens its chatbox, after N
 * seconds when given, with the focus on the chatbox's opt-in box.
 *
 * @tag poptin-chat-button
 * @summary Floating chat button with a call-to-action chatbox.
 *
 * @attr {string} telephone - The phone to chat with; without it nothing shows.
 * @attr {string} settings - All settings as one JSON object (snake_case keys, e.g. `button_delay`); attributes override it.
 * @attr {number | string} button-delay - Seconds before the button shows (default 3; -1 at once, no animation).
 * @attr {number | string} message-delay - Seconds before the message shows (default 10; negative never by itself).
 * @attr {number | string} message-views - Page views before the chatbox opens by itself (default 2).
 * @attr {string} message-send - The prefilled chat message.
 * @attr {string} message-hash - Identifies the message, remembered once seen.
 * @attr {boolean | 'true' | 'false'} message-badge - Shows the unread badge on the button while the message waits (default off).
 * @attr {boolean | 'true' | 'false'} mobile-only - Shows only on phones and tablets (default off).
 * @attr {boolean | 'true' | 'false'} whatsapp-web - On a computer the chat opens in WhatsApp Web rather than the app (default off).
 * @attr {boolean | 'true' | 'false'} qr - On a computer the chatbox shows a QR code of the chat link (default off).
 * @attr {boolean | 'true' | 'false'} cta-viewed - The message counts as already seen: the chatbox never opens by itself (default off).
 * @attr {string} sku - A product code added to the analytics of a chat started here.
 * @attr {boolean | 'true' | 'false'} data-layer - A started chat is pushed to the page's `dataLayer` as `JoinChat` (default on; `false` turns it off).
 * @attr {string} ga-event - The Google Analytics event a started chat sends through `gtag` (default `generate_lead`).
 * @attr {string} gads - A Google Ads conversion (`AW-…/…`) a started chat sends through `gtag`.
 * @attr {string} poptin-id - Passed on in the events' detail.
 *
 * @prop {ChatSettingsInput | string | null} settings - All settings as one object (or its JSON); attributes override it. Reading it gives the settings in use.
 *
 * @event poptin-chat-show - The button appeared. detail: `{state}`, `shown` or `tooltip`
 * @event poptin-chat-open - The chatbox is about to open; cancelable. detail: `{trigger}`
 * @event poptin-chat-close - The chatbox is about to close; cancelable. detail: `{trigger}`
 * @event poptin-error - It could not render and shows nothing. detail: `{poptinId, message}`
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

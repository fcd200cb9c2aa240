import { useEffect, useRef, useState } from 'react';
import { analyticsParams, chatLink, joinchatRequest, maskPhone, phoneDigits } from '../../core/chat/link.ts';
import { type ChatMachine, type ChatSnapshot, createChatMachine } from '../../core/chat/machine.ts';
import type { ChatSettings } from '../../core/chat/settings.ts';
import { createChatStorage } from '../../core/chat/storage.ts';
import { combine, guard, listenSafely } from '../../core/safety.ts';
import { emit } from '../shared/emit.ts';
import { SurfaceStyles } from '../shared/surface-frame.tsx';
import { useSurfaceHost } from '../shared/surface-host.ts';
import { useStore } from '../shared/use-store.ts';

type AnalyticsWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: (...args: unknown[]) => void;
};

const isMobile = () =>
  guard('chat device', () => window.matchMedia('(max-width: 767px), (pointer: coarse)').matches, false) ?? false;
const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type));
/** What has the focus, inside the shadow roots of the elements it sits in (a pop-up's field). */
function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function track(settings: ChatSettings, link: string, trigger: string, mobile: boolean): void {
  const page = window as AnalyticsWindow;
  const phone = phoneDigits(settings.telephone);
  const params = analyticsParams(link, phone, trigger, mobile, { location: location.href, title: document.title });
  if (settings.dataLayer && Array.isArray(page.dataLayer)) page.dataLayer.push({ event: 'JoinChat', ...params });
  if (typeof page.gtag === 'function') {
    if (settings.gaEvent) page.gtag('event', settings.gaEvent, { ...params, transport_type: 'beacon' });
    if (settings.gads) page.gtag('event', 'conversion', { send_to: settings.gads });
  }
  if (typeof page.fbq === 'function')
    page.fbq('trackCustom', 'JoinChat', {
      ...params,
      chat_id: maskPhone(phone),
      event_action: `whatsapp: ${maskPhone(phone)}`,
    });
}

// The encoder is its own chunk: only owners who turn qr on pay for it.
function Qr({ link }: { link: string }): React.JSX.Element | null {
  const [code, setCode] = useState<{ size: number; path: string } | null>(null);
  useEffect(() => {
    let current = true;
    void guard('chat QR code', () =>
      import('../../core/chat/qr.ts').then(({ qrPath }) => current && setCode(qrPath(link))),
    );
    return () => {
      current = false;
    };
  }, [link]);
  if (!code) return null;
  const { size, path } = code;
  return (
    <svg
      part="qr"
      role="img"
      aria-label="QR code of the chat link"
      viewBox={`0 0 ${size} ${size}`}
      width="160"
      height="160"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The floating chat button, its message bubble and chatbox (Join.chat behaviour). */
export function ChatButtonView(): React.JSX.Element | null {
  const host = useSurfaceHost<ChatSettings>();
  const settings = useStore(host.model);
  const [snapshot, setSnapshot] = useState<ChatSnapshot | null>(null);
  const machine = useRef<ChatMachine | null>(null);
  const mobile = useRef(isMobile());
  const optIn = useRef<HTMLInputElement>(null);
  /** The visitor asked for the chat by a link or the address: the chatbox that opens takes the focus. */
  const focusOnOpen = useRef(false);

  useEffect(() => {
    if (!settings) return;
    const storage = createChatStorage(guard('chat storage', () => window.localStorage, null));
    const chat = createChatMachine({
      settings,
      storage,
      mobile: mobile.current,
      onChange: (next) => {
        setSnapshot(next);
        if (next.state === 'shown' || next.state === 'tooltip') emit(host, 'poptin-chat-show', { state: next.state });
      },
      allow: (action, trigger) => {
        const allowed = emit(
          host,
          action === 'open' ? 'poptin-chat-open' : 'poptin-chat-close',
          { trigger },
          { cancelable: true },
        );
        if (allowed && action === 'open') focusOnOpen.current = trigger === 'link';
        return allowed;
      },
      onSend: (link, trigger) => {
        window.open(link, 'joinchat', 'noopener');
        guard('chat analytics', () => track(settings, link, trigger, mobile.current));
      },
    });
    machine.current = chat;
    chat.start();
    const request = joinchatRequest(location.search, location.hash);
    if (request) chat.linkTrigger(request.delayMs);
    const stop = combine([
      // The hash may become #joinchat after load too: a link to this page's #joinchat, or the page's own script.
      listenSafely<HashChangeEvent>(window, 'hashchange', () => {
        const asked = joinchatRequest('', location.hash);
        if (asked) chat.linkTrigger(asked.delayMs);
      }),
      listenSafely<MouseEvent>(document, 'click', (event) => {
        const link = (event.target as Element | null)?.closest?.('a[href="#joinchat"], a[href="#whatsapp"]');
        if (!(link instanceof HTMLAnchorElement)) return;
        event.preventDefault();
        if (link.getAttribute('href') === '#whatsapp')
          chat.send('link', { phone: link.dataset.phone ?? undefined, message: link.dataset.message ?? undefined });
        else chat.linkTrigger(0);
      }),
      listenSafely<FocusEvent>(document, 'focusin', (event) => isTextField(event.target) && chat.textFieldFocus(true)),
      listenSafely<FocusEvent>(
        document,
        'focusout',
        (event) => isTextField(event.target) && chat.textFieldFocus(false),
      ),
      () => chat.destroy(),
    ]);
    return stop;
  }, [settings, host]);

  const open = snapshot?.state === 'chatbox';
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    // Someone typing elsewhere on the page keeps their field.
    if (!isTextField(focused())) optIn.current?.focus({ preventScroll: true });
  }, [open]);

  if (!settings || !snapshot || snapshot.state === 'off' || snapshot.state === 'hidden') return <SurfaceStyles />;
  const chat = machine.current!;
  return (
    <>
      <SurfaceStyles />
      <div part="base" data-state={snapshot.state} data-animate={String(snapshot.animate)} hidden={snapshot.yielding}>
        {open && (
          <div part="chatbox" role="dialog" aria-label="Chat" id="chatbox">
            {snapshot.typing ? (
              <p part="typing" role="status" aria-label="Typing">
                <span aria-hidden="true">…</span>
              </p>
            ) : (
              <p part="message" aria-live="polite">
                {settings.messageSend}
              </p>
            )}
            {settings.qr && !mobile.current && (
              <Qr
                link={chatLink(settings.telephone, settings.messageSend, {
                  desktop: true,
                  whatsappWeb: settings.whatsappWeb,
                })}
              />
            )}
            <label part="optin">
              <input
                ref={optIn}
                type="checkbox"
                checked={!snapshot.optedOut}
                onChange={(event) => chat.setOptedOut(!event.currentTarget.checked)}
              />{' '}
              I agree to be contacted
            </label>
            <button type="button" part="close" aria-label="Close chat" onClick={() => chat.close('close')}>
              ×
            </button>
          </div>
        )}
        {snapshot.state === 'badge' && (
          <span part="badge" aria-hidden="true">
            1
          </span>
        )}
        <button
          type="button"
          part="button"
          aria-expanded={open}
          aria-controls={open ? 'chatbox' : undefined}
          aria-label={open ? 'Open WhatsApp' : 'Chat with us'}
          onClick={() => chat.press('button')}
          onMouseEnter={() => chat.hoverStart()}
          onMouseLeave={() => chat.hoverEnd()}
        >
          {/* Drawn, not an emoji: every system shows it the same, with or without an emoji font. */}
          <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28" fill="currentColor">
            <path d="M12 3C6.5 3 2 6.9 2 11.7c0 2.5 1.2 4.7 3.2 6.3L4.5 21l3.6-1.8c1.2.4 2.5.6 3.9.6 5.5 0 10-3.9 10-8.7S17.5 3 12 3z" />
          </svg>
        </button>
      </div>
    </>
  );
}

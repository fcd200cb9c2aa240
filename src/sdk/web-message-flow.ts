import { OAUTH_FLOW_TIMEOUT_MS } from './constants.ts';
import { OAuthError } from './errors.ts';
import { checkOptions } from './options.ts';
import { isRecord } from './records.ts';

export type FlowMode = 'iframe' | 'popup';

export interface FlowMessage {
  data: unknown;
  origin: string;
}

/** The part of a browser window the flow needs; tests and non-DOM hosts can supply their own. */
export interface FlowHost {
  /** Origin of the page running the flow, named in the error when it is not allowed. */
  origin: string;
  addMessageListener(listener: (message: FlowMessage) => void): () => void;
  /** Opens the platform page; `null` when the browser blocked it. */
  open(url: string, mode: FlowMode): { close(): void; isClosed(): boolean } | null;
}

export interface WebMessageFlowOptions {
  authUrl: string;
  state: string;
  mode?: FlowMode;
  timeoutMs?: number;
  host?: FlowHost;
}

export interface FlowResult {
  code: string;
  state: string;
}

// Error names the platform page posts when it refuses to answer the page that opened it.
const ORIGIN_ERRORS = new Set(['origin_not_allowed', 'unauthorized_origin']);
const POPUP_POLL_MS = 500;

/** The window the flow runs in, looked up only when a flow starts so importing never touches `window`. */
export function browserFlowHost(): FlowHost | undefined {
  const win = (globalThis as { window?: Window }).window;
  if (!win?.document) return undefined;
  return {
    origin: win.location.origin,
    addMessageListener(listener) {
      const handler = (event: MessageEvent): void => listener({ data: event.data, origin: event.origin });
      win.addEventListener('message', handler);
      return () => win.removeEventListener('message', handler);
    },
    open(url, mode) {
      if (mode === 'popup') {
        const popup = win.open(url, 'poptin-sdk-oauth', 'width=480,height=640');
        return popup ? { close: () => popup.close(), isClosed: () => popup.closed } : null;
      }
      const frame = win.document.createElement('iframe');
      frame.hidden = true;
      frame.src = url;
      win.document.body.appendChild(frame);
      return { close: () => frame.remove(), isClosed: () => !frame.isConnected };
    },
  };
}

function readMessage(data: unknown): Record<string, unknown> | undefined {
  if (!isRecord(data)) return undefined;
  // The platform may wrap the answer as { type, response: {...} }.
  const inner = isRecord(data.response) ? data.response : data;
  return 'code' in inner || 'error' in inner ? inner : undefined;
}

/**
 * Opens the platform page in a hidden frame or a popup and waits for it to post back the code.
 * Ends with the code, with the platform's error as soon as it posts one (e.g. the opener's origin
 * is not allowed), or with "OAuth flow timed out".
 */
export function runWebMessageFlow(options: WebMessageFlowOptions): Promise<FlowResult> {
  checkOptions('runWebMessageFlow', options, { authUrl: 'url', state: 'string' }, { host: 'object' });
  const host = options.host ?? browserFlowHost();
  if (!host) {
    return Promise.reject(
      new OAuthError('flow_unavailable', 'The popup and hidden-frame OAuth flows need a browser window'),
    );
  }
  const authOrigin = new URL(options.authUrl).origin;
  const mode = options.mode ?? 'iframe';

  return new Promise<FlowResult>((resolve, reject) => {
    let handle: ReturnType<FlowHost['open']> = null;
    const timers: { timeout?: ReturnType<typeof setTimeout>; poll?: ReturnType<typeof setInterval> } = {};
    const finish = (outcome: () => void): void => {
      removeListener();
      clearTimeout(timers.timeout);
      clearInterval(timers.poll);
      handle?.close();
      outcome();
    };

    const removeListener = host.addMessageListener((message) => {
      if (message.origin !== authOrigin) return;
      const answer = readMessage(message.data);
      // Answers for another flow running at the same time are not ours to take.
      if (!answer || (answer.state !== undefined && answer.state !== options.state)) return;
      if (typeof answer.error === 'string') {
        const description =
          typeof answer.error_description === 'string'
            ? answer.error_description
            : String(answer.errorDescription ?? '');
        const error = ORIGIN_ERRORS.has(answer.error)
          ? new OAuthError(
              'origin_not_allowed',
              `OAuth flow failed: the origin ${host.origin} is not allowed for this client${description ? ` (${description})` : ''}`,
            )
          : new OAuthError('flow_failed', `OAuth flow failed: ${answer.error}${description ? `: ${description}` : ''}`);
        finish(() => reject(error));
        return;
      }
      if (typeof answer.code === 'string' && answer.code && answer.state === options.state) {
        finish(() => resolve({ code: answer.code as string, state: options.state }));
      }
    });

    timers.timeout = setTimeout(
      () => finish(() => reject(new OAuthError('flow_timed_out', 'OAuth flow timed out'))),
      options.timeoutMs ?? OAUTH_FLOW_TIMEOUT_MS,
    );
    handle = host.open(options.authUrl, mode);
    if (!handle) {
      finish(() => reject(new OAuthError('flow_failed', 'OAuth flow failed: the browser blocked the popup')));
      return;
    }
    if (mode === 'popup') {
      timers.poll = setInterval(() => {
        if (handle?.isClosed())
          finish(() =>
            reject(new OAuthError('flow_failed', 'OAuth flow failed: the popup was closed before it finished')),
          );
      }, POPUP_POLL_MS);
    }
  });
}

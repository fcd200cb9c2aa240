// Pop-ups opened on demand (widget §4, §7): `window.poptin.show(id)` and `close(id)`, a click-to-open link of the
// page (asked with this page view's facts), and a pop-up launching another.
import type { DisplayRequest } from '../../src/core/api/contract.ts';
import type { PopupConfig } from '../../src/core/config/types.ts';
import { leftOutDecision } from '../../src/core/decision/index.ts';
import { selectVariant, type Variant } from '../../src/core/rules/device.ts';
import { log } from '../../src/core/safety.ts';
import { popupDecided } from '../../src/stores/popups.ts';
import type { SessionContext } from './context.ts';
import type { PopupHandle } from './popup-handle.ts';

/** Closes the controller makes: `window.poptin.close(id)`, and another pop-up launched from this one (widget §4). */
export type CloseCause = 'manual' | 'launch';

/** What opening on demand asks of the session. */
export interface OnDemandHost {
  context: SessionContext;
  /** Settles once the current display answer is handled. */
  ready(): Promise<void>;
  handleOf(id: string): PopupHandle | undefined;
  track(config: PopupConfig, variant: Variant, planned: string[]): PopupHandle;
  fire(handle: PopupHandle, trigger: string): void;
  /** What a display call says of this page view. */
  pageRequest(): DisplayRequest;
  /** The click-display call; its own chunk by default. */
  loadClickDisplay?: () => Promise<typeof import('../../src/core/api/click-display.ts')>;
}

export class OnDemand {
  constructor(private readonly host: OnDemandHost) {}

  /**
   * Opens a pop-up: one of this page's answer, or one fetched by the click call (widget §7). With `askWithPageView`
   * (a click-to-open link of the page) the click-display call asks with this page view's facts, and the server's
   * rules for that pop-up decide.
   */
  async show(id: string, trigger = 'manual', askWithPageView = false): Promise<boolean> {
    const { host } = this;
    await host.ready();
    let handle = host.handleOf(id);
    if (!handle || handle.runner.snapshot.phase === 'blocked') {
      try {
        const config =
          handle?.config ?? (askWithPageView ? await this.askForClicked(id) : await host.context.api.click(id));
        if (!config) return false;
        handle = host.track(config, selectVariant(config, host.context.page.isMobile), []);
      } catch (error) {
        log.warn(`pop-up ${id} could not be fetched`, error);
        return false;
      }
    }
    const { phase } = handle.runner.snapshot;
    if (phase === 'shown' || phase === 'queued') return true;
    handle.runner.send({ type: 'reopen' });
    host.fire(handle, trigger);
    return true;
  }

  /** The click-display call for a pop-up not in this page's answer; null, with the reason in explain() and the console, when it may not show. */
  private async askForClicked(id: string): Promise<PopupConfig | null> {
    const { host } = this;
    const request = {
      ...host.pageRequest(),
      triggers: ['click'],
      client_id: host.context.clientId,
      poptin_display: id,
    };
    const { clickDisplay, notShownReason } = await (
      host.loadClickDisplay ?? (() => import('../../src/core/api/click-display.ts'))
    )();
    const answer = await clickDisplay(host.context.api, id, request);
    if ('config' in answer) return answer.config;
    if (answer.leftOut) popupDecided(answer.leftOut, leftOutDecision(answer.leftOut, host.context.now()));
    log.warn(notShownReason(id, answer));
    return null;
  }

  /** A click-display link or button; one inside a pop-up launches the other and closes its own (widget §4). */
  openFromClick(id: string, element: Element): void {
    const root = element.getRootNode();
    const launcher = root instanceof ShadowRoot ? root.host.getAttribute('poptin-id') : null;
    if (launcher && launcher !== id) this.close(launcher, 'launch');
    // A pop-up launching another is the owner's own redirect (widget §7 GET click); a link of the page asks with its facts.
    void this.show(id, 'click', !launcher);
  }

  close(id: string, cause: CloseCause = 'manual'): boolean {
    const handle = this.host.handleOf(id);
    if (handle?.runner.snapshot.phase !== 'shown' || !handle.element) return false;
    // The close is cancelable by the page (poptin-request-close, with this cause as its source).
    return handle.element.requestClose(cause);
  }
}

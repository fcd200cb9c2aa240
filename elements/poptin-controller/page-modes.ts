// What a page asks of the controller beyond its pop-ups' own rules (widget §2): a preview, a landing page, the
// client's usage limit, and the teaser tabs that follow their pop-ups.
import type { DisplayResponse, PopupConfig } from '../../src/core/config/types.ts';
import { readString } from '../../src/core/config/values.ts';
import { selectVariant, type Variant } from '../../src/core/rules/device.ts';
import { log } from '../../src/core/safety.ts';
import type { ShowingEvent, ShowingPhase } from '../../src/core/session/showing.ts';
import { limitPopupOf } from '../../src/core/session/usage-limit.ts';
import { embedPlaceholder } from '../../src/core/triggers/embed-placeholder.ts';
import { LOADERS } from '../../src/registry.ts';
import { tagOf } from '../../src/registry-lookups.ts';
import type { SessionContext } from './context.ts';
import type { PopupHandle } from './popup-handle.ts';

/** Landing-page mode: the controller's `landing` attribute, or `ppt-landing=<poptin id>` in the page address. */
export function landingIdOf(url: string, host: HTMLElement): string {
  const own = host.getAttribute('landing')?.trim();
  if (own) return own;
  try {
    return new URL(url).searchParams.get('ppt-landing')?.trim() ?? '';
  } catch {
    return '';
  }
}

/** Widget §2: the page address carries `ppt-preview=<poptin id>` to preview that pop-up. */
export function previewIdOf(url: string): string {
  try {
    return new URL(url).searchParams.get('ppt-preview')?.trim() ?? '';
  } catch {
    return '';
  }
}

/** What the page modes ask of the session. */
export interface PageModeHost {
  context: SessionContext;
  /** A new pop-up of this page, `blocked` until it is decided or opened on demand. */
  track(config: PopupConfig, variant: Variant, planned: string[], options?: { preview?: boolean }): PopupHandle;
  handleOf(id: string): PopupHandle | undefined;
  fire(handle: PopupHandle, trigger: string): void;
  show(id: string, trigger: string): Promise<boolean>;
}

export class PageModes {
  constructor(private readonly host: PageModeHost) {}

  /** Preview mode (widget §2): the previewed pop-up at once, whatever its rules, and nothing recorded. */
  preview(response: DisplayResponse, previewId: string): void {
    const config = response.poptins.find((poptin) => poptin.id === previewId);
    if (!config) return log.warn(`pop-up ${previewId} to preview is not in the display answer`);
    this.openNow(config, 'preview', true);
  }

  private openNow(config: PopupConfig, trigger: string, preview = false): void {
    const handle = this.host.track(config, selectVariant(config, this.host.context.page.isMobile), [], { preview });
    handle.runner.send({ type: 'decided', allowed: true });
    this.host.fire(handle, trigger);
  }

  /**
   * Landing-page mode (widget §2): the landing pop-up is the page's own form, drawn in its place at once (in the
   * page's `<poptin-embed>` for it, or at the top of the page), while the page's other pop-ups run as usual.
   */
  async landing(response: DisplayResponse): Promise<void> {
    const { context } = this.host;
    const id = landingIdOf(context.page.url, context.host);
    if (!id) return;
    let config: PopupConfig;
    try {
      config = response.poptins.find((poptin) => poptin.id === id) ?? (await context.api.click(id));
    } catch (error) {
      return log.warn(`landing pop-up ${id} could not be fetched`, error);
    }
    this.host.handleOf(id)?.runner.send({ type: 'reset' });
    const { document } = context.window;
    if (!embedPlaceholder(document, id)) {
      const place = document.createElement(tagOf('embed'));
      place.setAttribute('poptin-id', id);
      const main = document.querySelector('main') ?? document.body;
      main.prepend(place);
    }
    this.openNow({ ...config, type: 'embedded' }, 'landing');
  }

  /** The client's usage limit is reached: its upgrade or remind-me pop-up, and the limitLogs call (failures only logged). */
  usageLimit(response: DisplayResponse): void {
    const limit = limitPopupOf(response.isClientRestriction, response.clientRestrictionSetting);
    if (!limit) return;
    const { context } = this.host;
    void this.host.show(limit.poptinId, 'usage_limit');
    context.api
      .limitLog(context.clientId, limit.status, limit.poptinId)
      .catch((error: unknown) => log.warn('limitLogs call failed', error));
  }

  /** The pop-up's teaser tab (widget §2), which follows its pop-up's phase; a chunk loaded only for pop-ups that have one. */
  addTeaser(handle: PopupHandle, order: number): void {
    const { config } = handle;
    const design = config.designProperties;
    const teaser = this.host.context.window.document.createElement(tagOf('teaser'));
    teaser.setAttribute('poptin-id', config.id);
    teaser.setAttribute('kind', config.type);
    teaser.setAttribute('order', String(order));
    teaser.setAttribute('mode', readString(design.teaser_show_mode, 'always'));
    teaser.setAttribute('position', readString(design.teaser_position, 'bottom-right'));
    teaser.setAttribute('label', readString(design.teaser_text) || config.name);
    teaser.setAttribute('phase', 'not-shown');
    handle.teaser = teaser;
    this.host.context.window.document.body.append(teaser);
    // The teaser's own chunk, as the page's loader would import it for a teaser placed by hand.
    LOADERS.teaser().catch((error: unknown) => log.warn('the teaser tab could not be loaded', error));
  }
}

/** A teaser tab shows its pop-up's phase, and leaves the page with it. */
export function teaserFollows(handle: PopupHandle, state: ShowingPhase, event: ShowingEvent): void {
  if (state === 'shown' || state === 'closed') handle.teaser?.setAttribute('phase', state);
  if (event.type === 'reset') handle.teaser?.remove();
}

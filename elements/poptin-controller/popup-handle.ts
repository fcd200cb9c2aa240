import type { SurfaceElement } from '../../src/components/shared/surface.ts';
import type { PopupConfig } from '../../src/core/config/types.ts';
import type { Variant } from '../../src/core/rules/device.ts';
import type { ShowingRunner } from '../../src/core/session/showing.ts';
import type { TriggerWatchers } from '../../src/core/triggers/arm.ts';
import type { PopupModel } from '../../src/stores/popup-model.ts';

export type PopupElement = SurfaceElement<PopupModel>;

/**
 * What the session holds of a pop-up of this page: its config and the handles on it (the runner of its showings,
 * its element, the timer of a leaving one). What can be observed of it (phase, trigger, close cause, view id) is
 * its runner's snapshot, published in `$popups`.
 */
export interface PopupHandle {
  readonly config: PopupConfig;
  /** Mobile visitors get the mobile design when the pop-up has one (widget §2). */
  readonly variant: Variant;
  /** The triggers its decision arms; none for a pop-up opened on demand. */
  readonly planned: string[];
  /** Opened by the page's `ppt-preview` parameter: shown at once, and nothing about it is recorded. */
  readonly preview: boolean;
  /**
   * The modules of the triggers that watch the visitor, when a pop-up of its page arms one (page-decisions.ts): its
   * triggers are armed once they are here.
   */
  readonly triggerWatchers?: Promise<TriggerWatchers>;
  readonly runner: ShowingRunner;
  element: PopupElement | null;
  /** The pop-up built ahead of its trigger, once asked for. */
  prepared?: Promise<PopupElement | null>;
  /** A closed showing's element, still on the page until its removal delay has passed. */
  leaving?: { element: PopupElement; timer: ReturnType<typeof setTimeout> };
  /** What its recommended products were asked for with: built ahead, it is built again if the cart changed since. */
  recommendationKey?: string;
  /** The showing whose view was reported: a view is reported once per showing. */
  viewReported?: number;
  /** Its teaser tab, when the pop-up has teasers on. */
  teaser?: HTMLElement;
}

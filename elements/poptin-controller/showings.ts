// The pop-ups of this page and their showings: each gets a handle and a showing machine
// (src/core/session/showing.ts, on src/core/machine.ts) whose effects arm its triggers, queue it, have the mounter
// build, reveal and remove it, and the reporter record its view and close. What can be observed of each is published
// in `$popups`.

import type { LeadOutcome } from '../../src/components/template/lead-delivery.ts';
import type { PopupConfig } from '../../src/core/config/types.ts';
import type { Decision } from '../../src/core/decision/decide.ts';
import type { ScheduleClock } from '../../src/core/decision/environment.ts';
import { removalDelayMs } from '../../src/core/popup/timing.ts';
import { createPopupQueue, type PopupQueue } from '../../src/core/queue.ts';
import type { Variant } from '../../src/core/rules/device.ts';
import type { ScheduleZones } from '../../src/core/rules/schedule.ts';
import { guard } from '../../src/core/safety.ts';
import { markLatest } from '../../src/core/session/marks.ts';
import { createShowingRunner } from '../../src/core/session/showing.ts';
import type { CartEventHub } from '../../src/core/triggers/cart-events.ts';
import { armTriggers, type Disarm, type TriggerWatchers } from '../../src/core/triggers/index.ts';
import { popupArmed, popupShowingChanged, popupShown } from '../../src/stores/popups.ts';
import type { SessionContext } from './context.ts';
import { teaserFollows } from './page-modes.ts';
import type { PopupHandle } from './popup-handle.ts';
import type { PopupMounter, SubmittedLead } from './popup-mounter.ts';
import type { ReportsLink } from './reports-link.ts';
import { ScheduleWatch } from './schedules.ts';

export interface ShowingsOptions {
  context: SessionContext;
  /** Read when a showing needs it: the mounter is made with a reference back to these showings. */
  mounter: () => PopupMounter;
  /** What showings report (reports-link.ts). */
  reports: Pick<ReportsLink, 'preload' | 'reportView' | 'reportClose' | 'sendLead'>;
  cartEvents: CartEventHub;
}

export class PageShowings {
  private readonly handles = new Map<string, PopupHandle>();
  /** One modal pop-up at a time; its turn mounts it. */
  private readonly queue: PopupQueue;
  /** Scheduled pop-ups start and stop at their schedules' boundaries while the page stays. */
  private readonly schedules: ScheduleWatch;

  constructor(private readonly options: ShowingsOptions) {
    this.schedules = new ScheduleWatch({
      host: options.context.window,
      now: () => options.context.now(),
      isCurrent: (handle) => this.isCurrent(handle),
    });
    this.queue = createPopupQueue((item) => {
      const handle = this.handles.get(item.id);
      if (handle) void options.mounter().mount(handle);
    });
  }

  handleOf(id: string): PopupHandle | undefined {
    return this.handles.get(id);
  }

  /** Whether the handle is still the one of its id on this page (a reset or a new answer replaces it). */
  isCurrent(handle: PopupHandle): boolean {
    return this.handles.get(handle.config.id) === handle;
  }

  /** Whether a pop-up is queued or on screen. */
  anyOpen(): boolean {
    return [...this.handles.values()].some(
      ({ runner }) => runner.snapshot.phase === 'queued' || runner.snapshot.phase === 'shown',
    );
  }

  /** A new pop-up of this page, `blocked` until it is decided or opened on demand. */
  track(
    config: PopupConfig,
    variant: Variant,
    planned: string[],
    { preview = false, triggerWatchers }: { preview?: boolean; triggerWatchers?: Promise<TriggerWatchers> } = {},
  ): PopupHandle {
    const { reports } = this.options;
    const mounter = () => this.options.mounter();
    const handle: PopupHandle = {
      config,
      variant,
      planned,
      preview,
      triggerWatchers,
      element: null,
      runner: createShowingRunner(
        {
          'arm-triggers': () => this.arm(handle),
          prepare: () => {
            mounter().prepareAhead(handle);
            if (!preview) reports.preload();
          },
          enqueue: () => {
            if (!preview) reports.preload();
            markLatest(`poptin:fired:${config.id}`);
            this.queue.enqueue({ id: config.id, type: config.type });
          },
          show: () => mounter().reveal(handle),
          'report-view': () => this.reportView(handle),
          'report-close': () => {
            if (!preview) reports.reportClose(config);
          },
          remove: () => mounter().remove(handle, 0),
          'remove-after-fade': () => {
            const cause = handle.runner.snapshot.closeCause;
            const forced = cause === 'manual' || cause === 'launch';
            mounter().remove(handle, removalDelayMs({ forced, teasers: config.teasersOn }));
          },
          'release-queue': () => this.queue.release(config.id),
        },
        (showing, _previous, event) => {
          teaserFollows(handle, showing.phase, event);
          if (this.isCurrent(handle)) popupShowingChanged(config, showing, event, Date.now());
        },
      ),
    };
    this.handles.set(config.id, handle);
    return handle;
  }

  /** At each boundary of its schedule the pop-up is decided again by `redecide`: armed, or disarmed. */
  followSchedule(
    handle: PopupHandle,
    zones: ScheduleZones,
    redecide: () => Decision,
    clock: ScheduleClock | undefined,
  ): void {
    this.schedules.watch(handle, zones, redecide, clock);
  }

  fire(handle: PopupHandle, trigger: string): void {
    guard('trigger', () => handle.runner.send({ type: 'fire', trigger }));
  }

  /** Every pop-up of the page is reset (its triggers disarmed, its element removed) and forgotten. */
  removeAll(): void {
    this.schedules.clear();
    for (const handle of this.handles.values()) handle.runner.send({ type: 'reset' });
    this.handles.clear();
    this.queue.clear();
  }

  /**
   * A lead of its form, reported as its view is: with the trigger and the view id of this showing. A preview sends
   * nothing, and its form thanks the visitor as if it had.
   */
  sendLead(handle: PopupHandle, lead: SubmittedLead): Promise<LeadOutcome> {
    if (handle.preview) return Promise.resolve({ status: 'sent' });
    const { trigger, viewId } = handle.runner.snapshot;
    return this.options.reports.sendLead(handle.config, {
      ...lead,
      trigger,
      viewId,
      coupon: handle.element?.coupon ?? '',
    });
  }

  /** The view is recorded once per showing; the server's id of it goes to this showing. */
  private reportView(handle: PopupHandle): void {
    const { config, runner } = handle;
    const { showings, trigger } = runner.snapshot;
    if (handle.viewReported === showings) return;
    handle.viewReported = showings;
    popupShown(config.id, Date.now());
    markLatest(`poptin:shown:${config.id}`);
    if (handle.preview) return;
    this.options.reports.reportView(config, trigger, (viewId) =>
      runner.send({ type: 'view-recorded', showing: showings, viewId }),
    );
  }

  private arm(handle: PopupHandle): Disarm {
    const watchers = handle.triggerWatchers;
    if (!watchers) return this.armWith(handle, undefined);
    let disarm: Disarm | null = null;
    let disarmed = false;
    const armOnce = (loaded: TriggerWatchers | undefined) => {
      if (!disarmed) disarm = this.armWith(handle, loaded);
    };
    // A chunk that could not be fetched leaves the pop-up unarmed, which armTriggers says.
    void watchers.then(armOnce, () => armOnce(undefined));
    return () => {
      disarmed = true;
      disarm?.();
    };
  }

  private armWith(handle: PopupHandle, watchers: TriggerWatchers | undefined): Disarm {
    const { context, cartEvents } = this.options;
    const disarm = armTriggers(
      handle.config,
      {
        window: context.window,
        document: context.window.document,
        visitor: context.visitor,
        now: context.now,
        device: context.page.isMobile ? 'mobile' : 'desktop',
        fire: (trigger) => this.fire(handle, trigger),
        cartEvents,
      },
      watchers,
    );
    popupArmed(handle.config.id, handle.planned, Date.now());
    return disarm;
  }
}

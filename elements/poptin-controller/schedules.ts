// A scheduled pop-up starts or stops at its schedule's boundaries while the visitor stays on the page: at each one
// it is decided again, armed when the new decision allows it, disarmed when its schedule ended. One on screen
// finishes its showing (a visitor is not cut off mid-form); it is not armed again.

import type { Decision } from '../../src/core/decision/decide.ts';
import type { ScheduleClock } from '../../src/core/decision/environment.ts';
import type { ScheduleZones } from '../../src/core/rules/schedule.ts';
import type { TimerHost } from '../../src/core/safety.ts';
import { later } from '../../src/core/timers.ts';
import type { PopupHandle } from './popup-handle.ts';

/** A timer waits at most 2^31 - 1 ms: a far boundary is waited for in steps of a day. */
const LONGEST_WAIT_MS = 24 * 3_600_000;

export interface ScheduleWatchOptions {
  host: TimerHost;
  now: () => number;
  /** Whether the handle is still its pop-up's on this page (a reset or an on-demand fetch replaces it). */
  isCurrent: (handle: PopupHandle) => boolean;
}

export class ScheduleWatch {
  private readonly cancels = new Set<() => void>();

  constructor(private readonly options: ScheduleWatchOptions) {}

  /**
   * Waits for the next boundary of the pop-up's schedule, read in `zones`, then has `redecide` decide it again as of
   * then (recording the decision for explain() and the inspector); nothing for a pop-up without a schedule. `clock`
   * is the schedules' clock, loaded when the page has a scheduled pop-up.
   */
  watch(handle: PopupHandle, zones: ScheduleZones, redecide: () => Decision, clock: ScheduleClock | undefined): void {
    const { host, now, isCurrent } = this.options;
    if (!clock) return;
    const at = clock.nextScheduleChange(handle.config.schedule, zones, now());
    if (at === null) return;
    const cancel = later(host, Math.min(Math.max(at - now(), 0), LONGEST_WAIT_MS), () => {
      this.cancels.delete(cancel);
      if (!isCurrent(handle)) return;
      if (now() >= at) {
        const decision = redecide();
        if (decision.allowed) handle.runner.send({ type: 'decided', allowed: true });
        else if (decision.blockedBy.some(({ rule }) => rule === 'schedule'))
          handle.runner.send({ type: 'unscheduled' });
      }
      this.watch(handle, zones, redecide, clock);
    });
    this.cancels.add(cancel);
  }

  /** Every wait is cancelled: the page's pop-ups are gone. */
  clear(): void {
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
  }
}

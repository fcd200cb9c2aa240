import type { TimerEnd, TimerLayout } from './settings.ts';

/** What a `<poptin-countdown>` renders: set from its attributes, or as a property by whoever creates it. */
export interface CountdownModel {
  end: TimerEnd;
  layout: TimerLayout;
  /** The language of its texts ("he", "en-US"); the closest `lang` around the element when absent. */
  lang?: string;
  /** While true it holds what is left and does not tick: a pop-up holds its template's countdowns until it is shown. */
  paused?: boolean;
}

/** The detail of `poptin-countdown-end`. */
export interface CountdownEndDetail {
  /** The element's `poptin-id`, '' when it has none. */
  poptinId: string;
  /** When it reached zero, ISO 8601. */
  endsAt: string;
}

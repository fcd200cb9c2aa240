export { evaluateTimer } from './expiry.ts';
export {
  type CountdownEvent,
  type CountdownRunner,
  type CountdownSnapshot,
  type CountdownState,
  createCountdownRunner,
  initialCountdown,
  transition,
} from './machine.ts';
export type { CountdownEndDetail, CountdownModel } from './model.ts';
export {
  attributesForEnd,
  countdownFromAttributes,
  isExpired,
  parseTimerEnd,
  readTimerSettings,
  type TimerEnd,
  type TimerLayout,
  type TimerSettings,
  TimerSettingsError,
  timerEndKey,
  timerSettingsOf,
} from './settings.ts';
export { announcement, compactText, digitGroups, type TimeParts, timeLeftLabel, timeParts } from './time.ts';

export { createCountdownRunner, initialCountdown, transition, type CountdownEvent, type CountdownRunner, type CountdownSnapshot, type CountdownState } from './machine.ts';
export type { CountdownEndDetail, CountdownModel } from './model.ts';
export {
  attributesForEnd,
  countdownFromAttributes,
  isExpired,
  parseTimerEnd,
  readTimerSettings,
  timerEndKey,
  timerSettingsOf,
  TimerSettingsError,
  type TimerEnd,
  type TimerLayout,
  type TimerSettings,
} from './settings.ts';
export { evaluateTimer } from './expiry.ts';
export { announcement, compactText, digitGroups, timeLeftLabel, timeParts, type TimeParts } from './time.ts';

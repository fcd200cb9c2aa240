import { describe, it } from 'node:test';
import { expect } from 'chai';
import { closeButtonDelaySeconds } from '../popup/close-settings.ts';
import {
  attributesForEnd,
  type CountdownAttributes,
  countdownFromAttributes,
  isExpired,
  parseGmtOffset,
  parseTimerEnd,
  readTimerSettings,
  TimerSettingsError,
  timerSettingsOf,
} from './settings.ts';

const NO_ATTRIBUTES: CountdownAttributes = { minutes: null, seconds: null, endsAt: null, timerVer: null };

function errorOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).to.be.instanceOf(TimerSettingsError);
    return (error as Error).message;
  }
  throw new Error('expected a TimerSettingsError');
}

describe('countdown settings (widget §3 timer, timer_ver; §5 timer)', () => {
  describe('timerTime: minutes and seconds from now', () => {
    it('reads "mm:ss" as a duration', () => {
      expect(parseTimerEnd({ timerTime: '05:30' })).to.deep.equal({ kind: 'duration', ms: 330_000 });
      expect(parseTimerEnd({ timerTime: '90:00' })).to.deep.equal({ kind: 'duration', ms: 5_400_000 });
      expect(parseTimerEnd({ timerTime: ' 0:07 ' })).to.deep.equal({ kind: 'duration', ms: 7_000 });
    });

    it('reads the timer as JSON text too', () => {
      expect(parseTimerEnd('{"timerTime":"05:30"}')).to.deep.equal({ kind: 'duration', ms: 330_000 });
    });

    it('takes timerTime over a date when both are there', () => {
      expect(parseTimerEnd({ timerTime: '01:00', date: '2026-12-31', time: '23:59' })).to.deep.equal({
        kind: 'duration',
        ms: 60_000,
      });
    });

    it('rejects what is not minutes:seconds, seconds over 59, and no time at all', () => {
      expect(errorOf(() => parseTimerEnd({ timerTime: '5 minutes' }))).to.equal(
        'timerTime "5 minutes" is not minutes:seconds, e.g. "05:30"',
      );
      expect(errorOf(() => parseTimerEnd({ timerTime: 330 }))).to.equal(
        'timerTime 330 is not minutes:seconds, e.g. "05:30"',
      );
      expect(errorOf(() => parseTimerEnd({ timerTime: '05:75' }))).to.equal(
        'timerTime "05:75": seconds must be 0 to 59',
      );
      expect(errorOf(() => parseTimerEnd({ timerTime: '00:00' }))).to.equal('timerTime "00:00" is no time at all');
    });
  });

  describe('otherwise a date, a time and a GMT offset', () => {
    it('reads an ISO date, a 24-hour time and an offset as the instant that clock shows', () => {
      expect(parseTimerEnd({ date: '2026-12-31', time: '23:59', gmt: '+02:00' })).to.deep.equal({
        kind: 'fixed',
        at: Date.parse('2026-12-31T23:59:00+02:00'),
      });
    });

    it('reads day-first dates, seconds, am/pm and the timer-prefixed keys', () => {
      expect(parseTimerEnd({ timerDate: '31/12/2026', timerHour: '11:59:30 PM', timerGmt: 'GMT-5' })).to.deep.equal({
        kind: 'fixed',
        at: Date.parse('2026-12-31T23:59:30-05:00'),
      });
      expect(parseTimerEnd({ date: '01.02.2027', time: '12:00 am', gmt: 'UTC' })).to.deep.equal({
        kind: 'fixed',
        at: Date.parse('2027-02-01T00:00:00Z'),
      });
    });

    it('takes UTC when no offset is given', () => {
      expect(parseTimerEnd({ date: '2026-06-01', time: '08:00' })).to.deep.equal({
        kind: 'fixed',
        at: Date.parse('2026-06-01T08:00:00Z'),
      });
    });

    it('reads offsets written in every usual way', () => {
      expect(['+02:00', '+0200', '+2', '2', 'GMT+2', 'UTC+02:00', 2].map(parseGmtOffset)).to.deep.equal([
        120, 120, 120, 120, 120, 120, 120,
      ]);
      expect(['-5:30', '-05:30', '-5.5', -5.5].map(parseGmtOffset)).to.deep.equal([-330, -330, -330, -330]);
      expect(['Z', 'GMT', '0', '+00:00'].map(parseGmtOffset)).to.deep.equal([0, 0, 0, 0]);
    });

    it('rejects impossible dates, times and offsets with the reason', () => {
      expect(errorOf(() => parseTimerEnd({ date: '2026-02-30', time: '10:00' }))).to.equal(
        'timer date "2026-02-30" is not a day of the calendar',
      );
      expect(errorOf(() => parseTimerEnd({ date: 'next friday', time: '10:00' }))).to.equal(
        'timer date "next friday" is not a date such as "2026-12-31" or "31/12/2026"',
      );
      expect(errorOf(() => parseTimerEnd({ date: '2026-12-31' }))).to.equal(
        'timer date "2026-12-31" needs a time of day, e.g. "23:59"',
      );
      expect(errorOf(() => parseTimerEnd({ date: '2026-12-31', time: '24:30' }))).to.equal(
        'timer time "24:30" is not a time of day',
      );
      expect(errorOf(() => parseTimerEnd({ date: '2026-12-31', time: '13:00 pm' }))).to.equal(
        'timer time "13:00 pm": hours must be 1 to 12 with am/pm',
      );
      expect(errorOf(() => parseTimerEnd({ date: '2026-12-31', time: '10:00', gmt: '+15:00' }))).to.equal(
        'timer gmt "+15:00" is outside -12:00 to +14:00',
      );
      expect(errorOf(() => parseTimerEnd({ date: '2026-12-31', time: '10:00', gmt: 'Europe/Paris' }))).to.equal(
        'timer gmt "Europe/Paris" is not a GMT offset such as "+02:00"',
      );
    });

    it('rejects a timer that says neither, and text that is not a timer object', () => {
      expect(errorOf(() => parseTimerEnd({ style: 'red' }))).to.equal(
        'timer needs timerTime (minutes:seconds from now) or a date, a time and a GMT offset',
      );
      expect(errorOf(() => parseTimerEnd('{"timerTime":'))).to.equal(
        'timer "{"timerTime":" is not a timer object such as {"timerTime":"05:30"}',
      );
    });
  });

  describe('design_properties', () => {
    it('no timer when timer is absent, off or empty', () => {
      for (const timer of [undefined, null, '', 'no', false, 0, {}, { timerTime: '', date: '' }]) {
        expect(readTimerSettings({ timer }), JSON.stringify(timer)).to.equal(null);
      }
    });

    it('timer_ver 0, 1 or 2 is the layout, 0 when absent', () => {
      expect(readTimerSettings({ timer: { timerTime: '01:00' } })).to.deep.equal({
        end: { kind: 'duration', ms: 60_000 },
        layout: 0,
      });
      expect(readTimerSettings({ timer: { timerTime: '01:00' }, timer_ver: '2' })?.layout).to.equal(2);
      expect(readTimerSettings({ timer: { timerTime: '01:00' }, timer_ver: 1 })?.layout).to.equal(1);
      expect(errorOf(() => readTimerSettings({ timer: { timerTime: '01:00' }, timer_ver: 3 }))).to.equal(
        'timer_ver 3 is not 0, 1 or 2',
      );
    });

    it('timer "yes" makes a timer pop-up whose template countdowns carry their own end', () => {
      expect(readTimerSettings({ timer: 'yes', timer_ver: 1 })).to.deep.equal({ end: null, layout: 1 });
    });

    it('timerSettingsOf never throws: unreadable settings are its error, and the pop-up stays a timer pop-up', () => {
      expect(timerSettingsOf({ timer: { timerTime: 'soon' } })).to.deep.equal({
        timerPopup: true,
        settings: null,
        error: 'timerTime "soon" is not minutes:seconds, e.g. "05:30"',
      });
      expect(timerSettingsOf({})).to.deep.equal({ timerPopup: false, settings: null, error: null });
    });

    it('poptin_design_show_x_after_sec: whole seconds the close button waits, 0 when off', () => {
      expect(closeButtonDelaySeconds({ poptin_design_show_x_after_sec: 5 })).to.equal(5);
      expect(closeButtonDelaySeconds({ poptin_design_show_x_after_sec: '3' })).to.equal(3);
      expect(closeButtonDelaySeconds({ poptin_design_show_x_after_sec: '2.5' })).to.equal(3);
      for (const value of [undefined, '', 'no', 0, -4, 'soon'])
        expect(closeButtonDelaySeconds({ poptin_design_show_x_after_sec: value })).to.equal(0);
    });
  });

  describe('isExpired (widget §4: an expired fixed end-time timer is not shown)', () => {
    const end = Date.parse('2026-12-31T23:59:00+02:00');
    const settings = readTimerSettings({ timer: { date: '2026-12-31', time: '23:59', gmt: '+02:00' } });

    it('a fixed end is expired from its instant on', () => {
      expect(isExpired(settings, end - 1)).to.equal(false);
      expect(isExpired(settings, end)).to.equal(true);
      expect(isExpired(settings?.end ?? null, end + 60_000)).to.equal(true);
    });

    it('a duration, a timer without end, or no timer never is', () => {
      expect(isExpired(readTimerSettings({ timer: { timerTime: '05:00' } }), Number.MAX_SAFE_INTEGER)).to.equal(false);
      expect(isExpired(readTimerSettings({ timer: 'yes' }), Number.MAX_SAFE_INTEGER)).to.equal(false);
      expect(isExpired(null, Number.MAX_SAFE_INTEGER)).to.equal(false);
    });
  });

  describe('<poptin-countdown> attributes', () => {
    it('minutes and seconds from when it starts, either one alone', () => {
      expect(countdownFromAttributes({ ...NO_ATTRIBUTES, minutes: '5', seconds: '30' })).to.deep.equal({
        end: { kind: 'duration', ms: 330_000 },
        layout: 0,
      });
      expect(countdownFromAttributes({ ...NO_ATTRIBUTES, seconds: '90', timerVer: '1' })).to.deep.equal({
        end: { kind: 'duration', ms: 90_000 },
        layout: 1,
      });
      expect(countdownFromAttributes({ ...NO_ATTRIBUTES, minutes: '1.5' })?.end).to.deep.equal({
        kind: 'duration',
        ms: 90_000,
      });
    });

    it('ends-at: an ISO date-time with its offset', () => {
      expect(
        countdownFromAttributes({ ...NO_ATTRIBUTES, endsAt: '2026-12-31T23:59:00+02:00', timerVer: '2' }),
      ).to.deep.equal({
        end: { kind: 'fixed', at: Date.parse('2026-12-31T21:59:00Z') },
        layout: 2,
      });
      expect(countdownFromAttributes({ ...NO_ATTRIBUTES, endsAt: '2026-12-31T21:59:00.000Z' })?.end).to.deep.equal({
        kind: 'fixed',
        at: Date.parse('2026-12-31T21:59:00Z'),
      });
    });

    it('nothing when no end is set', () => {
      expect(countdownFromAttributes(NO_ATTRIBUTES)).to.equal(null);
      expect(countdownFromAttributes({ ...NO_ATTRIBUTES, timerVer: '1' })).to.equal(null);
    });

    it('rejects unreadable values, an offset-less end, and both kinds at once', () => {
      expect(errorOf(() => countdownFromAttributes({ ...NO_ATTRIBUTES, minutes: 'five' }))).to.equal(
        'minutes "five" is not a number of minutes (0 or more)',
      );
      expect(errorOf(() => countdownFromAttributes({ ...NO_ATTRIBUTES, minutes: '0', seconds: '0' }))).to.equal(
        'minutes "0" and seconds "0" is no time at all',
      );
      expect(errorOf(() => countdownFromAttributes({ ...NO_ATTRIBUTES, endsAt: '2026-12-31T23:59:00' }))).to.equal(
        'ends-at "2026-12-31T23:59:00" is not an ISO date-time with an offset, e.g. "2026-12-31T23:59:00+02:00"',
      );
      expect(
        errorOf(() => countdownFromAttributes({ ...NO_ATTRIBUTES, minutes: '5', endsAt: '2026-12-31T23:59:00Z' })),
      ).to.equal('set either minutes and seconds, or ends-at, not both');
      expect(errorOf(() => countdownFromAttributes({ ...NO_ATTRIBUTES, minutes: '5', timerVer: 'big' }))).to.equal(
        'timer-ver "big" is not 0, 1 or 2',
      );
    });

    it('attributesForEnd writes an end back as the attributes that read as it', () => {
      const duration = { kind: 'duration', ms: 330_000 } as const;
      const fixed = { kind: 'fixed', at: Date.parse('2026-12-31T21:59:00Z') } as const;
      const asAttributes = (attributes: Record<string, string>): CountdownAttributes => ({
        minutes: attributes.minutes ?? null,
        seconds: attributes.seconds ?? null,
        endsAt: attributes['ends-at'] ?? null,
        timerVer: null,
      });
      expect(attributesForEnd(duration)).to.deep.equal({ minutes: '5', seconds: '30' });
      expect(countdownFromAttributes(asAttributes(attributesForEnd(duration)))?.end).to.deep.equal(duration);
      expect(countdownFromAttributes(asAttributes(attributesForEnd(fixed)))?.end).to.deep.equal(fixed);
    });
  });
});

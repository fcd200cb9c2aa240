import { describe, it } from 'node:test';
import { expect } from 'chai';
import { readSchedule, ScheduleError } from './schedule.ts';
import { evaluateSchedule, instantOf, scheduleState, wallClock } from './schedule-clock.ts';

const at = (iso: string) => Date.parse(iso);
const zones = (site: string, visitor = 'UTC') => ({ site, visitor });

describe('schedule rule', () => {
  const weekdays = readSchedule({ weekly: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }] });

  it('shows a weekday 09:00–17:00 pop-up within those hours of the site, and says when it closes', () => {
    // Wednesday 2026-03-04 10:00 in Jerusalem (UTC+2).
    const verdict = evaluateSchedule(weekdays, zones('Asia/Jerusalem'), at('2026-03-04T08:00:00Z'));
    expect(verdict).to.deep.equal({
      allowed: true,
      rule: 'schedule',
      reason: 'in its schedule until Wednesday 17:00 (Asia/Jerusalem)',
    });
  });

  it('blocks it on Saturday and says it starts Monday 09:00, lifting the block then', () => {
    const now = at('2026-03-07T12:00:00Z');
    const verdict = evaluateSchedule(weekdays, zones('Asia/Jerusalem'), now);
    expect(verdict.allowed).to.equal(false);
    expect(verdict.reason).to.equal('outside its schedule: starts Monday 09:00 (Asia/Jerusalem)');
    expect(verdict.expiresAt).to.equal(at('2026-03-09T07:00:00Z'));
  });

  it('reads the visitor’s own time zone when the owner picks it', () => {
    const schedule = readSchedule({ weekly: [{ days: [3], from: '09:00', to: '17:00' }], time_zone: 'visitor' });
    // 08:00 UTC on a Wednesday: 17:00 in Tokyo (closed), 03:00 in New York (closed), 10:00 in Paris (open).
    const now = at('2026-03-04T08:00:00Z');
    expect(evaluateSchedule(schedule, zones('Europe/Paris', 'Asia/Tokyo'), now).allowed).to.equal(false);
    expect(evaluateSchedule(schedule, zones('Asia/Tokyo', 'Europe/Paris'), now).allowed).to.equal(true);
  });

  it('runs a 22:00–02:00 range past midnight, into the next day', () => {
    const nights = readSchedule({ weekly: [{ days: [5], from: '22:00', to: '02:00' }] });
    const state = (iso: string) => scheduleState(nights!, 'UTC', at(iso));
    expect(state('2026-03-06T21:59:00Z')).to.deep.equal({
      open: false,
      changesAt: at('2026-03-06T22:00:00Z'),
      ended: false,
    });
    expect(state('2026-03-06T23:30:00Z')).to.deep.include({ open: true, changesAt: at('2026-03-07T02:00:00Z') });
    // Saturday 01:00 belongs to Friday's night; Saturday 23:00 does not.
    expect(state('2026-03-07T01:00:00Z').open).to.equal(true);
    expect(state('2026-03-07T23:00:00Z')).to.deep.include({ open: false, changesAt: at('2026-03-13T22:00:00Z') });
  });

  it('honours its start and end bounds, and says when it ended', () => {
    const campaign = readSchedule({ start: '2026-05-01T09:00', end: '2026-05-03T18:00' });
    const verdict = (iso: string) => evaluateSchedule(campaign, zones('Europe/Berlin'), at(iso));
    expect(verdict('2026-05-01T06:59:00Z')).to.deep.include({
      allowed: false,
      reason: 'outside its schedule: starts Friday 09:00 (Europe/Berlin)',
      expiresAt: at('2026-05-01T07:00:00Z'),
    });
    expect(verdict('2026-05-01T07:00:00Z').allowed).to.equal(true);
    const ended = verdict('2026-05-03T16:00:00Z');
    expect(ended).to.deep.equal({
      allowed: false,
      rule: 'schedule',
      reason: 'outside its schedule: it ended 2026-05-03 18:00 (Europe/Berlin)',
    });
  });

  it('takes a start to the second, for a campaign that opens at an exact moment', () => {
    const schedule = readSchedule({ start: '2026-05-01T09:00:30' })!;
    expect(scheduleState(schedule, 'Europe/Berlin', at('2026-05-01T07:00:00Z')).changesAt).to.equal(
      at('2026-05-01T07:00:30Z'),
    );
  });

  it('opens a far start on its first weekly range after it', () => {
    const schedule = readSchedule({ start: '2026-06-01T00:00', weekly: [{ days: [3], from: '10:00', to: '11:00' }] });
    const state = scheduleState(schedule!, 'UTC', at('2026-01-01T00:00:00Z'));
    expect(state.changesAt).to.equal(at('2026-06-03T10:00:00Z'));
  });

  describe('across daylight-saving switches', () => {
    it('America/New_York springs forward on 2026-03-08: 09:00 is 13:00 UTC after it, 14:00 UTC before it', () => {
      const daily = readSchedule({ weekly: [{ days: [1, 2, 3, 4, 5, 6, 7], from: '09:00', to: '10:00' }] })!;
      // Saturday 09:30 EST is 14:30 UTC; Sunday 09:30 EDT is 13:30 UTC.
      expect(scheduleState(daily, 'America/New_York', at('2026-03-07T14:30:00Z')).open).to.equal(true);
      expect(scheduleState(daily, 'America/New_York', at('2026-03-08T14:30:00Z')).open).to.equal(false);
      expect(scheduleState(daily, 'America/New_York', at('2026-03-08T13:30:00Z')).open).to.equal(true);
      // Saturday after closing, the next opening is Sunday 09:00 EDT: 23 hours later, not 24.
      const saturdayEvening = scheduleState(daily, 'America/New_York', at('2026-03-07T15:00:00Z'));
      expect(saturdayEvening.changesAt).to.equal(at('2026-03-08T13:00:00Z'));
    });

    it('a start at 02:30 New York time, which the switch skips, starts at the switch (03:00 EDT)', () => {
      expect(instantOf(Date.UTC(2026, 2, 8, 2, 30), 'America/New_York')).to.equal(at('2026-03-08T07:00:00Z'));
      const schedule = readSchedule({ start: '2026-03-08T02:30' })!;
      expect(scheduleState(schedule, 'America/New_York', at('2026-03-08T06:59:00Z'))).to.deep.equal({
        open: false,
        changesAt: at('2026-03-08T07:00:00Z'),
        ended: false,
      });
    });

    it('Europe/Berlin falls back on 2026-10-25: a 01:00–05:00 range lasts five hours that night', () => {
      const night = readSchedule({ weekly: [{ days: [7], from: '01:00', to: '05:00' }] })!;
      // 01:00 CEST is 23:00 UTC the day before; 05:00 CET is 04:00 UTC.
      const state = scheduleState(night, 'Europe/Berlin', at('2026-10-24T22:59:00Z'));
      expect(state).to.deep.include({ open: false, changesAt: at('2026-10-24T23:00:00Z') });
      const open = scheduleState(night, 'Europe/Berlin', at('2026-10-25T00:30:00Z'));
      expect(open).to.deep.include({ open: true, changesAt: at('2026-10-25T04:00:00Z') });
      // The repeated hour (02:00–03:00, twice) is inside it both times.
      expect(scheduleState(night, 'Europe/Berlin', at('2026-10-25T01:30:00Z')).open).to.equal(true);
    });

    it('an end at 02:30 Berlin time, which the fall-back repeats, ends at its first occurrence for good', () => {
      const schedule = readSchedule({ end: '2026-10-25T02:30' })!;
      expect(scheduleState(schedule, 'Europe/Berlin', at('2026-10-25T00:29:00Z')).changesAt).to.equal(
        at('2026-10-25T00:30:00Z'),
      );
      expect(scheduleState(schedule, 'Europe/Berlin', at('2026-10-25T01:30:00Z'))).to.deep.equal({
        open: false,
        changesAt: null,
        ended: true,
      });
    });
  });

  it('reads the wall clock of a zone with Intl', () => {
    expect(wallClock(at('2026-03-08T07:00:00Z'), 'America/New_York')).to.deep.include({
      date: '2026-03-08',
      weekday: 7,
      minutes: 3 * 60,
    });
  });

  describe('reading a schedule', () => {
    const error = (value: unknown) => {
      try {
        readSchedule(value);
      } catch (caught) {
        if (caught instanceof ScheduleError) return { field: caught.field, message: caught.message };
        throw caught;
      }
      return null;
    };

    it('has no schedule when nothing is set', () => {
      expect(readSchedule(undefined)).to.equal(null);
      expect(readSchedule({ time_zone: 'visitor' })).to.equal(null);
    });

    it('names the field of bad times, an end before its start, too many ranges and a bad time zone', () => {
      expect(error({ start: '2026-02-30T09:00' })?.field).to.equal('schedule.start');
      expect(error({ weekly: [{ days: [1], from: '9:00', to: '17:00' }] })?.field).to.equal('schedule.weekly[0].from');
      expect(error({ weekly: [{ days: [1], from: '09:00', to: '24:01' }] })?.field).to.equal('schedule.weekly[0].to');
      expect(error({ weekly: [{ days: [0], from: '09:00', to: '17:00' }] })?.field).to.equal('schedule.weekly[0].days');
      expect(error({ start: '2026-05-02T09:00', end: '2026-05-01T09:00' })).to.deep.equal({
        field: 'schedule.end',
        message: 'schedule.end must be after schedule.start (2026-05-02T09:00), not 2026-05-01T09:00',
      });
      const many = Array.from({ length: 15 }, () => ({ days: [1], from: '09:00', to: '10:00' }));
      expect(error({ weekly: many })?.message).to.equal('schedule.weekly must hold at most 14 ranges, not 15');
      expect(error({ start: '2026-05-01T09:00', time_zone: 'Europe/Paris' })?.field).to.equal('schedule.time_zone');
    });

    it('takes 24:00 as the end of a whole day', () => {
      expect(readSchedule({ weekly: [{ days: [6, 7], from: '00:00', to: '24:00' }] })?.weekly).to.deep.equal([
        { days: [6, 7], from: 0, to: 1440 },
      ]);
    });
  });
});

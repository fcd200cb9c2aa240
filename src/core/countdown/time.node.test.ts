import { describe, it } from 'node:test';
import { expect } from 'chai';
import {
  announcement,
  compactText,
  digitGroups,
  durationText,
  nextTickDelay,
  timeLeftLabel,
  timeParts,
} from './time.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('countdown time', () => {
  describe('remaining time as days, hours, minutes and seconds', () => {
    it('splits the remaining time into its units', () => {
      expect(timeParts(2 * DAY + 3 * HOUR + 4 * MINUTE + 5_000)).to.deep.equal({
        days: 2,
        hours: 3,
        minutes: 4,
        seconds: 5,
        totalSeconds: 183_845,
      });
    });

    it('rounds up to the whole second, so zero shows only once it has ended', () => {
      expect(timeParts(329_001).totalSeconds).to.equal(330);
      expect(timeParts(1).seconds).to.equal(1);
      expect(timeParts(0).totalSeconds).to.equal(0);
      expect(timeParts(-500).totalSeconds).to.equal(0);
    });

    it('ticks when the shown second changes', () => {
      expect(nextTickDelay(330_000)).to.equal(1000);
      expect(nextTickDelay(329_996)).to.equal(996);
      expect(nextTickDelay(400)).to.equal(400);
    });
  });

  describe('layouts', () => {
    it('0: dd:hh:mm:ss, each group two digits at least', () => {
      expect(digitGroups(timeParts(5 * MINUTE + 30_000))).to.deep.equal(['00', '00', '05', '30']);
      expect(digitGroups(timeParts(120 * DAY))).to.deep.equal(['120', '00', '00', '00']);
    });

    it('2: compact, only the units needed', () => {
      expect(compactText(timeParts(5 * MINUTE + 30_000), 'en')).to.equal('5:30');
      expect(compactText(timeParts(HOUR + 5 * MINUTE + 30_000), 'en')).to.equal('1:05:30');
      expect(compactText(timeParts(2 * DAY + HOUR + 5 * MINUTE + 30_000), 'en')).to.equal('2d 01:05:30');
      expect(compactText(timeParts(2 * DAY), 'he')).to.equal('2 ימ׳ 00:00:00');
    });
  });

  describe('accessible texts', () => {
    it('names the time left in words, leaving out the units that are zero', () => {
      expect(timeLeftLabel(timeParts(5 * MINUTE + 30_000), 'en')).to.equal('Time left: 5 minutes 30 seconds');
      expect(timeLeftLabel(timeParts(DAY + HOUR + MINUTE + 1_000), 'en')).to.equal(
        'Time left: 1 day 1 hour 1 minute 1 second',
      );
      expect(timeLeftLabel(timeParts(2 * HOUR), 'en')).to.equal('Time left: 2 hours');
      expect(timeLeftLabel(timeParts(0), 'en')).to.equal('Time is up');
    });

    it('in Hebrew on Hebrew pages', () => {
      expect(timeLeftLabel(timeParts(5 * MINUTE + 30_000), 'he')).to.equal('הזמן שנותר: 5 דקות 30 שניות');
      expect(durationText(timeParts(MINUTE + 1_000), 'he')).to.equal('דקה אחת שנייה אחת');
      expect(timeLeftLabel(timeParts(0), 'he')).to.equal('הזמן נגמר');
    });

    it('announces only when a whole minute is crossed, and at zero', () => {
      expect(announcement(330_000, 329_000, 'en')).to.equal(null);
      expect(announcement(301_000, 300_000, 'en')).to.equal('Time left: 5 minutes');
      expect(announcement(300_000, 299_000, 'en')).to.equal(null);
      expect(announcement(1_000, 0, 'en')).to.equal('Time is up');
      expect(announcement(300_000, 300_000, 'en')).to.equal(null);
    });

    it('a countdown ticking each second for ten minutes speaks once a minute', () => {
      const spoken: number[] = [];
      for (
        let remaining = 10 * MINUTE - 1_000, previous = 10 * MINUTE;
        remaining >= 0;
        previous = remaining, remaining -= 1_000
      ) {
        if (announcement(previous, remaining, 'en')) spoken.push(remaining);
      }
      expect(spoken).to.deep.equal([9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((minutes) => minutes * MINUTE));
    });
  });
});

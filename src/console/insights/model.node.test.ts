import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changeOf, fill, formatRate, hourIn, hourLabels, lastDays, linePoints, verdictOf } from './model.ts';

const variant = (poptin_id: string, views: number, probability_best: number) => ({
  poptin_id,
  views,
  probability_best,
});

describe("an A/B test's verdict", () => {
  it('names the winner the server named, with its probability', () => {
    assert.deepEqual(verdictOf({ winner: 'b', variants: [variant('a', 2000, 0.01), variant('b', 2000, 0.99)] }), {
      kind: 'winner',
      poptinId: 'b',
      probability: 0.99,
    });
  });
  it('counts the views still missing over every variant short of 1,000', () => {
    assert.deepEqual(
      verdictOf({ winner: null, variants: [variant('a', 400, 0.4), variant('b', 700, 0.6), variant('c', 1500, 0)] }),
      { kind: 'needs-views', moreViews: 900 },
    );
  });
  it('says who leads and how sure, when there are views enough but no 95 %', () => {
    assert.deepEqual(verdictOf({ winner: null, variants: [variant('a', 1000, 0.2), variant('b', 1200, 0.8)] }), {
      kind: 'not-sure',
      leader: 'b',
      probability: 0.8,
    });
  });
  it('has nothing to compare with one variant', () => {
    assert.deepEqual(verdictOf({ winner: null, variants: [variant('a', 10, 1)] }), { kind: 'single' });
  });
});

describe('the read-out helpers', () => {
  it('fills placeholders and leaves unknown ones for a later fill', () => {
    assert.equal(fill('{a} and {b}', { a: 1 }), '1 and {b}');
  });
  it('gives the last N UTC days, today included', () => {
    assert.deepEqual(lastDays(3, Date.parse('2026-03-10T23:59:00Z')), { from: '2026-03-08', to: '2026-03-10' });
  });
  it("gives the last N days of the site's calendar, across a clock change", () => {
    // 02:30 UTC on 10 March is still the 9th in New York; the 8th there had 23 hours.
    assert.deepEqual(lastDays(3, Date.parse('2026-03-10T02:30:00Z'), 'America/New_York'), {
      from: '2026-03-07',
      to: '2026-03-09',
    });
    assert.deepEqual(lastDays(1, Date.parse('2026-03-10T18:30:00Z'), 'Asia/Kolkata'), {
      from: '2026-03-11',
      to: '2026-03-11',
    });
  });
  it("names an hour on the site's clock, half-hour zones included", () => {
    assert.equal(hourIn('2026-03-10T18:00:00.000Z', 'Asia/Kolkata'), '03-10 23:30');
    assert.equal(hourIn('2026-11-01T05:00:00.000Z', 'America/New_York'), '11-01 01:00');
    assert.equal(hourIn('2026-11-01T06:00:00.000Z', 'America/New_York'), '11-01 01:00');
  });
  it('tells apart the hour that comes twice when the clocks go back, and only that one', () => {
    const hours = [
      '2026-11-01T04:00:00.000Z',
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ];
    assert.deepEqual(hourLabels(hours, 'America/New_York'), [
      '11-01 00:00',
      '11-01 01:00 GMT-4',
      '11-01 01:00 GMT-5',
      '11-01 02:00',
    ]);
    assert.deepEqual(hourLabels(hours, 'UTC'), ['11-01 04:00', '11-01 05:00', '11-01 06:00', '11-01 07:00']);
  });
  it('has no change to show from nothing', () => {
    assert.equal(changeOf(5, 0), null);
    assert.equal(changeOf(15, 10), 0.5);
  });
  it("places a chart's points from the inline start: left to right, or right to left in Hebrew", () => {
    const size = { width: 120, height: 60, padding: 10 };
    const ltr = linePoints([[0, 5, 10]], size, false);
    assert.equal(ltr.max, 10);
    assert.deepEqual(ltr.points[0], [
      [10, 50],
      [60, 30],
      [110, 10],
    ]);
    assert.deepEqual(linePoints([[0, 5, 10]], size, true).points[0], [
      [110, 50],
      [60, 30],
      [10, 10],
    ]);
    assert.equal(linePoints([[0, 0]], size, false).max, 1, 'an empty range still has a scale');
  });
});

describe('a conversion rate in words', () => {
  it('is a percent of the views, over 100 % too when views went uncounted, and a dash when there were none', () => {
    assert.equal(formatRate({ views: 200, conversion_rate: 0.125 }, 'en'), '12.50%');
    assert.equal(formatRate({ views: 2, conversion_rate: 1.5 }, 'en'), '150.00%');
    assert.equal(formatRate({ views: 0, conversion_rate: 0 }, 'en'), '—');
    assert.equal(formatRate({ views: 0, conversion_rate: 0 }, 'he'), '—');
    assert.equal(formatRate({ views: 8, conversion_rate: 0.25 }, 'he', 1), '25.0%');
  });
});

import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { inLocalDays } from './insights.ts';

// Node reads TZ again whenever it is set: each case runs in the zone it names.
const zoneBefore = process.env.TZ;
afterEach(() => {
  process.env.TZ = zoneBefore;
});

describe("a lead filter's days in the owner's zone", () => {
  it("sends the owner's midnights as instants: the first day's, and the one after the last day", () => {
    process.env.TZ = 'Asia/Tokyo';
    assert.deepEqual(inLocalDays({ q: 'ana', from: '2026-03-01', to: '2026-03-02' }), {
      q: 'ana',
      from: '2026-02-28T15:00:00.000Z',
      to: '2026-03-02T15:00:00.000Z',
    });
  });

  it('keeps a day of 23 hours whole, where the clocks go forward', () => {
    process.env.TZ = 'America/New_York';
    assert.deepEqual(inLocalDays({ from: '2026-03-08', to: '2026-03-08' }), {
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
    });
  });

  it('leaves out an end that is not set', () => {
    process.env.TZ = 'Pacific/Kiritimati';
    assert.deepEqual(inLocalDays({ from: '', to: '2026-01-01' }), {
      from: undefined,
      to: '2026-01-01T10:00:00.000Z',
    });
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inSiteDays } from './insights.ts';

describe("a lead filter's days on the site's clock", () => {
  it("sends the site's midnights as instants: the first day's, and the one after the last day", () => {
    assert.deepEqual(inSiteDays({ q: 'ana', from: '2026-03-01', to: '2026-03-02' }, 'Asia/Tokyo'), {
      q: 'ana',
      from: '2026-02-28T15:00:00.000Z',
      to: '2026-03-02T15:00:00.000Z',
    });
  });

  it('keeps a day of 23 hours whole, where the clocks go forward, and one of 25 where they go back', () => {
    assert.deepEqual(inSiteDays({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York'), {
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
    });
    assert.deepEqual(inSiteDays({ from: '2026-11-01', to: '2026-11-01' }, 'America/New_York'), {
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-02T05:00:00.000Z',
    });
  });

  it('does not depend on the zone of the machine it runs on', () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      assert.deepEqual(inSiteDays({ from: '2026-01-01', to: '' }, 'UTC'), {
        from: '2026-01-01T00:00:00.000Z',
        to: undefined,
      });
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('leaves out an end that is not set', () => {
    assert.deepEqual(inSiteDays({ from: '', to: '2026-01-01' }, 'Pacific/Kiritimati'), {
      from: undefined,
      to: '2026-01-01T10:00:00.000Z',
    });
  });
});

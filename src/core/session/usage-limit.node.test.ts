import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { limitPopupOf } from './usage-limit.ts';

describe('the usage limit pop-ups (widget §2, §3)', () => {
  it('the upgrade pop-up when the limit is reached; the remind-me pop-up after more than two days', () => {
    const setting = {
      upgrade_popup: { id: 'upgradepop001', mote_than_two_days: false, remindme_popup: 'remindmepop01' },
    };
    assert.deepEqual(limitPopupOf(true, setting), { poptinId: 'upgradepop001', status: 'upgrade' });
    assert.deepEqual(limitPopupOf(true, { upgrade_popup: { ...setting.upgrade_popup, mote_than_two_days: 1 } }), {
      poptinId: 'remindmepop01',
      status: 'remindme',
    });
  });

  it('nothing without a restriction or without a configured pop-up', () => {
    assert.equal(limitPopupOf(false, { upgrade_popup: { id: 'upgradepop001' } }), null);
    assert.equal(limitPopupOf(true, {}), null);
    assert.equal(limitPopupOf(true, { upgrade_popup: { id: '' } }), null);
  });
});

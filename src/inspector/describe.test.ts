import { expect } from '@open-wc/testing';
import type { PopupRecord } from '../stores/popups.ts';
import { describePopups, describeRecord, formatInstant } from './describe.ts';

const T0 = Date.UTC(2025, 2, 14, 9, 30, 0);

function blockedRecord(): PopupRecord {
  return {
    id: 'capped1',
    name: 'Spring sale lightbox',
    type: 'lightbox',
    state: 'blocked',
    trigger: '',
    closeCause: '',
    viewId: '',
    explanation: {
      id: 'capped1',
      allowed: false,
      rules: [],
      blockedBy: [
        {
          allowed: false,
          rule: 'frequency (d_f_r)',
          reason: 'shown 1 time(s) in the last 1 day(s)',
          expiresAt: T0 + 86_400_000,
        },
        { allowed: false, rule: 'device', reason: 'desktop only' },
      ],
      frequencyCapExpiresAt: T0 + 86_400_000,
      retryAt: null,
      triggers: { planned: ['time-on-page'], armedAt: null, fired: [] },
      shownAt: null,
      summary: 'blocked by frequency (d_f_r): shown 1 time(s) in the last 1 day(s); device: desktop only',
    },
  };
}

function shownRecord(): PopupRecord {
  return {
    id: 'welcome1',
    name: 'Welcome bar',
    type: 'bar',
    state: 'closed',
    trigger: 'scroll',
    closeCause: 'x_click',
    viewId: 'v-42',
    explanation: {
      id: 'welcome1',
      allowed: true,
      rules: [],
      blockedBy: [],
      frequencyCapExpiresAt: null,
      retryAt: null,
      triggers: {
        planned: ['scroll', 'exit-intent'],
        armedAt: T0,
        fired: [
          { trigger: 'scroll', at: T0 + 4_000 },
          { trigger: 'exit-intent', at: T0 + 9_000 },
        ],
      },
      shownAt: T0 + 4_100,
      summary: `shown at ${new Date(T0 + 4_100).toISOString()} after scroll`,
    },
  };
}

const valuesOf = (record: PopupRecord) =>
  Object.fromEntries(describeRecord(record).rows.map((row) => [row.key, row.values]));

describe('inspector descriptions', () => {
  describe('formatInstant', () => {
    it('writes epoch milliseconds as ISO 8601 and a missing instant as "none"', () => {
      expect(formatInstant(T0)).to.equal('2025-03-14T09:30:00.000Z');
      expect(formatInstant(null)).to.equal('none');
      expect(formatInstant(undefined)).to.equal('none');
    });

    it('does not throw on a number that is no instant', () => {
      expect(formatInstant(Number.NaN)).to.equal('NaN');
    });
  });

  describe('describeRecord', () => {
    it('a blocked pop-up: its rules with reasons and when they lift, and the frequency cap expiry', () => {
      const described = describeRecord(blockedRecord());
      expect(described).to.include({ id: 'capped1', name: 'Spring sale lightbox', type: 'lightbox', state: 'blocked' });
      expect(described.rows.map((row) => row.label)).to.deep.equal([
        'State',
        'Trigger fired',
        'Planned triggers',
        'Fired triggers',
        'Blocked by',
        'Frequency cap expires',
        'Close cause',
        'Summary',
      ]);
      expect(valuesOf(blockedRecord())).to.deep.equal({
        state: ['blocked'],
        trigger: ['none'],
        planned: ['time-on-page'],
        fired: ['none'],
        'blocked-by': [
          'frequency (d_f_r): shown 1 time(s) in the last 1 day(s) (until 2025-03-15T09:30:00.000Z)',
          'device: desktop only',
        ],
        'frequency-cap': ['2025-03-15T09:30:00.000Z'],
        'close-cause': ['none'],
        summary: ['blocked by frequency (d_f_r): shown 1 time(s) in the last 1 day(s); device: desktop only'],
      });
    });

    it('a pop-up that showed and closed: the trigger that opened it, every fired trigger with its time, the close cause', () => {
      expect(valuesOf(shownRecord())).to.deep.equal({
        state: ['closed'],
        trigger: ['scroll'],
        planned: ['scroll, exit-intent (armed at 2025-03-14T09:30:00.000Z)'],
        fired: ['scroll at 2025-03-14T09:30:04.000Z', 'exit-intent at 2025-03-14T09:30:09.000Z'],
        'blocked-by': ['none'],
        'frequency-cap': ['none'],
        'close-cause': ['x_click'],
        summary: ['shown at 2025-03-14T09:30:04.100Z after scroll'],
      });
    });

    it('a pop-up with no decision and no name yet still describes itself', () => {
      const record: PopupRecord = {
        ...shownRecord(),
        id: 'bare1',
        name: '',
        state: 'armed',
        trigger: '',
        closeCause: '',
        explanation: {
          id: 'bare1',
          allowed: null,
          rules: [],
          blockedBy: [],
          frequencyCapExpiresAt: null,
          retryAt: null,
          triggers: { planned: [], armedAt: null, fired: [] },
          shownAt: null,
          summary: 'no decision yet',
        },
      };
      const described = describeRecord(record);
      expect(described.name).to.equal('bare1');
      expect(valuesOf(record)).to.deep.include({ planned: ['none'], fired: ['none'], summary: ['no decision yet'] });
    });
  });

  describe('describePopups', () => {
    it('keeps the order of the store and describes every record', () => {
      const described = describePopups({ capped1: blockedRecord(), welcome1: shownRecord() });
      expect(described.map((popup) => [popup.id, popup.state])).to.deep.equal([
        ['capped1', 'blocked'],
        ['welcome1', 'closed'],
      ]);
      expect(describePopups({})).to.deep.equal([]);
    });
  });
});

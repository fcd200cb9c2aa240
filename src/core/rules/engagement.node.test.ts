import { describe, it } from 'node:test';
import { expect } from 'chai';
import { type EngagementRecord, evaluateEngagementFilter, parseEngagementFilter } from './engagement.ts';

describe('engagement filter (widget §5 engagement with other pop-ups)', () => {
  const SELF = 'selfselfself1';
  const OTHER = 'a1b2c3d4e5f6g';
  const records: EngagementRecord[] = [
    { id: OTHER, kind: 'lightbox', event: 'seen', at: 1 },
    { id: OTHER, kind: 'lightbox', event: 'closed', at: 2 },
    { id: SELF, kind: 'bar', event: 'converted', at: 3 },
  ];

  it('parses show|condition|kind|id rules separated by ";", "," or line breaks', () => {
    const { rules } = parseEngagementFilter(
      `show|seen_poptin|lightbox|${OTHER}, dont_show|converted|any|any\nshow|not_seen|bar`,
    );
    expect(rules).to.deep.equal([
      { show: 'show', condition: 'seen_poptin', kind: 'lightbox', id: OTHER },
      { show: 'dont_show', condition: 'converted', kind: 'any', id: 'any' },
      { show: 'show', condition: 'not_seen', kind: 'bar', id: 'any' },
    ]);
  });

  const cases: [string, boolean][] = [
    [`show|seen_poptin|lightbox|${OTHER}`, true],
    [`show|seen_poptin|bar|${OTHER}`, false],
    [`dont_show|seen_poptin|any|${OTHER}`, false],
    ['show|not_seen|sside|any', true],
    [`show|not_seen|any|${OTHER}`, false],
    ['show|closed|lightbox|any', true],
    ['dont_show|closed|any|any', false],
    ['show|converted|any|any', false],
    [`show|converted|bar|${SELF}`, true],
  ];
  for (const [filter, allowed] of cases) {
    it(`${filter} → ${allowed ? 'allowed' : 'blocked'}`, () => {
      expect(evaluateEngagementFilter(filter, SELF, records).allowed).to.equal(allowed);
    });
  }

  it('"any" id means any other pop-up: the pop-up\'s own conversion does not count', () => {
    expect(evaluateEngagementFilter('dont_show|converted|any|any', SELF, records).allowed).to.equal(true);
  });

  it('all rules must allow, unreadable rules are reported, and JSON is accepted', () => {
    expect(
      evaluateEngagementFilter(`show|seen_poptin|any|any; show|converted|any|any`, SELF, records).allowed,
    ).to.equal(false);
    const result = evaluateEngagementFilter('maybe|seen_poptin|any|any', SELF, records);
    expect(result.allowed).to.equal(true);
    expect(result.reason).to.contain('ignored unreadable rule(s): "maybe|seen_poptin|any|any"');
    expect(
      evaluateEngagementFilter(
        `[{"show":"show","condition":"closed","kind":"lightbox","id":"${OTHER}"}]`,
        SELF,
        records,
      ).allowed,
    ).to.equal(true);
  });
});

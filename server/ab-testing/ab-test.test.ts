import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PopupRecord } from '../configuration/repository.ts';
import { chooseVariants } from './ab-test.ts';

const popup = (poptin_id: string, ab_test_parent_id: string | null = null): PopupRecord => ({
  poptin_id,
  client_id: 'acme',
  viewer_id: `v-${poptin_id}`,
  ab_test_parent_id,
  config: {},
});

const parent = popup('parent0000001');
const child = popup('child00000001', 'parent0000001');
const other = popup('other00000001');

describe('chooseVariants', () => {
  it('keeps pop-ups that are not part of a campaign, in order', () => {
    assert.deepEqual(
      chooseVariants([other, popup('zzz0000000001')], 'v1').map((p) => p.poptin_id),
      ['other00000001', 'zzz0000000001'],
    );
  });

  it('keeps exactly one variant per campaign, at the place of the campaign', () => {
    const ids = chooseVariants([parent, other, child], 'visitor-1').map((p) => p.poptin_id);
    assert.equal(ids.length, 2);
    assert.ok(ids[0] === 'parent0000001' || ids[0] === 'child00000001');
    assert.equal(ids[1], 'other00000001');
  });

  it('gives a visitor the same variant every time and whatever the input order', () => {
    for (let i = 0; i < 20; i++) {
      const first = chooseVariants([parent, child], `visitor-${i}`)[0]!.poptin_id;
      assert.equal(chooseVariants([child, parent], `visitor-${i}`)[0]!.poptin_id, first);
    }
  });

  it('spreads visitors over all variants', () => {
    const third = popup('child00000002', 'parent0000001');
    const counts = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      const id = chooseVariants([parent, child, third], `visitor-${i}`)[0]!.poptin_id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    assert.equal(counts.size, 3);
    for (const count of counts.values()) assert.ok(count > 60, `uneven split: ${[...counts.entries()]}`);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { comparePaired, median } from './paired.ts';

describe('bench: two builds compared round by round', () => {
  it('reads the median of an odd and an even number of figures', () => {
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.ok(Number.isNaN(median([])));
  });

  it('says B takes less only when the rounds agree beyond chance (an exact sign test)', () => {
    // 9 rounds, B less in all: p = 2 / 512.
    const all = comparePaired([50, 60, 70, 80, 90, 100, 110, 120, 130], [40, 52, 61, 75, 81, 90, 104, 111, 120]);
    assert.equal(all.verdict, 'B takes less');
    assert.equal(all.bLess, 9);
    assert.equal(all.p, 2 / 512);
    assert.equal(all.pairedMedian, -9);
    // 8 of 9: p = 2 · (1 + 9) / 512 = 0.039.
    const eight = comparePaired([50, 60, 70, 80, 90, 100, 110, 120, 130], [40, 52, 61, 75, 81, 90, 104, 111, 140]);
    assert.equal(eight.verdict, 'B takes less');
    assert.equal(eight.p, 20 / 512);
    // 7 of 9: p = 2 · (1 + 9 + 36) / 512 = 0.18, not shown, though the median moved as much.
    const seven = comparePaired([50, 60, 70, 80, 90, 100, 110, 120, 130], [40, 52, 61, 75, 81, 90, 104, 121, 140]);
    assert.equal(seven.verdict, 'no difference shown');
    assert.equal(seven.p, 92 / 512);
  });

  it('says B takes more the other way round, leaves ties out, and refuses rounds that do not pair', () => {
    const more = comparePaired([10, 10, 10, 10, 10, 10, 10], [12, 11, 13, 12, 11, 12, 10]);
    assert.equal(more.verdict, 'B takes more');
    assert.equal(more.bMore, 6);
    assert.equal(more.p, 2 / 64);
    assert.throws(() => comparePaired([1, 2], [1]), /rounds differ/);
  });
});

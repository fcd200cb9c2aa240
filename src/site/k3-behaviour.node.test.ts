import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  readingProgress,
  scrollToTopVisible,
  slidesPerView,
  TIMINGS,
  tabIdFromHash,
  toggleBranch,
  usesMobileHeader,
} from './k3-behaviour.ts';
import { isAnchorId } from './k3-rules.ts';

describe('K3 site behaviour (site spec §2, §4, §9)', () => {
  it('timings: menu slide 300 ms, search focus 200 ms, anchors after load 750 ms, popup-selector 300 ms', () => {
    assert.deepEqual(
      [
        TIMINGS.menuSlideMs,
        TIMINGS.searchFocusMs,
        TIMINGS.anchorAfterLoadMs,
        TIMINGS.popupSelectorClickMs,
        TIMINGS.scrollToTopMs,
      ],
      [300, 200, 750, 300, 300],
    );
  });

  it('scroll-to-top past 300 px; the reading progress follows the scroll percentage', () => {
    assert.deepEqual([0, 300, 301].map(scrollToTopVisible), [false, false, true]);
    assert.equal(readingProgress(0, 3000, 1000), 0);
    assert.equal(readingProgress(1000, 3000, 1000), 50);
    assert.equal(readingProgress(5000, 3000, 1000), 100);
    assert.equal(readingProgress(0, 800, 1000), 100, 'nothing to scroll');
  });

  it('the mobile header below 921 px', () => {
    assert.deepEqual([375, 900, 920, 921, 1280].map(usesMobileHeader), [true, true, true, false, false]);
  });

  it('carousel: 3 slides, tablet 2 (1 if single), mobile 1', () => {
    assert.deepEqual(
      [
        slidesPerView(1280, 6),
        slidesPerView(900, 6),
        slidesPerView(900, 1),
        slidesPerView(375, 6),
        slidesPerView(1280, 2),
      ],
      [3, 2, 1, 1, 2],
    );
  });

  it('the mobile menu keeps one branch open at a time', () => {
    let open = toggleBranch([], ['training']);
    assert.deepEqual(open, ['training']);
    open = toggleBranch(open, ['training', 'k3']);
    assert.deepEqual(open, ['training', 'training/k3']);
    open = toggleBranch(open, ['services']);
    assert.deepEqual(open, ['services'], 'another top branch closes the first and its children');
    assert.deepEqual(toggleBranch(open, ['services']), []);
  });

  it('a hash opens a tab only when it is a valid id', () => {
    assert.equal(tabIdFromHash('#tab-jadwal', isAnchorId), 'tab-jadwal');
    assert.equal(tabIdFromHash('#1abc', isAnchorId), null);
    assert.equal(tabIdFromHash('#', isAnchorId), null);
  });
});

import { describe, it } from 'node:test';
import { expect } from 'chai';
import {
  parseTeaserShowMode,
  TEASER_ATTENTION_TOGGLE_MS,
  TEASER_Z_INDEX,
  tabLimit,
  teaserTabIndex,
  teaserVisible,
} from './tabs.ts';

describe('teaser tab rules (widget §2 "Teaser tab", §9)', () => {
  it('uses tab-index base 500 plus 100 per pop-up', () => {
    expect([0, 1, 2].map(teaserTabIndex)).to.deep.equal([500, 600, 700]);
  });

  it('keeps the default tab limits per type', () => {
    expect(
      ['mobile', 'fullpage', 'browsing', 'sside', 'bside', 'social', 'bar', 'lightbox'].map((kind) =>
        tabLimit(kind as never),
      ),
    ).to.deep.equal([5, 4, 1, 4, 3, 4, 5, 6]);
    expect(tabLimit('embedded')).to.equal(Number.POSITIVE_INFINITY);
  });

  it('toggles attention every 3 s and sits at z-index 999998', () => {
    expect(TEASER_ATTENTION_TOGGLE_MS).to.equal(3000);
    expect(TEASER_Z_INDEX).to.equal(999998);
  });

  it('shows always, before the pop-up is shown, or after it is closed, never over the open pop-up', () => {
    const phases = ['not-shown', 'shown', 'closed'] as const;
    expect(phases.map((phase) => teaserVisible('always', phase))).to.deep.equal([true, false, true]);
    expect(phases.map((phase) => teaserVisible('before_show', phase))).to.deep.equal([true, false, false]);
    expect(phases.map((phase) => teaserVisible('after_close', phase))).to.deep.equal([false, false, true]);
  });

  it('reports an unknown mode and shows the tab always', () => {
    expect(parseTeaserShowMode('after_close')).to.deep.equal({ mode: 'after_close' });
    expect(parseTeaserShowMode('sometimes')).to.deep.equal({
      mode: 'always',
      message: 'teaser mode "sometimes" is not always, before_show or after_close; showing it always',
    });
  });
});

import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { defineOnSight } from './define-on-sight.ts';

describe('defineOnSight', () => {
  it('loads a tag already in the page once, and a tag added later when it appears', async () => {
    const container = await fixture<HTMLDivElement>(html`<div><poptin-test-present></poptin-test-present></div>`);
    const loaded: string[] = [];
    const stop = defineOnSight(
      {
        'poptin-test-present': async () => loaded.push('present'),
        'poptin-test-later': async () => loaded.push('later'),
      },
      container,
    );
    expect(loaded).to.deep.equal(['present']);

    const wrapper = document.createElement('section');
    wrapper.innerHTML = '<p><poptin-test-later></poptin-test-later></p><poptin-test-later></poptin-test-later>';
    container.append(wrapper);
    await nextFrame();
    container.append(document.createElement('poptin-test-present'));
    await nextFrame();
    expect(loaded).to.deep.equal(['present', 'later']);
    stop();
  });

  it('skips tags that are already defined and logs a loader that fails instead of throwing', async () => {
    customElements.define('poptin-test-defined', class extends HTMLElement {});
    const container = await fixture<HTMLDivElement>(
      html`<div><poptin-test-defined></poptin-test-defined><poptin-test-broken></poptin-test-broken></div>`,
    );
    const calls: string[] = [];
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      defineOnSight(
        {
          'poptin-test-defined': async () => calls.push('defined'),
          'poptin-test-broken': async () => {
            calls.push('broken');
            throw new Error('chunk failed');
          },
        },
        container,
      );
      await nextFrame();
    } finally {
      console.error = original;
    }
    expect(calls).to.deep.equal(['broken']);
    expect(errors.some((args) => args.includes('loading <poptin-test-broken>'))).to.equal(true);
  });
});

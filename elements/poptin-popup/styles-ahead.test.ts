// In a file of its own: the parsed sheets are kept for the page's life, and this page has parsed none yet.
import { expect, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import { parsePopupConfig } from '../../src/core/config/parse.ts';
import type { PoptinPopupElement } from './poptin-popup.ts';

const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

describe('<poptin-popup> styles', () => {
  afterEach(() => sinon.restore());

  it('parses the styles in a task after the view arrives, before the first render, and not again in it', async () => {
    // The render that builds a pop-up ahead of its trigger carried their parsing (about 8 ms at 4× CPU slowdown).
    const parsed: string[] = [];
    const replaceSync = CSSStyleSheet.prototype.replaceSync;
    sinon.stub(CSSStyleSheet.prototype, 'replaceSync').callsFake(function (this: CSSStyleSheet, css: string) {
      parsed.push(css);
      replaceSync.call(this, css);
    });
    const isPopupStyles = (css: string) => css.includes('[part~="base"]') && css.includes('[part~="credit"]');

    await import('./define.ts');
    expect(parsed.filter(isPopupStyles)).to.have.length(0);
    await nextTask();
    expect(parsed.filter(isPopupStyles)).to.have.length(1);

    const element = document.createElement('poptin-popup') as PoptinPopupElement;
    element.popup = {
      config: parsePopupConfig({ poptin_id: 'a1b2c3d4e5f6g', poptin_type: 'lightbox', viewer_id: 'v1' }),
      html: '<p>Hello</p>',
      lang: 'en',
      trigger: 'manual',
      visible: false,
    };
    document.body.append(element);
    // React renders in a task of its own, preact at once: the first render, whenever it comes.
    await waitUntil(
      () =>
        element.shadowRoot?.adoptedStyleSheets.some((candidate) =>
          [...candidate.cssRules].some((rule) => rule.cssText.includes('part~="credit"')),
        ),
      'the pop-up styles adopted by its first render',
    );
    expect(parsed.filter(isPopupStyles)).to.have.length(1);
    element.remove();
  });
});

import { expect } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import { runAxe } from '../../test/browser-support/run-axe.ts';
import { macrotask, until } from '../../test/browser-support/waiting.ts';
import './define.ts';
import type { PoptinTeaserElement } from './poptin-teaser.ts';

const tab = (element: Element) => element.shadowRoot?.querySelector<HTMLButtonElement>('[part~="tab"]') ?? null;

async function mount(attributes: Record<string, string>): Promise<PoptinTeaserElement> {
  const element = document.createElement('poptin-teaser');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  await macrotask();
  await macrotask();
  return element;
}

describe('<poptin-teaser>', () => {
  let show: sinon.SinonStub;
  beforeEach(() => {
    show = sinon.stub().resolves(true);
    (window as unknown as { poptin?: unknown }).poptin = { show };
  });
  afterEach(async () => {
    delete (window as unknown as { poptin?: unknown }).poptin;
    document.querySelectorAll('poptin-teaser').forEach((node) => node.remove());
    document.documentElement.removeAttribute('lang');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('shows always, before its pop-up was shown, or after it was closed, never over it', async () => {
    const seen: string[] = [];
    for (const mode of ['always', 'before_show', 'after_close']) {
      for (const phase of ['not-shown', 'shown', 'closed']) {
        const element = await mount({ 'poptin-id': 'a1b2c3d4e5f6g', mode, phase });
        if (tab(element)) seen.push(`${mode}/${phase}`);
        element.remove();
      }
    }
    expect(seen).to.deep.equal(['always/not-shown', 'always/closed', 'before_show/not-shown', 'after_close/closed']);
  });

  it('a click or Enter opens its pop-up; a cancelled poptin-teaser-open does not', async () => {
    const element = await mount({ 'poptin-id': 'a1b2c3d4e5f6g', label: '10% off inside' });
    const opened: unknown[] = [];
    element.addEventListener('poptin-teaser-open', (event) => opened.push((event as CustomEvent).detail));
    tab(element)!.click();
    expect(opened).to.deep.equal([{ poptinId: 'a1b2c3d4e5f6g' }]);
    expect(show.args).to.deep.equal([['a1b2c3d4e5f6g']]);
    tab(element)!.focus();
    await sendKeys({ press: 'Enter' });
    expect(show.callCount).to.equal(2);
    element.addEventListener('poptin-teaser-open', (event) => event.preventDefault());
    tab(element)!.click();
    expect(show.callCount).to.equal(2);
  });

  it('is a named button in the page’s tab order, its §9 tab index (500 + 100 per pop-up) kept as its order, at z-index 999998', async () => {
    const element = await mount({ 'poptin-id': 'a1b2c3d4e5f6g', order: '2', label: '10% off inside' });
    expect([
      tab(element)!.textContent,
      tab(element)!.tabIndex,
      tab(element)!.dataset.tabOrder,
      tab(element)!.getAttribute('aria-haspopup'),
    ]).to.deep.equal(['10% off inside', 0, '700', 'dialog']);
    expect(getComputedStyle(element.shadowRoot!.querySelector('[part~="base"]')!).zIndex).to.equal('999998');
    expect((await runAxe(element)).violations).to.deep.equal([]);
  });

  it('beyond its kind’s tab limit later tabs stay hidden (browsing: 1)', async () => {
    const first = await mount({ 'poptin-id': 'aaaaaaaaaaaa1', kind: 'browsing' });
    const second = await mount({ 'poptin-id': 'aaaaaaaaaaaa2', kind: 'browsing' });
    const other = await mount({ 'poptin-id': 'aaaaaaaaaaaa3', kind: 'lightbox' });
    expect([tab(first) !== null, tab(second) !== null, tab(other) !== null]).to.deep.equal([true, false, true]);
  });

  it('asks for attention every 3 s, and not at all under reduced motion', async () => {
    const clock = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const element = await mount({ 'poptin-id': 'a1b2c3d4e5f6g' });
      // The toggle starts in an effect, after the tab is drawn.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(tab(element)!.hasAttribute('data-attention')).to.equal(false);
      clock.tick(3_000);
      await until(() => tab(element)!.hasAttribute('data-attention'), 'attention');
      clock.tick(3_000);
      await until(() => !tab(element)!.hasAttribute('data-attention'), 'rest');
      element.remove();
      await emulateMedia({ reducedMotion: 'reduce' });
      const still = await mount({ 'poptin-id': 'a1b2c3d4e5f6g' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      clock.tick(9_000);
      await macrotask();
      expect(tab(still)!.hasAttribute('data-attention')).to.equal(false);
    } finally {
      clock.restore();
    }
  });

  it('on a Hebrew page: right to left, on the other side, with a Hebrew label', async () => {
    document.documentElement.lang = 'he';
    const element = await mount({ 'poptin-id': 'a1b2c3d4e5f6g', position: 'bottom-right' });
    const base = element.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!;
    expect([base.dir, base.dataset.position, tab(element)!.textContent]).to.deep.equal([
      'rtl',
      'bottom-left',
      'לפתיחת ההצעה',
    ]);
  });

  it('an unknown mode is reported and taken as always', async () => {
    const warn = sinon.stub(console, 'warn');
    try {
      const element = await mount({ 'poptin-id': 'a1b2c3d4e5f6g', mode: 'sometimes' });
      expect(tab(element)).to.not.equal(null);
      expect(warn.args.map((args) => args.join(' '))).to.deep.include(
        '[poptin] <poptin-teaser>: teaser mode "sometimes" is not always, before_show or after_close; showing it always',
      );
    } finally {
      warn.restore();
    }
  });
});

import { expect } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import type { GamePrizeDetail, GameResultDetail } from '../../src/core/games/index.ts';
import { ALWAYS_WIN, collect, mountGame, shadowPart, shadowParts, spoken } from '../../test/browser-support/games.ts';
import { runAxe } from '../../test/browser-support/run-axe.ts';
import { macrotask, until } from '../../test/browser-support/waiting.ts';
import './define.ts';
import type { PoptinGiftBoxElement } from './poptin-gift-box.ts';

const mountBoxes = () => mountGame<PoptinGiftBoxElement>('poptin-gift-box', { prizes: JSON.stringify(ALWAYS_WIN) });

describe('<poptin-gift-box>', () => {
  let clock: sinon.SinonFakeTimers | undefined;
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    clock?.restore();
    clock = undefined;
    document.querySelectorAll('poptin-gift-box').forEach((node) => node.remove());
    document.documentElement.removeAttribute('lang');
  });

  it('offers three boxes, each a named button', async () => {
    const element = await mountBoxes();
    expect(shadowParts(element, 'box').map((box) => box.textContent)).to.deep.equal([
      'Gift 1 of 3',
      'Gift 2 of 3',
      'Gift 3 of 3',
    ]);
    expect(shadowPart(element, 'base').getAttribute('aria-label')).to.equal('Pick a gift');
  });

  it('the opened box lifts its lid in the click’s frame and shows the prize picked by chance after it; the others dim and close; the result follows 1.5 s later', async () => {
    const element = await mountBoxes();
    const plays = collect<GamePrizeDetail>(element, 'poptin-game-play');
    const results = collect<GameResultDetail>(element, 'poptin-game-result');
    // The glow's fade is left out, so that its style reads where it is going.
    const noFade = new CSSStyleSheet();
    noFade.replaceSync('[part~="box"]::before { transition: none !important; }');
    element.shadowRoot!.adoptedStyleSheets = [...element.shadowRoot!.adoptedStyleSheets, noFade];
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    shadowParts(element, 'box')[1]!.click();
    // The click's own task, before any frame: its render runs in a microtask.
    for (let turn = 0; turn < 20 && shadowParts(element, 'opened').length === 0; turn += 1) await Promise.resolve();
    expect(shadowParts(element, 'opened').length).to.equal(1, 'the lid lifts in the click’s frame');
    expect(element.shadowRoot!.querySelector('[part~="prize"]')).to.equal(null, 'the prize waits for that frame');
    expect(shadowParts(element, 'box').map((box) => box.getAttribute('aria-disabled'))).to.deep.equal(
      [null, 'true', null],
      'the other boxes dim after that frame too',
    );
    expect(getComputedStyle(shadowPart(element, 'opened'), '::before').opacity).to.equal(
      '0',
      'the glow behind it starts after that frame',
    );
    await until(() => element.shadowRoot!.querySelector('[part~="prize"]') !== null, 'the prize');
    const [first, second, third] = shadowParts(element, 'box');
    expect(second!.getAttribute('aria-pressed')).to.equal('true');
    expect(shadowPart(element, 'prize').textContent).to.equal('10% off');
    expect(second!.textContent).to.equal('Gift 2 of 3 10% off', 'its name says what it holds');
    await until(() => getComputedStyle(second!, '::before').opacity === '0.9', 'the glow behind the opened box');
    expect([first, third].map((box) => box!.getAttribute('aria-disabled'))).to.deep.equal(['true', 'true']);
    expect(spoken(element)).to.equal('Opening the gift…');
    third!.click();
    await macrotask();
    expect(plays.map((play) => play.prizeId)).to.deep.equal(['p-ten'], 'one box only');
    clock.tick(1_499);
    await macrotask();
    expect(results).to.deep.equal([]);
    clock.tick(1);
    await until(() => results.length === 1, 'the result');
    expect(results[0]).to.include({ prizeId: 'p-ten', screen: 'win', game: 'gift-box' });
    await until(() => spoken(element) === 'You won: 10% off', 'the announcement');
  });

  it('opens from the keyboard, and speaks Hebrew on a Hebrew page', async () => {
    document.documentElement.lang = 'he';
    const element = await mountBoxes();
    expect(shadowParts(element, 'box')[2]!.textContent).to.equal('מתנה 3 מתוך 3');
    shadowParts(element, 'box')[2]!.focus();
    await sendKeys({ press: 'Space' });
    await until(() => shadowParts(element, 'opened').length === 1, 'the box to open');
    expect(shadowParts(element, 'box')[2]!.getAttribute('aria-pressed')).to.equal('true');
  });

  it('the opened box lifts and tilts its lid; under reduced motion the lid fades away instead', async () => {
    const lidOf = (element: Element) => shadowPart(element, 'opened').querySelector<HTMLElement>('[part~="lid"]')!;
    const moving = await mountBoxes();
    shadowParts(moving, 'box')[0]!.click();
    await until(() => shadowParts(moving, 'opened').length === 1, 'the box to open');
    expect(getComputedStyle(lidOf(moving)).transitionProperty).to.contain('transform');
    const lidMatrix = () => new DOMMatrix(getComputedStyle(lidOf(moving)).transform);
    await until(() => lidMatrix().f < 0 && lidMatrix().b !== 0, 'the lid to lift and tilt');

    await emulateMedia({ reducedMotion: 'reduce' });
    const still = await mountBoxes();
    shadowParts(still, 'box')[0]!.click();
    await until(() => shadowParts(still, 'opened').length === 1, 'the box to open');
    expect(getComputedStyle(lidOf(still)).transform).to.equal('none');
    expect(getComputedStyle(lidOf(still)).transitionProperty).to.equal('opacity');
    await until(() => getComputedStyle(lidOf(still)).opacity === '0', 'the lid to fade away');
  });

  it('passes axe-core closed and opened', async () => {
    const closed = await mountBoxes();
    const opened = await mountBoxes();
    shadowParts(opened, 'box')[0]!.click();
    await until(() => shadowParts(opened, 'opened').length === 1, 'the box to open');
    expect((await runAxe(closed)).violations).to.deep.equal([]);
    expect((await runAxe(opened)).violations).to.deep.equal([]);
  });
});

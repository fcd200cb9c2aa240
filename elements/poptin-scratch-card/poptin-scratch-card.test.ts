import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import sinon from 'sinon';
import { type GamePrizeDetail, type GameResultDetail, remainingFraction } from '../../src/core/games/index.ts';
import { ALWAYS_LOSE, ALWAYS_WIN, collect, mountGame, shadowPart, spoken } from '../../test/browser-support/games.ts';
import { runAxe } from '../../test/browser-support/run-axe.ts';
import { macrotask, until } from '../../test/browser-support/waiting.ts';
import './define.ts';
import type { PoptinScratchCardElement } from './poptin-scratch-card.ts';

const mountCard = (prizes: object) =>
  mountGame<PoptinScratchCardElement>('poptin-scratch-card', { prizes: JSON.stringify(prizes) });
const cover = (element: Element) => shadowPart<HTMLCanvasElement>(element, 'cover');
const coverLeft = (element: Element) => {
  const canvas = cover(element);
  return remainingFraction(canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data);
};

/** Drags the real mouse across the card in horizontal strokes covering the rows from `fromRow` to `toRow` (fractions of its height). */
async function scratchRows(element: Element, fromRow: number, toRow: number): Promise<void> {
  const box = cover(element).getBoundingClientRect();
  for (let row = fromRow; row <= toRow; row += 0.1) {
    const y = Math.round(box.top + box.height * row);
    await sendMouse({ type: 'move', position: [Math.round(box.left + 2), y] });
    await sendMouse({ type: 'down' });
    for (let x = 0.1; x <= 1.0001; x += 0.1)
      await sendMouse({ type: 'move', position: [Math.round(box.left + box.width * x) - 2, y] });
    await sendMouse({ type: 'up' });
  }
}

describe('<poptin-scratch-card>', () => {
  let clock: sinon.SinonFakeTimers | undefined;
  afterEach(async () => {
    clock?.restore();
    clock = undefined;
    document.querySelectorAll('poptin-scratch-card').forEach((node) => node.remove());
    await resetMouse();
  });

  it('starts covered, with the prize hidden from assistive technology until it is revealed', async () => {
    const element = await mountCard(ALWAYS_WIN);
    expect(coverLeft(element)).to.equal(1);
    expect(shadowPart(element, 'prize').getAttribute('aria-hidden')).to.equal('true');
    expect(shadowPart(element, 'card').getAttribute('aria-label')).to.equal(
      'Scratch card: scratch it with the mouse, a finger or a pen',
    );
  });

  it('the first stroke picks the prize; scratched to 50% or less it is revealed, and the result follows 3 s later', async () => {
    const element = await mountCard(ALWAYS_WIN);
    const plays = collect<GamePrizeDetail>(element, 'poptin-game-play');
    const results = collect<GameResultDetail>(element, 'poptin-game-result');
    await scratchRows(element, 0.05, 0.25);
    expect(plays.map((play) => play.prizeId)).to.deep.equal(['p-ten']);
    expect(coverLeft(element)).to.be.within(0.5, 0.95);
    expect(shadowPart(element, 'base').hasAttribute('data-revealed')).to.equal(
      false,
      'more than half is still covered',
    );
    expect(shadowPart(element, 'prize').textContent).to.equal('10% off');

    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await scratchRows(element, 0.35, 0.95);
    await until(() => shadowPart(element, 'base').hasAttribute('data-revealed'), 'the reveal');
    expect(shadowPart(element, 'prize').hasAttribute('aria-hidden')).to.equal(false);
    clock.tick(2_999);
    await macrotask();
    expect(results).to.deep.equal([]);
    clock.tick(1);
    await until(() => results.length === 1, 'the result');
    expect(results[0]).to.include({
      prizeId: 'p-ten',
      isWinner: true,
      code: 'TEN-OFF',
      screen: 'win',
      game: 'scratch-card',
    });
    await until(() => spoken(element) === 'You won: 10% off', 'the announcement');
    expect(plays).to.have.length(1, 'one game, many strokes');
  });

  it('a card first drawn with no size (in a hidden pop-up) draws its cover again once it has one', async () => {
    const hidden = document.createElement('div');
    hidden.hidden = true;
    document.body.append(hidden);
    try {
      const element = await mountGame<PoptinScratchCardElement>(
        'poptin-scratch-card',
        { prizes: JSON.stringify(ALWAYS_WIN) },
        hidden,
      );
      expect(cover(element).width).to.equal(1);
      hidden.hidden = false;
      await until(() => cover(element).width === cover(element).offsetWidth, 'the cover at its size');
      expect(cover(element).width).to.be.greaterThan(200);
      expect(coverLeft(element)).to.equal(1);
    } finally {
      hidden.remove();
    }
  });

  it('"Reveal the prize" is the keyboard way: it plays and reveals at once', async () => {
    const element = await mountCard(ALWAYS_LOSE);
    const results = collect<GameResultDetail>(element, 'poptin-game-result');
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const button = shadowPart<HTMLButtonElement>(element, 'reveal-button');
    expect(button.textContent).to.equal('Reveal the prize');
    button.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => shadowPart(element, 'base').hasAttribute('data-revealed'), 'the reveal');
    expect(shadowPart(element, 'prize').textContent).to.equal('No luck');
    clock.tick(3_000);
    await until(() => results.length === 1, 'the result');
    expect(results[0]).to.include({ prizeId: 'p-none', isWinner: false, screen: 'lose' });
    await until(() => spoken(element) === 'No prize this time', 'the announcement');
  });

  it('passes axe-core covered and revealed', async () => {
    const covered = await mountCard(ALWAYS_WIN);
    const revealed = await mountCard(ALWAYS_WIN);
    shadowPart(revealed, 'reveal-button').click();
    await until(() => shadowPart(revealed, 'base').hasAttribute('data-revealed'), 'the reveal');
    expect((await runAxe(covered)).violations).to.deep.equal([]);
    expect((await runAxe(revealed)).violations).to.deep.equal([]);
  });
});

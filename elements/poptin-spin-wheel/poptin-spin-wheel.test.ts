import { expect } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import {
  type GamePrizeDetail,
  type GameResultDetail,
  parsePrizeSet,
  sliceUnderPointer,
} from '../../src/core/games/index.ts';
import {
  ALWAYS_LOSE,
  ALWAYS_WIN,
  collect,
  FOUR_PRIZES,
  mountGame,
  shadowPart,
  shadowParts,
  spoken,
} from '../../test/browser-support/games.ts';
import { runAxe } from '../../test/browser-support/run-axe.ts';
import { macrotask, until } from '../../test/browser-support/waiting.ts';
import './define.ts';
import type { PoptinSpinWheelElement } from './poptin-spin-wheel.ts';

const faceDrawn = (element: Element) => shadowPart(element, 'face').hasAttribute('data-drawn');
/** A wheel mounted, its face drawn: the slices follow the wheel's first frame. */
async function mountWheel(prizes: object, attributes: Record<string, string> = {}): Promise<PoptinSpinWheelElement> {
  const element = await mountGame<PoptinSpinWheelElement>('poptin-spin-wheel', {
    prizes: JSON.stringify(prizes),
    'poptin-id': 'wheel0000001',
    ...attributes,
  });
  await until(() => faceDrawn(element), 'the face to be drawn');
  return element;
}
const rotation = (element: Element) => Number(shadowPart(element, 'face').dataset.rotation);
const prizeSet = (labels: readonly string[]) =>
  Object.fromEntries(
    labels.map((label, index) => [`p${index}`, { label, code: `C${index}`, prize_id: `p-${index}`, chances: 10 }]),
  );

/**
 * The slices whose label reads upside down (its text runs more than 90° away from left-to-right on the screen),
 * and those whose label's box leaves its slice, each as "label: why".
 */
function misdrawnLabels(element: Element): string[] {
  const wrong: string[] = [];
  for (const slice of shadowParts(element, 'slice')) {
    const text = slice.querySelector('text')!;
    const shape = slice.querySelector('path')!;
    const screen = text.getScreenCTM()!;
    const reading = (Math.atan2(screen.b, screen.a) * 180) / Math.PI;
    if (Math.abs(reading) > 90.5) wrong.push(`${text.textContent}: reads at ${reading.toFixed(0)}°`);
    // The label's box, from its own coordinates into its slice's: every corner must lie in the slice's shape.
    const box = text.getBBox();
    const own = text.transform.baseVal.consolidate()?.matrix ?? new DOMMatrix();
    for (const [x, y] of [
      [box.x, box.y],
      [box.x + box.width, box.y],
      [box.x, box.y + box.height],
      [box.x + box.width, box.y + box.height],
    ] as const) {
      const corner = new DOMPoint(x, y).matrixTransform(own);
      if (!shape.isPointInFill(corner))
        wrong.push(`${text.textContent}: spills at ${corner.x.toFixed(1)},${corner.y.toFixed(1)}`);
    }
  }
  return wrong;
}

/** A CSS colour as sRGB bytes, painted on a canvas: computed styles may keep relative or non-sRGB colours as written. */
function rgbOf(colour: string): [number, number, number] {
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  context.fillStyle = colour;
  context.fillRect(0, 0, 1, 1);
  const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
  return [red!, green!, blue!];
}

/** WCAG 2 contrast ratio of two colours. */
function contrast(one: string, other: string): number {
  const luminance = (colour: string) => {
    const [red, green, blue] = rgbOf(colour).map((byte) => {
      const channel = byte / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('<poptin-spin-wheel>', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => (clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })));
  afterEach(async () => {
    clock.restore();
    document.querySelectorAll('poptin-spin-wheel').forEach((node) => node.remove());
    document.documentElement.removeAttribute('lang');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('draws one slice per prize, clockwise from the top, and lists the prizes for screen readers', async () => {
    const element = await mountWheel(FOUR_PRIZES);
    expect(shadowParts(element, 'slice').map((slice) => slice.dataset.prizeId)).to.deep.equal([
      'p-a',
      'p-b',
      'p-c',
      'p-d',
    ]);
    // A label runs on as many lines as fit it in its slice.
    const faceLabel = (slice: Element) =>
      [...slice.querySelectorAll('tspan')].map((line) => line.textContent).join(' ');
    expect(shadowParts(element, 'slice').map(faceLabel)).to.deep.equal([
      '10% off',
      'Free shipping',
      'A free gift with your next order',
      'No luck',
    ]);
    const spin = shadowPart(element, 'spin-button');
    expect(spin.querySelector('.visually-hidden')!.textContent).to.equal('Spin the wheel');
    expect(shadowPart(element, 'wheel').getAttribute('aria-hidden')).to.equal('true');
    const list = element.shadowRoot!.getElementById(spin.getAttribute('aria-describedby')!)!;
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).to.deep.equal([
      '10% off',
      'Free shipping',
      'A free gift with your next order',
      'No luck',
    ]);
    expect(rotation(element)).to.equal(0);
  });

  it('shows first with its slices as colours alone, and draws the slices and labels in a later task', async () => {
    const element = await mountGame<PoptinSpinWheelElement>('poptin-spin-wheel', {
      prizes: JSON.stringify(FOUR_PRIZES),
    });
    // The wheel's first render: its rim, pointer and Spin button, and the face as a disc of the slices' colours.
    expect(faceDrawn(element)).to.equal(false);
    expect(shadowParts(element, 'slice')).to.have.length(0);
    const face = shadowPart(element, 'face');
    expect(getComputedStyle(face).backgroundImage).to.match(/^conic-gradient/);
    expect(shadowPart(element, 'spin-button').isConnected).to.equal(true);
    await until(() => faceDrawn(element), 'the face to be drawn');
    expect(shadowParts(element, 'slice')).to.have.length(4);
    expect(getComputedStyle(face).backgroundImage).to.equal('none');
  });

  it('draws every label upright and inside its slice, however many prizes and however long their labels', async () => {
    const sets = [
      FOUR_PRIZES,
      ALWAYS_WIN,
      prizeSet(['5% off', 'Free coffee', 'Try again']),
      prizeSet([
        '5% off',
        'Free coffee',
        '15% OFF',
        'Try again',
        '20% off everything',
        'Free shipping',
        'WWWWWWWWWWWWWWWWWW',
        'No luck',
      ]),
      prizeSet(['10% הנחה', 'משלוח חינם', 'מתנה בהזמנה הבאה שלך', 'נסו שוב', '20% הנחה על כל ההזמנה', 'קפה']),
      prizeSet(
        Array.from({ length: 12 }, (_, index) => (index % 2 ? 'Free shipping on every order' : `${index}% off`)),
      ),
      prizeSet(['Only one prize, for everyone who plays the wheel today']),
    ];
    for (const prizes of sets) {
      const element = await mountWheel(prizes);
      expect(misdrawnLabels(element)).to.deep.equal([], Object.keys(prizes).length + ' prizes');
      element.remove();
    }
  });

  it('draws each label in black or white, whichever contrasts more with its slice, for any slice colours', async () => {
    const palettes = [
      {},
      { '--poptin-wheel-slice': '#fde68a', '--poptin-wheel-slice-alternate': '#065f46' },
      { '--poptin-wheel-slice': '#ef4444', '--poptin-wheel-slice-alternate': 'hsl(210 90% 30%)' },
    ];
    for (const palette of palettes) {
      const element = await mountWheel(prizeSet(['5% off', 'Free coffee', 'Try again', 'No luck', '10% off']));
      for (const [name, value] of Object.entries(palette)) element.style.setProperty(name, value);
      for (const slice of shadowParts(element, 'slice')) {
        const label = getComputedStyle(slice.querySelector('text')!).fill;
        const background = getComputedStyle(slice.querySelector('path')!).fill;
        expect(contrast(label, background)).to.be.at.least(
          4.5,
          `${slice.textContent} on ${background} in ${JSON.stringify(palette)}`,
        );
      }
      element.remove();
    }
  });

  it('a click spins it so that the chosen prize stops under the pointer, and the result shows 7 s later', async () => {
    const element = await mountWheel(FOUR_PRIZES);
    const plays = collect<GamePrizeDetail>(element, 'poptin-game-play');
    const results = collect<GameResultDetail>(element, 'poptin-game-result');
    shadowPart(element, 'wheel').click();
    // The click's own task, before any frame (its render runs in a microtask): the wheel starts to turn, and the
    // Spin button's name says so from the frame after.
    for (let turn = 0; turn < 20 && rotation(element) === 0; turn += 1) await Promise.resolve();
    expect(rotation(element)).to.be.greaterThan(0, 'the wheel turns in the click’s frame');
    const spinName = () => shadowPart(element, 'spin-button').textContent;
    expect(spinName()).to.contain('Spin the wheel', 'the name waits for that frame');
    await until(() => spinName()!.includes('is spinning'), 'the button’s name to say it is spinning');
    expect(plays).to.have.length(1);
    const chosen = plays[0]!;
    const index = parsePrizeSet(FOUR_PRIZES).findIndex((prize) => prize.prizeId === chosen.prizeId);
    expect(sliceUnderPointer(rotation(element), 4)).to.equal(index);
    expect(rotation(element)).to.be.within(720, 1080);
    expect(shadowPart(element, 'base').dataset.state).to.equal('playing');
    expect(shadowPart(element, 'spin-button').getAttribute('aria-disabled')).to.equal('true');
    clock.tick(6_999);
    await macrotask();
    expect(results).to.deep.equal([]);
    clock.tick(1);
    await until(() => results.length === 1, 'the result');
    expect(results[0]).to.deep.equal({ ...chosen, screen: chosen.isWinner ? 'win' : 'lose' });
    // The face is drawn again with the result: React commits that render after the event, preact at once.
    const standingOut = () => shadowParts(element, 'slice').filter((slice) => slice.classList.contains('chosen'));
    await until(() => standingOut().length > 0, 'the chosen slice to stand out');
    expect(standingOut().map((slice) => slice.dataset.prizeId)).to.deep.equal(
      [chosen.prizeId],
      'the chosen slice stands out',
    );
    expect(chosen.poptinId).to.equal('wheel0000001');
    expect(chosen.game).to.equal('spin-wheel');
  });

  it('restyles only its face in the click’s frame: the lights blink from the next until the result, which dims the other slices', async () => {
    const element = await mountWheel(FOUR_PRIZES);
    const blinking = () =>
      element
        .shadowRoot!.getAnimations()
        .filter((animation) => (animation as CSSAnimation).animationName === 'poptin-wheel-blink');
    const dimmed = () => shadowParts(element, 'slice').filter((slice) => getComputedStyle(slice).filter !== 'none');
    shadowPart(element, 'wheel').click();
    for (let turn = 0; turn < 20 && rotation(element) === 0; turn += 1) await Promise.resolve();
    expect(rotation(element)).to.be.greaterThan(0);
    // The click's frame restyles the turning face alone: no light and no slice changes with it, and the default
    // cursor of a played wheel comes from a cover over it, not from a change every part of the face would inherit.
    expect(blinking(), 'no light blinks in the click’s frame').to.deep.equal([]);
    expect(dimmed(), 'no slice dims while it turns').to.deep.equal([]);
    expect(getComputedStyle(shadowPart(element, 'wheel'), '::after').cursor).to.equal('default');
    expect(shadowParts(element, 'slice').map((slice) => getComputedStyle(slice).cursor)).to.deep.equal(
      ['pointer', 'pointer', 'pointer', 'pointer'],
      'the slices keep the style they had',
    );
    await until(() => blinking().length === 8, 'every other of the 16 lights to blink');
    expect(dimmed()).to.deep.equal([]);
    clock.tick(7_000);
    await until(() => dimmed().length === 3, 'the three slices not chosen to dim at the result');
    expect(blinking(), 'the lights stop at the result').to.deep.equal([]);
    expect(
      shadowParts(element, 'slice')
        .find((slice) => !dimmed().includes(slice))!
        .classList.contains('chosen'),
    ).to.equal(true);
  });

  it('has a visible Spin button, which Tab reaches and Enter presses; it spins only once', async () => {
    const before = document.createElement('button');
    before.textContent = 'Before the wheel';
    document.body.prepend(before);
    try {
      const element = await mountWheel(ALWAYS_WIN);
      const plays = collect<GamePrizeDetail>(element, 'poptin-game-play');
      const spin = shadowPart(element, 'spin-button');
      expect(spin.textContent).to.contain('Spin');
      expect(spin.getBoundingClientRect().width).to.be.greaterThan(40, 'visible, not only read out');
      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(element.shadowRoot!.activeElement).to.equal(spin);
      await sendKeys({ press: 'Enter' });
      await until(() => plays.length === 1, 'the spin');
      const turned = rotation(element);
      await sendKeys({ press: 'Space' });
      shadowPart(element, 'wheel').click();
      await macrotask();
      expect(plays).to.have.length(1);
      expect(rotation(element)).to.equal(turned);
    } finally {
      before.remove();
    }
  });

  it('announces the prize: a win by its label, a loss as such; done follows after the close/redirect delay', async () => {
    const winner = await mountWheel(ALWAYS_WIN);
    const done = collect<GamePrizeDetail>(winner, 'poptin-game-done');
    shadowPart(winner, 'wheel').click();
    clock.tick(7_000);
    await until(() => spoken(winner) === 'You won: 10% off', 'the win to be announced');
    clock.tick(3_999);
    expect(done).to.deep.equal([]);
    clock.tick(1);
    expect(done.map((detail) => detail.prizeId)).to.deep.equal(['p-ten']);

    const loser = await mountWheel(ALWAYS_LOSE, { 'wheel-has-coupon': '' });
    const lostDone = collect<GamePrizeDetail>(loser, 'poptin-game-done');
    shadowPart(loser, 'wheel').click();
    clock.tick(7_000);
    await until(() => spoken(loser) === 'No prize this time', 'the loss to be announced');
    clock.tick(11_999);
    expect(lostDone).to.deep.equal([]);
    clock.tick(1);
    expect(lostDone).to.have.length(1, 'tripled with a coupon on the wheel: 12 s');
  });

  it('speaks Hebrew and turns right to left on a Hebrew page', async () => {
    document.documentElement.lang = 'he';
    const element = await mountWheel(ALWAYS_WIN);
    expect(shadowPart(element, 'spin-button').querySelector('.visually-hidden')!.textContent).to.equal(
      'סובבו את הגלגל',
    );
    expect(shadowPart(element, 'spin-button').querySelector('[aria-hidden]')!.textContent).to.equal('סובבו');
    expect(shadowPart(element, 'base').getAttribute('dir')).to.equal('rtl');
    shadowPart(element, 'wheel').click();
    clock.tick(7_000);
    await until(() => spoken(element) === 'זכית: 10% off', 'the Hebrew announcement');
  });

  it('unreadable prizes draw nothing and say why in the console', async () => {
    const warn = sinon.stub(console, 'warn');
    try {
      const element = document.createElement('poptin-spin-wheel');
      element.setAttribute('prizes', '{"x":{"chances":140}}');
      document.body.append(element);
      await macrotask();
      await macrotask();
      expect(element.shadowRoot?.querySelector('[part~="base"]') ?? null).to.equal(null);
      expect(warn.args.map((args) => args.join(' '))).to.deep.include(
        '[poptin] <poptin-spin-wheel> shows nothing: gamified_prize "x" has chances 140; expected a percentage from 0 to 100',
      );
    } finally {
      warn.restore();
    }
  });

  it('turns with a transition, and without one (a short fade) under reduced motion', async () => {
    const element = await mountWheel(FOUR_PRIZES);
    expect(getComputedStyle(shadowPart(element, 'face')).transitionProperty).to.equal('transform');
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(getComputedStyle(shadowPart(element, 'face')).transitionProperty).to.equal('opacity');
  });

  it('passes axe-core idle and after the spin', async () => {
    const idle = await mountWheel(FOUR_PRIZES);
    const spun = await mountWheel(FOUR_PRIZES);
    shadowPart(spun, 'wheel').click();
    clock.tick(7_000);
    await until(() => spoken(spun) !== '', 'the result');
    // axe-core waits on timers of its own.
    clock.restore();
    expect((await runAxe(idle)).violations).to.deep.equal([]);
    expect((await runAxe(spun)).violations).to.deep.equal([]);
  });
});

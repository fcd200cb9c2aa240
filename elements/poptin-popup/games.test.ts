import { expect } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import type { PopupNavigation } from '../../src/components/template/navigation.ts';
import { ALWAYS_LOSE, ALWAYS_WIN } from '../../test/browser-support/games.ts';
import {
  allInShadow,
  closeSources,
  collectSubmits,
  field,
  inShadow,
  mountPopup,
  part,
  removePopups,
  typeInto,
  until,
} from '../../test/browser-support/popup.ts';
import { macrotask } from '../../test/browser-support/waiting.ts';
import type { PoptinPopupElement } from './poptin-popup.ts';

// The template convention of design §2: a game in the play screen, the prize written into the win screen.
const WHEEL_TEMPLATE = `
  <div data-poptin-screen="play"><h2>Spin to win</h2><poptin-spin-wheel></poptin-spin-wheel></div>
  <div data-poptin-screen="win" hidden>
    <h2>You won <span data-poptin-prize-label></span></h2>
    <span data-poptin-coupon></span>
    <form><input name="Email" aria-label="Email"><input type="hidden" name="prize" value="prize_label"><button type="submit">Send me the code</button></form>
  </div>
  <div data-poptin-screen="lose" hidden><h2>Not this time</h2></div>`;

/** The post-play screen disabled: the form is on the play screen and a win submits it. */
const NO_POST_PLAY_TEMPLATE = `
  <div data-poptin-screen="play"><poptin-gift-box></poptin-gift-box>
    <form><input name="Email" aria-label="Email"><input type="hidden" name="code" value="prize_code"><button type="submit">Play</button></form></div>
  <div data-poptin-screen="win" hidden><p>Won</p></div>`;

const screensShown = (element: Element) =>
  allInShadow(element, '[data-poptin-screen]')
    .filter((screen) => !screen.hidden)
    .map((screen) => screen.dataset.poptinScreen);
const game = (element: Element, tag: string) => inShadow(element, tag);
const gamePart = (element: Element, tag: string, part: string) =>
  game(element, tag).shadowRoot?.querySelector<HTMLElement>(`[part~="${part}"]`) ?? null;

function mountGamified(
  template: string,
  prizes: object,
  config: Record<string, unknown> = {},
  before?: (element: PoptinPopupElement) => void,
) {
  return mountPopup(template, { config: { poptin_type: 'gamified', gamified_prize: prizes, ...config }, before });
}

describe('<poptin-popup> with a game in its template', () => {
  let clock: sinon.SinonFakeTimers | undefined;
  afterEach(() => {
    clock?.restore();
    clock = undefined;
    removePopups();
  });

  it('plays the pop-up’s prize set; a win shows the win screen with the prize, and the lead carries it', async () => {
    const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, { wheel_has_coupon: 1 });
    expect(screensShown(element)).to.deep.equal(['play']);
    await until(() => gamePart(element, 'poptin-spin-wheel', 'wheel') !== null, 'the wheel to load and draw');
    expect(game(element, 'poptin-spin-wheel').hasAttribute('wheel-has-coupon')).to.equal(true);
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    gamePart(element, 'poptin-spin-wheel', 'wheel')!.click();
    clock.tick(7_000);
    await until(() => screensShown(element).includes('win'), 'the win screen');
    expect(screensShown(element)).to.deep.equal(['win']);
    expect(inShadow(element, '[data-poptin-prize-label]').textContent).to.equal('10% off');
    expect(inShadow(element, '[data-poptin-coupon]').textContent).to.equal('TEN-OFF');
    expect(element.coupon).to.equal('TEN-OFF');
    clock.restore();
    clock = undefined;

    const submits = collectSubmits(element);
    typeInto(field(element, 'Email'), 'dan@example.com');
    inShadow<HTMLButtonElement>(element, '[type=submit]').click();
    await until(() => submits.length === 1, 'the lead');
    expect(submits[0]!.prize).to.deep.equal({ prize_id: 'p-ten', is_winner: '1' });
    expect(submits[0]!.fields.find((entry) => entry.name === 'prize')?.value).to.equal('10% off');
  });

  it('a loss shows the lose screen and, with nothing to redirect to, closes after the 4 s delay', async () => {
    const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_LOSE);
    await until(() => gamePart(element, 'poptin-spin-wheel', 'wheel') !== null, 'the wheel');
    const sources = closeSources(element);
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    gamePart(element, 'poptin-spin-wheel', 'wheel')!.click();
    clock.tick(7_000);
    await until(() => screensShown(element).includes('lose'), 'the lose screen');
    expect(element.coupon).to.equal('');
    clock.tick(3_999);
    await macrotask();
    expect(sources).to.deep.equal([]);
    clock.tick(1);
    await until(() => sources.length === 1, 'the close');
    expect(sources).to.deep.equal(['auto-close']);
  });

  it('a losing prize with a redirect follows it after the delay and closes after its own', async () => {
    const opened: string[] = [];
    const navigation: PopupNavigation = {
      openWindow: (url) => (opened.push(url), {} as Window),
      clickAnchor: () => false,
      assign: () => undefined,
    };
    const prizes = {
      none: {
        ...ALWAYS_LOSE.none,
        redirect_to: 1,
        redirect_to_options: {
          redirect_to_url: 'https://example.com/sorry',
          redirect_close: 1,
          redirect_close_delay: 2,
        },
      },
    };
    const element = await mountGamified(WHEEL_TEMPLATE, prizes, {}, (popup) => (popup.navigation = navigation));
    await until(() => gamePart(element, 'poptin-spin-wheel', 'wheel') !== null, 'the wheel');
    const sources = closeSources(element);
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    gamePart(element, 'poptin-spin-wheel', 'wheel')!.click();
    clock.tick(7_000 + 4_000);
    await until(() => opened.length === 1, 'the redirect');
    expect(opened).to.deep.equal(['https://example.com/sorry']);
    clock.tick(1_999);
    await macrotask();
    expect(sources).to.deep.equal([]);
    clock.tick(1);
    await until(() => sources.length === 1, 'the close');
    expect(sources).to.deep.equal(['redirect']);
  });

  it('without the post-play screen a win submits the play screen’s form with the prize filled in', async () => {
    const element = await mountGamified(NO_POST_PLAY_TEMPLATE, ALWAYS_WIN, {
      design_properties: { disable_post_play_screen: 1 },
    });
    await until(() => gamePart(element, 'poptin-gift-box', 'box') !== null, 'the boxes');
    const submits = collectSubmits(element);
    typeInto(field(element, 'Email'), 'dan@example.com');
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    gamePart(element, 'poptin-gift-box', 'box')!.click();
    clock.tick(1_500);
    await until(() => submits.length === 1, 'the form to be submitted');
    expect(submits[0]!.prize).to.deep.equal({ prize_id: 'p-ten', is_winner: '1' });
    expect(submits[0]!.fields.find((entry) => entry.name === 'code')?.value).to.equal('TEN-OFF');
    expect(screensShown(element)).to.not.include('win');
  });

  it('a play screen with a form takes the email first: the game unlocks, and the lead goes with the result and its prize', async () => {
    const element = await mountGamified(NO_POST_PLAY_TEMPLATE, ALWAYS_WIN);
    await until(() => gamePart(element, 'poptin-gift-box', 'box') !== null, 'the boxes');
    const submits = collectSubmits(element);
    const game = inShadow<HTMLElement>(element, 'poptin-gift-box');
    expect(game.hasAttribute('locked')).to.equal(true);
    typeInto(field(element, 'Email'), 'dan@example.com');
    inShadow<HTMLButtonElement>(element, '[type=submit]').click();
    expect(game.hasAttribute('locked')).to.equal(false);
    expect(submits).to.deep.equal([]);
    gamePart(element, 'poptin-gift-box', 'box')!.click();
    await until(() => submits.length === 1, 'the lead');
    expect(submits[0]!.prize).to.deep.equal({ prize_id: 'p-ten', is_winner: '1' });
    expect(screensShown(element)).to.include('win');
  });

  describe('keyboard: Tab from the opened pop-up reaches the game, which plays and announces its result', () => {
    const deepActive = (): Element | null => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active;
    };
    const controls = (element: Element, tag: string, control: string) => [
      ...(game(element, tag).shadowRoot?.querySelectorAll<HTMLElement>(`[part~="${control}"]`) ?? []),
    ];
    const shiftTab = async () => {
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
    };
    const spokenIn = (element: Element, tag: string) =>
      game(element, tag).shadowRoot?.querySelector('[aria-live]')?.textContent ?? '';
    const GAMES = [
      { tag: 'poptin-spin-wheel', control: 'spin-button', key: 'Enter', resultAfter: 7_000 },
      { tag: 'poptin-scratch-card', control: 'reveal-button', key: 'Space', resultAfter: 3_000 },
      { tag: 'poptin-gift-box', control: 'box', key: 'Enter', resultAfter: 3_000 },
    ] as const;

    for (const { tag, control, key, resultAfter } of GAMES) {
      it(`${tag}: Tab leaves the × for its ${control}, Shift+Tab comes back and wraps, ${key} plays it and the prize is announced`, async () => {
        const template = `<div data-poptin-screen="play"><h2>Play</h2><${tag}></${tag}></div><div data-poptin-screen="win" hidden><p>Won</p></div>`;
        const element = await mountGamified(template, ALWAYS_WIN, { x_close_button: 'yes' });
        await until(() => controls(element, tag, control).length > 0, `the ${tag} to draw`);
        const close = part(element, 'close-button');
        close.focus();
        await sendKeys({ press: 'Tab' });
        expect(deepActive()).to.equal(controls(element, tag, control)[0], 'Tab reaches the game');
        await shiftTab();
        expect(deepActive()).to.equal(close, 'Shift+Tab goes back to the ×');
        await shiftTab();
        expect(deepActive()).to.equal(
          controls(element, tag, control).at(-1),
          'Shift+Tab from the first wraps to the game’s last control',
        );
        await sendKeys({ press: 'Tab' });
        expect(deepActive()).to.equal(close, 'Tab from the last wraps to the ×');
        await sendKeys({ press: 'Tab' });
        clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        await sendKeys({ press: key });
        clock.tick(resultAfter);
        await until(() => spokenIn(element, tag) === 'You won: 10% off', 'the result to be announced');
        await until(() => screensShown(element).includes('win'), 'the win screen');
      });
    }
  });
});

describe('<poptin-popup> background effects', () => {
  afterEach(async () => {
    removePopups();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  const effectCanvas = (element: Element) =>
    element.shadowRoot!.querySelector<HTMLCanvasElement>('[part~="background-effect"]');

  it('draws the effect behind the panel at its opacity, and pauses it when the pop-up closes', async () => {
    const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
      design_properties: { background_effect: 'starry-sky' },
    });
    await until(() => effectCanvas(element)?.dataset.motion === 'running', 'the effect to run');
    const canvas = effectCanvas(element)!;
    expect(canvas.style.opacity).to.equal('0.7');
    expect(canvas.getAttribute('aria-hidden')).to.equal('true');
    // Drawn at half the screen's resolution, stretched over the whole screen (docs/performance.md, "Interactions").
    expect(canvas.width).to.equal(Math.round(window.innerWidth / 2));
    expect(canvas.getBoundingClientRect().width).to.equal(window.innerWidth);
    element.requestClose('x-button');
    await until(() => canvas.dataset.motion !== 'running', 'the effect to stop');
    expect(['paused', 'stopped']).to.include(canvas.dataset.motion);
  });

  it('rain at 0.5; none without a known effect', async () => {
    const rain = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, { design_properties: { background_effect: 'rain' } });
    await until(() => effectCanvas(rain)?.dataset.effect === 'rain', 'the rain');
    expect(effectCanvas(rain)!.style.opacity).to.equal('0.5');
    removePopups();
    const plain = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
      design_properties: { background_effect: 'fireworks' },
    });
    expect(effectCanvas(plain)).to.equal(null);
  });

  it('leaves the frame after a key press or a click to what it did, and moves on in the frame after', async () => {
    const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
      design_properties: { background_effect: 'snow' },
    });
    await until(() => effectCanvas(element)?.dataset.motion === 'running', 'the effect to run');
    const canvas = effectCanvas(element)!;
    const picture = () => canvas.toDataURL();
    // The effect's frame callback runs before this test's in the same frame: it asked for its frame first.
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (const input of [
      () =>
        document.activeElement!.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'a', bubbles: true, composed: true }),
        ),
      () => part(element, 'panel').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true })),
    ]) {
      await nextFrame();
      const before = picture();
      input();
      await nextFrame();
      expect(picture() === before).to.equal(true, 'no new picture in the frame after the input');
      await nextFrame();
      expect(picture() === before).to.equal(false, 'the snow falls on');
    }
  });

  for (const effect of ['snow', 'starry-sky', 'rain', 'confetti', 'ball', 'wheel']) {
    it(`${effect}: draws something, and a new picture frame after frame`, async () => {
      const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
        design_properties: { background_effect: effect },
      });
      await until(() => effectCanvas(element)?.dataset.motion === 'running', 'the effect to run');
      const canvas = effectCanvas(element)!;
      const drawn = () =>
        canvas
          .getContext('2d')!
          .getImageData(0, 0, canvas.width, canvas.height)
          .data.some((value, index) => index % 4 === 3 && value > 0);
      await until(drawn, 'something drawn');
      const first = canvas.toDataURL();
      await until(() => canvas.toDataURL() !== first, 'the picture to move on');
      expect(drawn()).to.equal(true, 'still something drawn');
    });
  }

  it('draws a new picture at most every 30 ms, every other frame at 60 Hz', async () => {
    const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
      design_properties: { background_effect: 'snow' },
    });
    await until(() => effectCanvas(element)?.dataset.motion === 'running', 'the effect to run');
    const canvas = effectCanvas(element)!;
    // The effect's frame callback runs before this test's in the same frame, with the same frame time.
    const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    let picture = canvas.toDataURL();
    const newPictureAt: number[] = [];
    for (let frame = 0; frame < 30; frame += 1) {
      const now = await nextFrame();
      const next = canvas.toDataURL();
      if (next !== picture) newPictureAt.push(now);
      picture = next;
    }
    expect(newPictureAt.length).to.be.greaterThan(1, 'the snow falls');
    newPictureAt.slice(1).forEach((at, index) => expect(at - newPictureAt[index]!).to.be.at.least(30));
  });

  // Hundreds of pieces over a page: one fill of each colour, not a transform, a colour and a fill for every piece,
  // keeps each picture cheap at 4× CPU slowdown (docs/performance.md, "Interactions").
  for (const effect of ['confetti', 'ball', 'starry-sky']) {
    it(`${effect}: a picture fills each of its few colours once, whatever the number of pieces`, async () => {
      const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
        design_properties: { background_effect: effect },
      });
      await until(() => effectCanvas(element)?.dataset.motion === 'running', 'the effect to run');
      // Each picture starts by clearing the canvas: what is called until the next clear is that picture's.
      const pictures: { fills: number; transforms: number }[] = [];
      const counted = <Name extends 'fill' | 'fillRect' | 'setTransform' | 'clearRect'>(
        name: Name,
        count: (picture: { fills: number; transforms: number }) => void,
      ) => {
        const original = CanvasRenderingContext2D.prototype[name] as (...args: unknown[]) => void;
        const stub = sinon.stub(CanvasRenderingContext2D.prototype, name).callsFake(function (
          this: CanvasRenderingContext2D,
          ...args: unknown[]
        ) {
          if (name === 'clearRect') pictures.push({ fills: 0, transforms: 0 });
          else if (pictures.length > 0) count(pictures.at(-1)!);
          return original.apply(this, args);
        } as never);
        return stub;
      };
      const stubs = [
        counted('clearRect', () => undefined),
        counted('fill', (picture) => (picture.fills += 1)),
        counted('fillRect', (picture) => (picture.fills += 1)),
        counted('setTransform', (picture) => (picture.transforms += 1)),
      ];
      try {
        await until(() => pictures.length >= 2, 'two pictures drawn');
      } finally {
        for (const stub of stubs) stub.restore();
      }
      const [picture] = pictures;
      expect(picture!.fills).to.be.at.most(12, 'fills in one picture');
      expect(picture!.transforms).to.be.at.most(4, 'transforms in one picture');
    });
  }

  it('is one still picture under reduced motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
      design_properties: { background_effect: 'snow' },
    });
    await until(() => effectCanvas(element)?.dataset.motion === 'still', 'the still picture');
    const canvas = effectCanvas(element)!;
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    expect(pixels.some((value, index) => index % 4 === 3 && value > 0)).to.equal(true, 'something is drawn');
  });
});

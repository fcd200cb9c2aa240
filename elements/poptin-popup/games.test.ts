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
  const restore: (() => void)[] = [];
  afterEach(async () => {
    for (const undo of restore.splice(0)) undo();
    removePopups();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  /** The effect's element: the first one of its part (the layers the compositor moves, over the screen). */
  const effectOf = (element: Element) =>
    element.shadowRoot!.querySelector<HTMLElement>('[part~="background-effect"][data-effect]');
  const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
  const frames = async (count: number) => {
    for (let frame = 0; frame < count; frame += 1) await nextFrame();
  };

  /** Counts, from now on, the page's frame callbacks other than this test's and every drawing call on a canvas. */
  function countMainThreadWork(): { frameCallbacks: number; draws: number } {
    const counts = { frameCallbacks: 0, draws: 0 };
    const ownFrame = window.requestAnimationFrame;
    const counting = sinon.stub(window, 'requestAnimationFrame').callsFake((callback: FrameRequestCallback) => {
      counts.frameCallbacks += 1;
      return ownFrame.call(window, callback);
    });
    restore.push(() => counting.restore());
    for (const name of ['fill', 'stroke', 'fillRect', 'clearRect', 'drawImage', 'putImageData'] as const) {
      const original = CanvasRenderingContext2D.prototype[name] as (...args: unknown[]) => unknown;
      const stub = sinon.stub(CanvasRenderingContext2D.prototype, name).callsFake(function (
        this: CanvasRenderingContext2D,
        ...args: unknown[]
      ) {
        counts.draws += 1;
        return original.apply(this, args);
      } as never);
      restore.push(() => stub.restore());
    }
    // This test's own frames are asked for through the original.
    return counts;
  }
  const ownFrames = async (count: number) => {
    const original = (window.requestAnimationFrame as sinon.SinonStub).wrappedMethod ?? window.requestAnimationFrame;
    for (let frame = 0; frame < count; frame += 1) await new Promise((resolve) => original.call(window, resolve));
  };

  /** Whether anything of the effect is painted: a layer's pixels, or a piece drawn by CSS. */
  const painted = (effect: HTMLElement) =>
    [effect, ...effect.querySelectorAll<HTMLElement>('*')].some((node) => {
      if (node instanceof HTMLCanvasElement)
        return node
          .getContext('2d')!
          .getImageData(0, 0, node.width, node.height)
          .data.some((value, index) => index % 4 === 3 && value > 0);
      return getComputedStyle(node).backgroundImage !== 'none';
    });
  const animationsOf = (effect: HTMLElement) => effect.getAnimations({ subtree: true });

  it('covers the screen behind the panel at its opacity, takes no pointer, and pauses when the pop-up closes', async () => {
    const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
      design_properties: { background_effect: 'starry-sky' },
    });
    await until(() => effectOf(element)?.dataset.motion === 'running', 'the effect to run');
    const effect = effectOf(element)!;
    expect(effect.style.opacity).to.equal('0.7');
    expect(effect.getAttribute('aria-hidden')).to.equal('true');
    expect(getComputedStyle(effect).pointerEvents).to.equal('none');
    const box = effect.getBoundingClientRect();
    expect([box.width, box.height]).to.deep.equal([window.innerWidth, window.innerHeight]);
    // Behind the panel: what is at the panel's middle is the panel's, not the effect's.
    const panelBox = part(element, 'panel').getBoundingClientRect();
    const atMiddle = element.shadowRoot!.elementFromPoint(
      panelBox.left + panelBox.width / 2,
      panelBox.top + panelBox.height / 2,
    );
    expect(effect.contains(atMiddle)).to.equal(false, 'the panel is over the effect');
    expect(part(element, 'panel').compareDocumentPosition(effect) & Node.DOCUMENT_POSITION_PRECEDING).to.not.equal(0);
    element.requestClose('x-button');
    await until(() => effect.dataset.motion !== 'running', 'the effect to stop');
    expect(['paused', 'stopped']).to.include(effect.dataset.motion);
  });

  it('rain at 0.5; none without a known effect', async () => {
    const rain = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, { design_properties: { background_effect: 'rain' } });
    await until(() => effectOf(rain)?.dataset.effect === 'rain', 'the rain');
    expect(effectOf(rain)!.style.opacity).to.equal('0.5');
    removePopups();
    const plain = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
      design_properties: { background_effect: 'fireworks' },
    });
    expect(plain.shadowRoot!.querySelector('[part~="background-effect"]')).to.equal(null);
  });

  for (const effect of ['snow', 'starry-sky', 'rain', 'confetti', 'ball', 'wheel']) {
    it(`${effect}: painted once, then moved by the compositor with no work on the main thread frame after frame`, async () => {
      const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
        design_properties: { background_effect: effect },
      });
      await until(() => effectOf(element)?.dataset.motion === 'running', 'the effect to run');
      const layers = effectOf(element)!;
      await frames(2);
      expect(painted(layers)).to.equal(true, 'something is painted');
      const work = countMainThreadWork();
      const moving = animationsOf(layers);
      const startedAt = moving.map((animation) => Number(animation.currentTime));
      await ownFrames(40);
      expect(work).to.deep.equal({ frameCallbacks: 0, draws: 0 }, 'no frame callback and no drawing once it runs');
      expect(moving.length).to.be.greaterThan(0, 'animations move it');
      for (const animation of moving) {
        expect(animation.playState).to.equal('running');
        const animated = (animation.effect as KeyframeEffect).getKeyframes().flatMap((frame) => Object.keys(frame));
        expect(
          animated.filter((property) => !['offset', 'easing', 'composite', 'computedOffset'].includes(property)),
        ).to.satisfy((properties: string[]) => properties.every((name) => ['transform', 'opacity'].includes(name)));
      }
      expect(moving.some((animation, index) => Number(animation.currentTime) > startedAt[index]!)).to.equal(
        true,
        'the animations move on',
      );
    });
  }

  it('is one still picture under reduced motion: nothing animates and nothing is drawn again', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
      design_properties: { background_effect: 'snow' },
    });
    await until(() => effectOf(element)?.dataset.motion === 'still', 'the still picture');
    const effect = effectOf(element)!;
    expect(painted(effect)).to.equal(true, 'something is painted');
    const work = countMainThreadWork();
    await ownFrames(20);
    expect(work).to.deep.equal({ frameCallbacks: 0, draws: 0 });
    expect(animationsOf(effect)).to.deep.equal([]);
  });

  it('pauses while the tab is hidden and goes on when it is shown again', async () => {
    const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
      design_properties: { background_effect: 'confetti' },
    });
    await until(() => effectOf(element)?.dataset.motion === 'running', 'the effect to run');
    const effect = effectOf(element)!;
    let hidden = true;
    const visibility = sinon.stub(document, 'visibilityState').get(() => (hidden ? 'hidden' : 'visible'));
    restore.push(() => visibility.restore());
    document.dispatchEvent(new Event('visibilitychange'));
    expect(effect.dataset.motion).to.equal('paused');
    expect(animationsOf(effect).every((animation) => animation.playState === 'paused')).to.equal(true);
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(effect.dataset.motion).to.equal('running');
    expect(animationsOf(effect).every((animation) => animation.playState === 'running')).to.equal(true);
  });

  it('closing the pop-up leaves no animation running and no listener of its own behind', async () => {
    // Every listener put on the document or the window from the mount on, by its type, until it is taken off.
    const listening = new Map<EventListenerOrEventListenerObject, string>();
    for (const target of [document, window] as EventTarget[]) {
      const add = sinon.stub(target, 'addEventListener').callsFake(function (this: EventTarget, ...args) {
        listening.set(args[1]!, args[0]);
        return add.wrappedMethod.apply(this, args);
      });
      const remove = sinon.stub(target, 'removeEventListener').callsFake(function (this: EventTarget, ...args) {
        listening.delete(args[1]!);
        return remove.wrappedMethod.apply(this, args);
      });
      restore.push(() => {
        add.restore();
        remove.restore();
      });
    }
    const element = await mountGamified(WHEEL_TEMPLATE, ALWAYS_WIN, {
      design_properties: { background_effect: 'ball' },
    });
    await until(() => effectOf(element)?.dataset.motion === 'running', 'the effect to run');
    const effect = effectOf(element)!;
    const closed = new Promise((resolve) => element.addEventListener('poptin-after-hide', resolve, { once: true }));
    element.requestClose('x-button');
    await closed;
    await until(() => effect.dataset.motion === 'stopped', 'the effect to stop');
    expect(element.shadowRoot!.getAnimations()).to.deep.equal([]);
    expect(effect.getAnimations({ subtree: true })).to.deep.equal([]);
    expect(effect.isConnected).to.equal(false, 'its layers are gone');
    const work = countMainThreadWork();
    await ownFrames(10);
    expect(work.frameCallbacks).to.equal(0, 'no frame asked for');
    expect([...listening.values()]).to.deep.equal([], 'listeners left on the document or the window');
  });
});

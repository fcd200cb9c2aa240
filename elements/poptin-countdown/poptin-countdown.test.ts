import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import sinon from 'sinon';
import type { CountdownEndDetail } from '../../src/core/countdown/model.ts';
import './define.ts';
import { macrotask, until } from '../../test/browser-support/waiting.ts';
import type { PoptinCountdownElement } from './poptin-countdown.ts';

const NOW = Date.parse('2026-06-01T10:00:00Z');

const base = (element: Element) => element.shadowRoot!.querySelector<HTMLElement>('[part~="base"]');
const shown = (element: Element) => base(element)!.querySelector('.time')!.textContent;
const live = (element: Element) => element.shadowRoot!.querySelector('[aria-live]')!.textContent;
const parts = (element: Element, name: string) => [
  ...element.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${name}"]`),
];

async function mount(
  attributes: Record<string, string>,
  parent: HTMLElement = document.body,
): Promise<PoptinCountdownElement> {
  const element = document.createElement('poptin-countdown');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  parent.append(element);
  await until(() => base(element) !== null, 'the countdown to draw itself');
  return element;
}

/** Moves the fake clock one second at a time, letting React draw after each. */
async function seconds(clock: sinon.SinonFakeTimers, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    clock.tick(1_000);
    await macrotask();
  }
}

describe('<poptin-countdown>', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(
    () =>
      (clock = sinon.useFakeTimers({
        now: NOW,
        toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      })),
  );
  afterEach(() => {
    clock.restore();
    document.querySelectorAll('poptin-countdown, .countdown-test').forEach((node) => node.remove());
    document.documentElement.removeAttribute('lang');
  });

  describe('properties', () => {
    it('minutes and seconds count down from when it is placed, as dd:hh:mm:ss by default', async () => {
      const element = await mount({ minutes: '5', seconds: '30' });
      expect(shown(element)).to.equal('00:00:05:30');
      await seconds(clock, 1);
      await until(() => shown(element) === '00:00:05:29', 'the next second');
      await seconds(clock, 89);
      await until(() => shown(element) === '00:00:04:00', 'a minute and a half later');
    });

    it('ends-at counts down to a fixed instant', async () => {
      const element = await mount({ 'ends-at': '2026-06-03T13:04:05+01:00' });
      expect(shown(element)).to.equal('02:02:04:05');
    });

    it('timer-ver 1 draws boxes with unit labels, 2 compact text', async () => {
      const boxes = await mount({ minutes: '5', seconds: '30', 'timer-ver': '1' });
      expect(parts(boxes, 'box').map((box) => box.dataset.unit)).to.deep.equal(['days', 'hours', 'minutes', 'seconds']);
      expect(parts(boxes, 'label').map((label) => label.textContent)).to.deep.equal([
        'Days',
        'Hours',
        'Minutes',
        'Seconds',
      ]);
      expect(parts(boxes, 'value').map((value) => value.textContent)).to.deep.equal(['00', '00', '05', '30']);
      const compact = await mount({ minutes: '65', 'timer-ver': '2' });
      expect(shown(compact)).to.equal('1:05:00');
    });

    it('a changed end starts again; a changed layout keeps counting', async () => {
      const element = await mount({ minutes: '5' });
      await seconds(clock, 10);
      element.setAttribute('timer-ver', '2');
      await until(() => shown(element) === '4:50', 'the compact layout');
      element.setAttribute('minutes', '1');
      await until(() => shown(element) === '1:00', 'the new end');
    });

    it('takes its model as a property too, with no attributes', async () => {
      const element = document.createElement('poptin-countdown');
      element.countdown = { end: { kind: 'duration', ms: 90_000 }, layout: 0 };
      document.body.append(element);
      await until(() => base(element) !== null, 'the countdown to draw itself');
      expect(shown(element)).to.equal('00:00:01:30');
    });

    it('paused holds the time left; removing it counts on from there', async () => {
      const element = await mount({ minutes: '1', paused: '' });
      await seconds(clock, 5);
      expect(shown(element)).to.equal('00:00:01:00');
      expect(base(element)!.dataset.state).to.equal('idle');
      element.removeAttribute('paused');
      await until(() => base(element)!.dataset.state === 'running', 'it to run');
      await seconds(clock, 5);
      await until(() => shown(element) === '00:00:00:55', 'five seconds counted');
      element.setAttribute('paused', '');
      await until(() => base(element)!.dataset.state === 'idle', 'it to hold');
      await seconds(clock, 5);
      expect(shown(element)).to.equal('00:00:00:55');
    });

    it('attributes set one after another are read together: minutes="0" before its seconds is no error', async () => {
      const warn = sinon.stub(console, 'warn');
      try {
        const element = document.createElement('poptin-countdown');
        document.body.append(element);
        element.setAttribute('minutes', '0');
        element.setAttribute('seconds', '30');
        await until(() => base(element) !== null, 'the countdown to draw itself');
        expect(shown(element)).to.equal('00:00:00:30');
        expect(warn.called).to.equal(false);
      } finally {
        warn.restore();
      }
    });

    it('unreadable attributes draw nothing and say why in the console, without poptin-error', async () => {
      const warn = sinon.stub(console, 'warn');
      const errors = sinon.spy();
      document.addEventListener('poptin-error', errors);
      try {
        const element = document.createElement('poptin-countdown');
        element.setAttribute('ends-at', 'tomorrow');
        document.body.append(element);
        await macrotask();
        await macrotask();
        expect(base(element)).to.equal(null);
        expect(warn.args.map((args) => args.join(' '))).to.deep.include(
          '[poptin] <poptin-countdown> shows nothing: ends-at "tomorrow" is not an ISO date-time with an offset, e.g. "2026-12-31T23:59:00+02:00"',
        );
        element.setAttribute('ends-at', '2026-06-01T10:01:00Z');
        await until(() => base(element) !== null, 'a readable end to draw');
        expect(shown(element)).to.equal('00:00:01:00');
      } finally {
        warn.restore();
        document.removeEventListener('poptin-error', errors);
      }
      expect(errors.called).to.equal(false);
    });
  });

  describe('accessibility', () => {
    it('is a timer named by the time left; the drawn digits are hidden from assistive technology', async () => {
      const element = await mount({ minutes: '5', seconds: '30' });
      expect(base(element)!.getAttribute('role')).to.equal('timer');
      expect(base(element)!.getAttribute('aria-label')).to.equal('Time left: 5 minutes 30 seconds');
      expect(base(element)!.querySelector('.time')!.getAttribute('aria-hidden')).to.equal('true');
      await seconds(clock, 1);
      await until(
        () => base(element)!.getAttribute('aria-label') === 'Time left: 5 minutes 29 seconds',
        'the label to follow',
      );
    });

    it('a polite live region speaks at most once a minute, not every second', async () => {
      const element = await mount({ minutes: '5', seconds: '30' });
      expect(element.shadowRoot!.querySelector('[aria-live]')!.getAttribute('aria-live')).to.equal('polite');
      const spoken: [second: number, text: string][] = [];
      let last = live(element);
      for (let second = 1; second <= 150; second++) {
        await seconds(clock, 1);
        if (live(element) !== last) spoken.push([second, (last = live(element) ?? '')]);
      }
      expect(spoken).to.deep.equal([
        [30, 'Time left: 5 minutes'],
        [90, 'Time left: 4 minutes'],
        [150, 'Time left: 3 minutes'],
      ]);
    });

    it('says when the time is up', async () => {
      const element = await mount({ seconds: '3' });
      await seconds(clock, 3);
      await until(() => live(element) === 'Time is up', 'the end to be announced');
      expect(base(element)!.getAttribute('aria-label')).to.equal('Time is up');
      expect(base(element)!.dataset.state).to.equal('ended');
    });

    it('speaks Hebrew, right to left, on a Hebrew page; the digits still read left to right', async () => {
      document.documentElement.lang = 'he';
      const element = await mount({ minutes: '5', seconds: '30', 'timer-ver': '1' });
      expect(base(element)!.getAttribute('aria-label')).to.equal('הזמן שנותר: 5 דקות 30 שניות');
      expect(base(element)!.getAttribute('dir')).to.equal('rtl');
      expect(parts(element, 'label').map((label) => label.textContent)).to.deep.equal([
        'ימים',
        'שעות',
        'דקות',
        'שניות',
      ]);
      const digits = await mount({ minutes: '5', seconds: '30' });
      expect(base(digits)!.querySelector('.time')!.getAttribute('dir')).to.equal('ltr');
    });

    it('follows the closest lang around it', async () => {
      const section = document.createElement('section');
      section.className = 'countdown-test';
      section.lang = 'he-IL';
      document.body.append(section);
      const element = await mount({ minutes: '1' }, section);
      expect(base(element)!.getAttribute('aria-label')).to.equal('הזמן שנותר: דקה אחת');
    });
  });

  describe('events', () => {
    it('poptin-countdown-end bubbles out of shadow roots once, when it reaches zero', async () => {
      const ends: { detail: CountdownEndDetail; composed: boolean }[] = [];
      const listener = (event: Event) =>
        ends.push({ detail: (event as CustomEvent<CountdownEndDetail>).detail, composed: event.composed });
      document.addEventListener('poptin-countdown-end', listener);
      try {
        const holder = document.createElement('div');
        holder.className = 'countdown-test';
        document.body.append(holder);
        const shadow = holder.attachShadow({ mode: 'open' });
        const element = document.createElement('poptin-countdown');
        element.setAttribute('seconds', '2');
        element.setAttribute('poptin-id', 'a1b2c3d4e5f6g');
        shadow.append(element);
        await until(() => base(element) !== null, 'the countdown to draw itself');
        clock.tick(1_999);
        expect(ends).to.deep.equal([]);
        clock.tick(1);
        expect(ends).to.deep.equal([
          { detail: { poptinId: 'a1b2c3d4e5f6g', endsAt: '2026-06-01T10:00:02.000Z' }, composed: true },
        ]);
        await seconds(clock, 5);
        expect(ends).to.have.length(1);
      } finally {
        document.removeEventListener('poptin-countdown-end', listener);
      }
    });

    it('a fixed end already past ends at once', async () => {
      const ended = new Promise<CountdownEndDetail>((resolve) =>
        document.addEventListener('poptin-countdown-end', (event) => resolve((event as CustomEvent).detail), {
          once: true,
        }),
      );
      const element = await mount({ 'ends-at': '2026-06-01T09:00:00Z' });
      expect((await ended).endsAt).to.equal('2026-06-01T09:00:00.000Z');
      expect(shown(element)).to.equal('00:00:00:00');
    });

    it('taken out of the page it stops: no timers left, no end', async () => {
      const onEnd = sinon.spy();
      document.addEventListener('poptin-countdown-end', onEnd);
      const element = await mount({ seconds: '3' });
      element.remove();
      await macrotask();
      expect(clock.countTimers()).to.equal(0);
      clock.tick(5_000);
      document.removeEventListener('poptin-countdown-end', onEnd);
      expect(onEnd.called).to.equal(false);
    });
  });

  describe('moving', () => {
    it('moved to another place of the page it keeps counting, it does not start again', async () => {
      const element = await mount({ minutes: '1' });
      await seconds(clock, 10);
      await until(() => shown(element) === '00:00:00:50', 'ten seconds counted');
      const elsewhere = document.createElement('div');
      elsewhere.className = 'countdown-test';
      document.body.append(elsewhere);
      elsewhere.append(element);
      await macrotask();
      await seconds(clock, 1);
      await until(() => shown(element) === '00:00:00:49', 'the count to go on');
    });
  });

  describe('parts and motion', () => {
    afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

    it('exposes base, unit, value and separator parts', async () => {
      const element = await mount({ minutes: '5' });
      expect(parts(element, 'unit')).to.have.length(4);
      expect(parts(element, 'value')).to.have.length(4);
      expect(parts(element, 'separator').map((separator) => separator.textContent)).to.deep.equal([':', ':', ':']);
    });

    it('the seconds animate as they change, and not under prefers-reduced-motion', async () => {
      const element = await mount({ minutes: '5' });
      const secondsValue = () =>
        element.shadowRoot!.querySelector<HTMLElement>('[data-unit="seconds"] [part~="value"]')!;
      expect(getComputedStyle(secondsValue()).animationName).to.equal('poptin-countdown-tick');
      await emulateMedia({ reducedMotion: 'reduce' });
      expect(getComputedStyle(secondsValue()).animationName).to.equal('none');
    });

    it('keeps its size and colour whatever the page sets on it, through its custom properties', async () => {
      const element = await mount({ minutes: '5' });
      element.style.setProperty('font-size', '60px');
      element.style.setProperty('--poptin-countdown-color', 'rgb(0, 128, 0)');
      expect(getComputedStyle(base(element)!).fontSize).to.equal('28px');
      expect(getComputedStyle(base(element)!).color).to.equal('rgb(0, 128, 0)');
    });
  });
});

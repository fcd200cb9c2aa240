import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { sanitizeTemplate } from '../../src/core/sanitize.ts';
import { LOADERS } from '../../src/registry.ts';
import {
  closeSources,
  inShadow,
  mountPopup,
  nextFrame,
  part,
  popupConfig,
  removePopups,
  until,
} from '../../test/browser-support/popup.ts';
import type { PoptinPopupElement } from './poptin-popup.ts';

const NOW = Date.parse('2026-06-01T10:00:00Z');
const FAKE = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const;

/** Moves the fake clock one second at a time, letting React draw after each. */
async function seconds(clock: sinon.SinonFakeTimers, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    clock.tick(1_000);
    await nextFrame();
  }
}

/** A pop-up rendered ahead of its trigger, as the controller prepares it: in the page, not shown. */
async function prepare(template: string, config: Record<string, unknown>): Promise<PoptinPopupElement> {
  const element = document.createElement('poptin-popup');
  element.popup = {
    config: popupConfig(config),
    html: sanitizeTemplate(template),
    lang: 'en',
    trigger: 'manual',
    visible: false,
  };
  document.body.append(element);
  await until(() => element.shadowRoot?.querySelector('.content') != null, 'the prepared pop-up');
  return element;
}

async function reveal(element: PoptinPopupElement): Promise<void> {
  const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
  element.popup = { ...element.popup!, visible: true };
  await shown;
  await nextFrame();
}

const countdownIn = (element: Element) => inShadow(element, 'poptin-countdown');
const timerOf = (countdown: Element) => countdown.shadowRoot?.querySelector<HTMLElement>('[role="timer"]') ?? null;
const timeShown = (countdown: Element) => timerOf(countdown)?.querySelector('.time')?.textContent ?? null;

describe('<poptin-popup> countdowns', () => {
  let clock: sinon.SinonFakeTimers;
  before(() => LOADERS.countdown());
  beforeEach(() => (clock = sinon.useFakeTimers({ now: NOW, toFake: [...FAKE] })));
  afterEach(() => {
    clock.restore();
    removePopups();
  });

  describe('close-button countdown (widget §4)', () => {
    it('the close button is disabled and shows the seconds left, then is enabled at zero', async () => {
      const element = await mountPopup('<p>Hello</p>', {
        config: { design_properties: { poptin_design_show_x_after_sec: '3' } },
      });
      const sources = closeSources(element);
      const button = () => part(element, 'close-button') as HTMLButtonElement;
      expect(button().disabled).to.equal(true);
      expect(button().textContent).to.equal('3');
      expect(button().getAttribute('aria-label')).to.equal('Close popup');
      button().click();
      expect(sources).to.deep.equal([]);
      await seconds(clock, 1);
      await until(() => button().textContent === '2', 'two seconds left');
      expect(button().disabled).to.equal(true);
      await seconds(clock, 2);
      await until(() => !button().disabled, 'the button to be enabled');
      expect(button().textContent).to.equal('×');
      button().click();
      expect(sources).to.deep.equal(['x-button']);
    });

    it('counts from when the pop-up shows, not from when it was prepared', async () => {
      const element = await prepare('<p>Hello</p>', { design_properties: { poptin_design_show_x_after_sec: 5 } });
      await seconds(clock, 10);
      await reveal(element);
      expect((part(element, 'close-button') as HTMLButtonElement).disabled).to.equal(true);
      expect(part(element, 'close-button').textContent).to.equal('5');
    });

    it('without a delay the close button works at once', async () => {
      for (const delay of [undefined, '0', 'no']) {
        const element = await mountPopup('<p>Hello</p>', {
          config: { design_properties: { poptin_design_show_x_after_sec: delay } },
        });
        const button = part(element, 'close-button') as HTMLButtonElement;
        expect(button.disabled, String(delay)).to.equal(false);
        expect(button.textContent).to.equal('×');
        removePopups();
      }
    });
  });

  describe('<poptin-countdown> in the template (design §2)', () => {
    it('survives sanitising and is a live element', async () => {
      const element = await mountPopup(
        '<p>Offer ends in <poptin-countdown minutes="5" timer-ver="2"></poptin-countdown></p>',
      );
      const countdown = countdownIn(element);
      await until(() => timerOf(countdown) !== null, 'the countdown to draw itself');
      expect(timeShown(countdown)).to.equal('5:00');
      await seconds(clock, 1);
      await until(() => timeShown(countdown) === '4:59', 'the countdown to tick');
    });

    it('takes the language of the pop-up', async () => {
      const element = await mountPopup('<poptin-countdown minutes="1"></poptin-countdown>', { lang: 'he' });
      const countdown = countdownIn(element);
      await until(() => timerOf(countdown) !== null, 'the countdown to draw itself');
      expect(timerOf(countdown)!.getAttribute('aria-label')).to.equal('הזמן שנותר: דקה אחת');
    });

    it('waits for the pop-up to show before it counts', async () => {
      const element = await prepare('<poptin-countdown minutes="1"></poptin-countdown>', {});
      const countdown = countdownIn(element);
      expect(countdown.hasAttribute('paused')).to.equal(true);
      await seconds(clock, 10);
      await reveal(element);
      expect(countdown.hasAttribute('paused')).to.equal(false);
      await until(() => timerOf(countdown)?.dataset.state === 'running', 'the countdown to run');
      expect(timeShown(countdown)).to.equal('00:00:01:00');
    });

    it('a pop-up without a timer stays open when a countdown in it ends', async () => {
      const element = await mountPopup('<poptin-countdown seconds="2"></poptin-countdown>');
      const sources = closeSources(element);
      await until(() => timerOf(countdownIn(element)) !== null, 'the countdown to draw itself');
      await seconds(clock, 3);
      await until(() => timerOf(countdownIn(element))?.dataset.state === 'ended', 'the countdown to end');
      expect(sources).to.deep.equal([]);
      expect((part(element, 'base') as HTMLDialogElement).open).to.equal(true);
    });
  });

  describe('timer pop-ups (widget §3 timer, timer_ver; §4)', () => {
    it('a countdown without its own end takes the timer of design_properties, and the pop-up closes itself when it ends', async () => {
      const element = await mountPopup('<p>Hurry!</p><poptin-countdown></poptin-countdown>', {
        config: { design_properties: { timer: '{"timerTime":"00:03"}', timer_ver: '1' } },
      });
      const countdown = countdownIn(element);
      expect([
        countdown.getAttribute('minutes'),
        countdown.getAttribute('seconds'),
        countdown.getAttribute('timer-ver'),
      ]).to.deep.equal(['0', '3', '1']);
      const sources = closeSources(element);
      const hidden = new Promise<CustomEvent>((resolve) =>
        element.addEventListener('poptin-after-hide', (event) => resolve(event as CustomEvent), { once: true }),
      );
      await until(() => timerOf(countdown)?.dataset.state === 'running', 'the countdown to run');
      clock.tick(2_999);
      expect(sources).to.deep.equal([]);
      clock.tick(1);
      expect(sources).to.deep.equal(['timer']);
      expect((await hidden).detail).to.deep.include({ source: 'timer', submitted: false });
    });

    it("a fixed end of design_properties becomes the countdown's ends-at", async () => {
      const element = await mountPopup('<poptin-countdown></poptin-countdown>', {
        config: { design_properties: { timer: { date: '2026-06-01', time: '13:00', gmt: '+02:00' } } },
      });
      const countdown = countdownIn(element);
      expect(countdown.getAttribute('ends-at')).to.equal('2026-06-01T11:00:00.000Z');
      await until(() => timeShown(countdown) === '00:01:00:00', 'an hour left');
    });

    it('a countdown with its own end keeps it; with timer "yes" its end closes the pop-up', async () => {
      const element = await mountPopup('<poptin-countdown seconds="2" timer-ver="2"></poptin-countdown>', {
        config: { design_properties: { timer: 'yes', timer_ver: 0 } },
      });
      const countdown = countdownIn(element);
      expect(countdown.getAttribute('timer-ver')).to.equal('2');
      const sources = closeSources(element);
      await until(() => timerOf(countdown)?.dataset.state === 'running', 'the countdown to run');
      clock.tick(2_000);
      expect(sources).to.deep.equal(['timer']);
    });

    it('the page may refuse the timer close', async () => {
      const element = await mountPopup('<poptin-countdown></poptin-countdown>', {
        config: { design_properties: { timer: { timerTime: '00:01' } } },
      });
      element.addEventListener('poptin-request-close', (event) => event.preventDefault());
      await until(() => timerOf(countdownIn(element))?.dataset.state === 'running', 'the countdown to run');
      clock.tick(1_000);
      await nextFrame();
      expect((part(element, 'base') as HTMLDialogElement).open).to.equal(true);
    });
  });
});

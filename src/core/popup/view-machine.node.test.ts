import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMachine } from '../machine.ts';
import { REDIRECT_LINK_SUBMIT_MS } from './timing.ts';
import {
  type AfterSubmitPlan,
  announcesClose,
  initialSnapshot,
  type PopupEffect,
  type PopupEvent,
  type PopupSnapshot,
  transition,
} from './view-machine.ts';

type Form = string;
const SHOP = { url: 'https://shop.example/', newWindow: false };

/** The machine on a fake clock: `tick(ms)` fires what is due; effects other than waits are recorded. */
function popup() {
  let now = 0;
  const timers: { at: number; event: PopupEvent<Form> }[] = [];
  const done: PopupEffect<Form>[] = [];
  const machine = createMachine<PopupSnapshot<Form>, PopupEvent<Form>, PopupEffect<Form>>({
    name: 'pop-up',
    initial: initialSnapshot,
    transition,
    run: (effect, running) => {
      if (effect.type !== 'wait') return void done.push(effect);
      const timer = { at: now + effect.ms, event: effect.next };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  });
  const tick = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((pending) => pending.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      machine.send(timer.event);
    }
  };
  return { machine, done, tick };
}

const plan = (overrides: Partial<AfterSubmitPlan> = {}): AfterSubmitPlan => ({
  screen: 'thank-you',
  delayMs: 5_000,
  redirect: null,
  ...overrides,
});

describe('pop-up view machine', () => {
  it('shows once, then closes and is removed; a close before the show or after it is ignored', () => {
    const { machine } = popup();
    machine.send({ type: 'close', source: 'x-button' });
    assert.equal(machine.snapshot.state, 'hidden');
    machine.send({ type: 'show', autoCloseMs: null });
    machine.send({ type: 'close', source: 'escape' });
    machine.send({ type: 'close', source: 'x-button' });
    assert.deepEqual([machine.snapshot.state, machine.snapshot.closeSource], ['closing', 'escape']);
    machine.send({ type: 'removed' });
    assert.equal(machine.snapshot.state, 'closed');
    assert.equal(announcesClose(machine.snapshot), true);
  });

  it('asks to auto-close after the configured time on the form screen, not once submitted', () => {
    const shown = popup();
    shown.machine.send({ type: 'show', autoCloseMs: 3_000 });
    shown.tick(2_999);
    assert.deepEqual(shown.done, []);
    shown.tick(1);
    assert.deepEqual(shown.done, [{ type: 'request-close', source: 'auto-close' }]);

    const submitted = popup();
    submitted.machine.send({ type: 'show', autoCloseMs: 3_000 });
    submitted.machine.send({ type: 'submitted', plan: plan({ delayMs: 10_000 }) });
    submitted.tick(3_000);
    assert.deepEqual(submitted.done, []);
  });

  it('after a submit: the thank-you state until the plan closes it, or redirects; no poptinClose then', () => {
    const closes = popup();
    closes.machine.send({ type: 'show', autoCloseMs: null });
    closes.machine.send({ type: 'submitted', plan: plan() });
    assert.equal(closes.machine.snapshot.state, 'thank-you');
    closes.tick(5_000);
    assert.deepEqual(closes.done, [{ type: 'request-close', source: 'auto-close' }]);
    closes.machine.send({ type: 'close', source: 'auto-close' });
    assert.equal(announcesClose(closes.machine.snapshot), false);

    const sentMessage = popup();
    sentMessage.machine.send({ type: 'show', autoCloseMs: null });
    sentMessage.machine.send({ type: 'submitted', plan: plan({ screen: 'sent-message', delayMs: 1_000 }) });
    sentMessage.tick(1_000);
    assert.deepEqual(sentMessage.done, [{ type: 'request-close', source: 'submit' }]);

    const redirects = popup();
    redirects.machine.send({ type: 'show', autoCloseMs: null });
    redirects.machine.send({ type: 'submitted', plan: plan({ redirect: SHOP, delayMs: 0 }) });
    redirects.tick(0);
    assert.deepEqual(redirects.done, [
      { type: 'follow', redirect: SHOP },
      { type: 'request-close', source: 'redirect' },
    ]);
  });

  it('a lead that failed lets the form take another', () => {
    const { machine } = popup();
    machine.send({ type: 'show', autoCloseMs: null });
    machine.send({ type: 'lead-taken' });
    assert.equal(machine.snapshot.leadTaken, true);
    machine.send({ type: 'lead-failed' });
    assert.equal(machine.snapshot.leadTaken, false);
  });

  it('a redirect link submits its form 1.5 s after the last click, and remembers where the submit redirects', () => {
    const { machine, done, tick } = popup();
    machine.send({ type: 'show', autoCloseMs: null });
    machine.send({
      type: 'link-clicked',
      redirect: { url: 'https://first.example/', newWindow: false },
      form: 'first form',
    });
    tick(1_000);
    machine.send({ type: 'link-clicked', redirect: SHOP, form: 'form' });
    tick(REDIRECT_LINK_SUBMIT_MS - 1);
    assert.deepEqual(done, []);
    tick(1);
    assert.deepEqual(done, [{ type: 'submit-form', form: 'form' }]);
    assert.deepEqual(machine.snapshot.linkRedirect, SHOP);
  });

  it('a redirect link redirects at once when there is no form, or its lead was already taken', () => {
    for (const setUp of [
      (machine: ReturnType<typeof popup>['machine']) =>
        machine.send({ type: 'link-clicked', redirect: SHOP, form: null }),
      (machine: ReturnType<typeof popup>['machine']) => {
        machine.send({ type: 'lead-taken' });
        machine.send({ type: 'link-clicked', redirect: SHOP, form: 'form' });
      },
    ]) {
      const { machine, done, tick } = popup();
      machine.send({ type: 'show', autoCloseMs: null });
      setUp(machine);
      tick(REDIRECT_LINK_SUBMIT_MS);
      assert.deepEqual(done, [
        { type: 'follow', redirect: SHOP },
        { type: 'request-close', source: 'redirect' },
      ]);
    }
  });

  it('a game submits its lead form, and no longer once a lead was taken; its screens stay after its own lead', () => {
    const { machine, done } = popup();
    machine.send({ type: 'show', autoCloseMs: null });
    machine.send({ type: 'game-submit', form: 'game form', screensFollow: true });
    assert.deepEqual(done, [{ type: 'submit-form', form: 'game form' }]);
    assert.equal(machine.snapshot.gameLeadForm, 'game form');
    machine.send({ type: 'lead-taken' });
    machine.send({ type: 'game-submit', form: 'game form', screensFollow: true });
    assert.equal(done.length, 1);
  });

  it('a call button calls and asks to close, as a redirect', () => {
    const { machine, done } = popup();
    machine.send({ type: 'show', autoCloseMs: null });
    machine.send({ type: 'call', url: 'tel:+97231234567' });
    assert.deepEqual(done, [
      { type: 'follow', redirect: { url: 'tel:+97231234567', newWindow: false } },
      { type: 'request-close', source: 'redirect' },
    ]);
  });
});

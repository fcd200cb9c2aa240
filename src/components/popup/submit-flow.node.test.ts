import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePopupConfig } from '../../core/config/parse.ts';
import { createMachine } from '../../core/machine.ts';
import {
  initialSnapshot,
  type PopupEffect,
  type PopupEvent,
  type PopupSnapshot,
  transition,
} from '../../core/popup/view-machine.ts';
import type { SubmittedField } from '../template/field-dom.ts';
import type { LeadOutcome } from '../template/lead-delivery.ts';
import { type PopupSubmitDetail, type SubmitSettings, submitFlow } from './submit-flow.ts';

type Form = string;
const FIELDS: SubmittedField[] = [
  { name: 'email', type: 'email', value: 'ada@example.com', required: true, placeholder: 'E-mail', validation: '' },
];
const flush = () => new Promise((resolve) => setImmediate(resolve));

function settingsOf(raw: Record<string, unknown> = {}, extra: Partial<SubmitSettings> = {}): SubmitSettings {
  const config = parsePopupConfig({ poptin_id: 'a1b2c3d4e5f6a', poptin_type: 'lightbox', target: 'lead', ...raw });
  return { config, design: config.designProperties, language: 'en', preview: false, declarative: false, ...extra };
}

/**
 * The flow on the real view machine, shown, with its ports recorded. `answer` is what the page's listener of
 * poptin-submit says (undefined: no listener took it).
 */
function popup(settings: SubmitSettings, answer?: Promise<LeadOutcome>, thankYouInTemplate = false) {
  const effects: PopupEffect<Form>[] = [];
  const machine = createMachine<PopupSnapshot<Form>, PopupEvent<Form>, PopupEffect<Form>>({
    name: 'pop-up',
    initial: initialSnapshot,
    transition,
    run: (effect) => void effects.push(effect),
  });
  machine.send({ type: 'show', autoCloseMs: null });
  const seen = {
    emitted: [] as PopupSubmitDetail[],
    announced: [] as string[],
    busy: [] as boolean[],
    errors: [] as Form[],
    cleared: [] as Form[],
    sentMessages: [] as string[],
    coupons: [] as string[],
    sent: 0,
    noDestination: 0,
  };
  const flow = () =>
    submitFlow<Form>(settings, {
      machine,
      emitSubmit: (detail) => {
        seen.emitted.push(detail);
        if (answer) detail.respondWith?.(answer);
      },
      announce: (message) => void seen.announced.push(message),
      honeypotOf: (form) => `trap of ${form}`,
      busy: (_form, busy) => void seen.busy.push(busy),
      clearSendError: (form) => void seen.cleared.push(form),
      showSendError: (form) => (seen.errors.push(form), 'Your details could not be sent.'),
      showSentMessage: (_form, text) => void seen.sentMessages.push(text),
      noDestination: async () => void seen.noDestination++,
      showCoupon: (code) => void seen.coupons.push(code),
      templateHasThankYou: () => thankYouInTemplate,
      sent: () => void seen.sent++,
    });
  return { machine, effects, seen, flow };
}

describe('the pop-up submit flow', () => {
  it('hands the lead to the listener, then shows the thank-you screen once it is sent', async () => {
    const { machine, effects, seen, flow } = popup(settingsOf(), Promise.resolve({ status: 'sent' }), true);
    flow().onValidSubmit('form', FIELDS);
    assert.equal(machine.snapshot.leadTaken, true);
    assert.equal(flow().canSubmit(), false, 'a second submit waits for the first lead');
    assert.deepEqual(seen.busy, [true]);
    assert.equal(seen.emitted.length, 1);
    assert.deepEqual(
      { ...seen.emitted[0], respondWith: undefined },
      { poptinId: 'a1b2c3d4e5f6a', fields: FIELDS, honeypot: 'trap of form', prize: null, respondWith: undefined },
    );
    assert.equal(machine.snapshot.state, 'form', 'nothing is thanked before the lead is on its way');
    await flush();
    assert.deepEqual(seen.busy, [true, false]);
    assert.equal(seen.sent, 1);
    assert.equal(machine.snapshot.state, 'thank-you');
    assert.equal(machine.snapshot.afterSubmit?.screen, 'thank-you');
    assert.deepEqual(effects.at(-1), { type: 'wait', ms: 5_000, next: { type: 'after-submit-due' } });
  });

  it('tells the visitor when the lead was refused, and takes a new submit', async () => {
    const { machine, seen, flow } = popup(settingsOf(), Promise.resolve({ status: 'refused', reason: 'spam' }));
    flow().onValidSubmit('form', FIELDS);
    await flush();
    assert.equal(machine.snapshot.state, 'form');
    assert.equal(machine.snapshot.submitted, false);
    assert.equal(seen.sent, 0);
    assert.deepEqual(seen.errors, ['form']);
    assert.deepEqual(seen.announced, ['Your details could not be sent.']);
    assert.equal(flow().canSubmit(), true);
    flow().onValidSubmit('form', FIELDS);
    assert.deepEqual(seen.cleared, ['form', 'form'], 'the error goes when the visitor sends again');
  });

  it('shows the sent message on the button of a lead pop-up without a thank-you screen', async () => {
    const { machine, seen, flow } = popup(settingsOf(), Promise.resolve({ status: 'kept' }));
    flow().onValidSubmit('form', FIELDS);
    await flush();
    assert.deepEqual(seen.sentMessages, ['Sent!']);
    assert.deepEqual(seen.announced, ['Sent!']);
    assert.deepEqual(machine.snapshot.afterSubmit, { screen: 'sent-message', delayMs: 1_000, redirect: null });
  });

  it('goes straight on when no listener took the lead', () => {
    const { machine, seen, flow } = popup(settingsOf());
    flow().onValidSubmit('form', FIELDS);
    assert.deepEqual(seen.busy, [], 'nothing to wait for');
    assert.equal(seen.sent, 1);
    assert.equal(machine.snapshot.state, 'thank-you');
  });

  it('names what a pop-up placed by hand lacks when no listener took its lead, and thanks no one', async () => {
    const { machine, seen, flow } = popup(settingsOf({}, { declarative: true }));
    flow().onValidSubmit('form', FIELDS);
    await flush();
    assert.equal(seen.noDestination, 1);
    assert.deepEqual(seen.errors, ['form']);
    assert.equal(machine.snapshot.state, 'form');
    assert.equal(flow().canSubmit(), true);
  });

  it('sends nothing in preview mode and says so again', () => {
    const { machine, seen, flow } = popup(settingsOf({}, { preview: true }), Promise.resolve({ status: 'sent' }));
    flow().onValidSubmit('form', FIELDS);
    assert.deepEqual(seen.emitted, []);
    assert.equal(machine.snapshot.leadTaken, false);
    assert.equal(seen.announced.length, 1);
    assert.match(seen.announced[0], /preview/i);
  });

  it("shows the visitor's own coupon code the server gave with the lead", async () => {
    const { seen, flow } = popup(settingsOf(), Promise.resolve({ status: 'sent', couponCode: 'ADA-10' }));
    flow().onValidSubmit('form', FIELDS);
    await flush();
    assert.deepEqual(seen.coupons, ['ADA-10']);
  });

  it("leaves a game's result screen on screen after its lead", async () => {
    const { machine, effects, seen, flow } = popup(settingsOf(), Promise.resolve({ status: 'sent' }));
    machine.send({ type: 'game-submit', form: 'game form', screensFollow: true });
    assert.deepEqual(effects.at(-1), { type: 'submit-form', form: 'game form' });
    flow().onValidSubmit('game form', FIELDS);
    await flush();
    assert.equal(seen.sent, 1);
    assert.equal(machine.snapshot.state, 'form', 'the game closes it by its own delays');
  });

  it('follows the redirect link the visitor clicked before the submit', async () => {
    const { machine, flow } = popup(settingsOf(), Promise.resolve({ status: 'sent' }));
    machine.send({ type: 'link-clicked', redirect: { url: 'https://shop.example/', newWindow: false }, form: 'form' });
    flow().onValidSubmit('form', FIELDS);
    await flush();
    assert.deepEqual(machine.snapshot.afterSubmit?.redirect, { url: 'https://shop.example/', newWindow: false });
  });
});

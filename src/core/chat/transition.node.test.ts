import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ChatEffect,
  type ChatEvent,
  type ChatInput,
  type ChatMachineState,
  chatTransition,
  initialChatState,
} from './machine.ts';
import { type ChatSettings, parseChatSettings } from './settings.ts';

function settings(overrides: Record<string, unknown> = {}): ChatSettings {
  const parsed = parseChatSettings({
    telephone: '+62 0812-3456-789',
    message_send: 'Halo K3',
    message_hash: 'h1',
    ...overrides,
  });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.settings;
}

const FRESH = { views: 0, messageSeen: false };
const at = (input: ChatInput, now = 0, facts = FRESH): ChatEvent => ({ ...input, now, facts });

/** Sends the inputs in turn, feeding back what an allowed `ask` leads to; returns the state and every effect. */
function walk(
  transition: ReturnType<typeof chatTransition>,
  inputs: ChatEvent[],
  state: ChatMachineState = initialChatState,
) {
  const effects: ChatEffect[] = [];
  for (const event of inputs) {
    const step = transition(state, event);
    state = step.snapshot;
    effects.push(...step.effects);
    for (const effect of step.effects)
      if (effect.type === 'ask') state = transition(state, at(effect.next, event.now, event.facts)).snapshot;
  }
  return { state, effects };
}

describe('chat button transition (pure)', () => {
  it('start counts the page once and waits button_delay before showing; -1 shows at once without animation', () => {
    const delayed = walk(chatTransition(settings(), false), [at({ type: 'start' }), at({ type: 'start' })]);
    assert.equal(delayed.state.view.state, 'hidden');
    assert.deepEqual(
      delayed.effects.map((effect) => effect.type),
      ['count-view', 'wait', 'wait'],
    );
    const atOnce = walk(chatTransition(settings({ button_delay: -1 }), false), [at({ type: 'start' }, 5)]);
    assert.deepEqual([atOnce.state.view.state, atOnce.state.view.animate, atOnce.state.shownAt], ['shown', false, 5]);
  });

  it('a message seen before shows the tooltip and plans nothing', () => {
    const { state, effects } = walk(chatTransition(settings({ button_delay: -1 }), false), [
      at({ type: 'start' }, 0, { views: 2, messageSeen: true }),
    ]);
    assert.equal(state.view.state, 'tooltip');
    assert.ok(!effects.some((effect) => effect.type === 'wait'));
  });

  it('the message opens the chatbox by itself once the views reach message_views, else a badge shows', () => {
    const transition = chatTransition(settings({ button_delay: -1 }), false);
    const shown = walk(transition, [at({ type: 'start' })]).state;
    assert.equal(
      walk(transition, [at({ type: 'message-due' }, 10_000, { views: 2, messageSeen: false })], shown).state.view.state,
      'chatbox',
    );
    assert.equal(
      walk(transition, [at({ type: 'message-due' }, 10_000, { views: 1, messageSeen: false })], shown).state.view.state,
      'badge',
    );
  });

  it('a press within 600 ms of showing is ignored; then the chatbox asks the page first, and sends once opted in', () => {
    const transition = chatTransition(settings({ button_delay: -1 }), false);
    const shown = walk(transition, [at({ type: 'start' })]).state;
    assert.equal(transition(shown, at({ type: 'press', trigger: 'button' }, 599)).snapshot, shown);
    const asked = transition(shown, at({ type: 'press', trigger: 'button' }, 600));
    assert.deepEqual(asked.effects, [
      { type: 'ask', action: 'open', trigger: 'button', next: { type: 'open-allowed', trigger: 'button' } },
    ]);
    assert.equal(asked.snapshot.view.state, 'shown');
    const { state, effects } = walk(
      transition,
      [
        at({ type: 'press', trigger: 'button' }, 600),
        at({ type: 'opt-out', optedOut: false }),
        at({ type: 'press', trigger: 'button' }, 700),
      ],
      shown,
    );
    assert.deepEqual(state.view, { ...state.view, state: 'chatbox', optedOut: false });
    assert.deepEqual(effects.at(-1), {
      type: 'open-app',
      link: 'https://wa.me/6208123456789?text=Halo%20K3',
      trigger: 'button',
    });
  });

  it('only the last hover and the last focus change count', () => {
    const transition = chatTransition(settings({ button_delay: -1 }), false);
    const shown = walk(transition, [at({ type: 'start' })]).state;
    const left = walk(
      transition,
      [at({ type: 'hover-start' }), at({ type: 'hover-end' }), at({ type: 'hover-due', hover: 1 })],
      shown,
    ).state;
    assert.equal(left.view.state, 'shown');
    assert.equal(
      walk(transition, [at({ type: 'hover-start' }), at({ type: 'hover-due', hover: 1 })], shown).state.view.state,
      'chatbox',
    );

    const phone = chatTransition(settings({ button_delay: -1 }), true);
    const onPhone = walk(phone, [at({ type: 'start' })]).state;
    const refocused = walk(
      phone,
      [
        at({ type: 'text-field-focus', focused: true }),
        at({ type: 'text-field-focus', focused: false }),
        at({ type: 'focus-due', focus: 1, focused: true }),
      ],
      onPhone,
    );
    assert.equal(refocused.state.view.yielding, false);
    assert.equal(
      walk(
        phone,
        [at({ type: 'text-field-focus', focused: true }), at({ type: 'focus-due', focus: 1, focused: true })],
        onPhone,
      ).state.view.yielding,
      true,
    );
  });
});

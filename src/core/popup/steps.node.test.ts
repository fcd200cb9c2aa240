import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readStepTarget, StepPath } from './steps.ts';

describe('step targets (data-poptin-step-go)', () => {
  it('reads back, close, a redirect, another pop-up and a step by name', () => {
    assert.deepEqual(readStepTarget('back'), { kind: 'back' });
    assert.deepEqual(readStepTarget(' close '), { kind: 'close' });
    assert.deepEqual(readStepTarget('redirect:https://shop.example/sale'), {
      kind: 'redirect',
      url: 'https://shop.example/sale',
    });
    assert.deepEqual(readStepTarget('popup:a1b2c3d4e5f6g'), { kind: 'popup', id: 'a1b2c3d4e5f6g' });
    assert.deepEqual(readStepTarget('details'), { kind: 'step', name: 'details' });
  });

  it('reads nothing from an empty value, a redirect without an address or a pop-up id that is not one', () => {
    assert.equal(readStepTarget(''), null);
    assert.equal(readStepTarget(null), null);
    assert.equal(readStepTarget('redirect:'), null);
    assert.equal(readStepTarget('popup:short'), null);
  });
});

describe('the steps a visitor went through', () => {
  it('goes back the way the visitor came, and not before the first step', () => {
    const path = new StepPath('question');
    path.go('email');
    path.go('details');
    assert.deepEqual(path.before, ['question', 'email']);
    assert.equal(path.back(), 'email');
    assert.equal(path.back(), 'question');
    assert.equal(path.back(), null);
    assert.equal(path.current, 'question');
  });

  it('going to a step already on the path goes back to it', () => {
    const path = new StepPath('question');
    path.go('email');
    path.go('details');
    path.go('email');
    assert.deepEqual([path.current, path.before], ['email', ['question']]);
  });
});

import { describe, it } from 'node:test';
import { expect } from 'chai';
import { testConfig } from '../triggers/test-support/fakes.ts';
import { evaluateConvertedUsers } from './converted.ts';

describe('stop_showing_to_converted_users (widget §6)', () => {
  it('blocks a visitor who converted on the pop-up when on', () => {
    const config = testConfig({ stop_showing_to_converted_users: 'yes' });
    expect(evaluateConvertedUsers(config, 1_700_000_000_000)).to.include({
      allowed: false,
      rule: 'stop_showing_to_converted_users',
    });
    expect(evaluateConvertedUsers(config, null).allowed).to.equal(true);
  });

  it('allows everyone when off', () => {
    expect(evaluateConvertedUsers(testConfig({ stop_showing_to_converted_users: 'no' }), 1).allowed).to.equal(true);
  });
});

import { describe, it } from 'node:test';
import { expect } from 'chai';
import { testConfig } from '../triggers/test-support/fakes.ts';
import { evaluateDevice, selectVariant } from './device.ts';

describe('device rule (if_mobile) and mobile variant', () => {
  it('all devices by default', () => {
    expect(evaluateDevice(testConfig(), true).allowed).to.equal(true);
    expect(evaluateDevice(testConfig(), false).allowed).to.equal(true);
  });

  it('show_on_device mobile / desktop', () => {
    expect(evaluateDevice(testConfig({ show_on_device: 'mobile' }), false)).to.include({
      allowed: false,
      rule: 'device',
    });
    expect(evaluateDevice(testConfig({ show_on_device: 'mobile' }), true).allowed).to.equal(true);
    expect(evaluateDevice(testConfig({ show_on_device: 'desktop' }), true).allowed).to.equal(false);
  });

  it('the mobile kind is for mobile visitors only', () => {
    expect(evaluateDevice(testConfig({ poptin_type: 'mobile' }), false).allowed).to.equal(false);
    expect(evaluateDevice(testConfig({ poptin_type: 'mobile' }), true).allowed).to.equal(true);
  });

  it('mobile visitors get the mobile variant when one exists (widget §2)', () => {
    const withVariant = testConfig({ design_properties: { switch_mobile_editor: 'yes' } });
    expect(selectVariant(withVariant, true)).to.equal('mobile');
    expect(selectVariant(withVariant, false)).to.equal('desktop');
    expect(selectVariant(testConfig(), true)).to.equal('desktop');
  });
});

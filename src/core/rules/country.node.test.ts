import { describe, it } from 'node:test';
import { expect } from 'chai';
import { testConfig } from '../triggers/test-support/fakes.ts';
import { evaluateCountry, readCountryTargeting } from './country.ts';

describe('country rule (display response country_code)', () => {
  it('reads the object and text forms', () => {
    expect(readCountryTargeting({ show: 'dont_show', countries: ['us', 'IL'] })).to.deep.equal({
      show: 'dont_show',
      countries: ['US', 'IL'],
    });
    expect(readCountryTargeting('show|US, IL')).to.deep.equal({ show: 'show', countries: ['US', 'IL'] });
    expect(readCountryTargeting('')).to.equal(null);
  });

  it('allow list: only listed countries; an unknown country is blocked', () => {
    const config = testConfig({ country_targeting: 'show|US,IL' });
    expect(evaluateCountry(config, 'il').allowed).to.equal(true);
    expect(evaluateCountry(config, 'DE')).to.include({ allowed: false, rule: 'country' });
    expect(evaluateCountry(config, '').allowed).to.equal(false);
  });

  it('deny list: listed countries are blocked, others and unknown allowed', () => {
    const config = testConfig({ country_targeting: { show: 'dont_show', countries: 'CN' } });
    expect(evaluateCountry(config, 'CN').allowed).to.equal(false);
    expect(evaluateCountry(config, 'FR').allowed).to.equal(true);
    expect(evaluateCountry(config, '').allowed).to.equal(true);
  });

  it('no targeting allows', () => {
    expect(evaluateCountry(testConfig(), 'XX').allowed).to.equal(true);
  });
});

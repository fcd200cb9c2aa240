import { describe, it } from 'node:test';
import { expect } from 'chai';
import { testConfig } from '../triggers/test-support/fakes.ts';
import {
  evaluateTrafficSource,
  evaluateUtmTargeting,
  evaluateVisitorType,
  evaluateVisitPage,
  readTrafficSourceTargeting,
  readUtmTargeting,
  readVisitorType,
} from './visit.ts';

const campaign = (query: string) => ({ campaign: query });

describe('visit rules', () => {
  it('UTM rules: a dont_show match blocks; each parameter with show rules needs one to match', () => {
    const config = testConfig({
      utm_targeting: [
        { parameter: 'utm_source', operator: 'exact', value: 'google', show: 'show' },
        { parameter: 'utm_source', operator: 'exact', value: 'bing', show: 'show' },
        { parameter: 'utm_campaign', operator: 'contain', value: 'spring' },
        { parameter: 'utm_medium', operator: 'exact', value: 'email', show: 'dont_show' },
      ],
    });
    expect(evaluateUtmTargeting(config, campaign('utm_source=Bing&utm_campaign=spring-sale')).allowed).to.equal(true);
    expect(evaluateUtmTargeting(config, campaign('utm_source=google&utm_campaign=winter'))).to.include({
      allowed: false,
      reason: 'utm_campaign "winter" matches none of contain "spring"',
    });
    expect(
      evaluateUtmTargeting(config, campaign('utm_source=google&utm_campaign=spring&utm_medium=email')).reason,
    ).to.equal('utm_medium "email" matches dont_show exact "email"');
    expect(evaluateUtmTargeting(config, campaign('')).allowed).to.equal(false);
    expect(evaluateUtmTargeting(testConfig({}), campaign('')).reason).to.equal('no UTM rules');
  });

  it('UTM rules that cannot be read are named', () => {
    expect(readUtmTargeting([{ parameter: 'utm_soruce', operator: 'exact', value: 'x' }]).problems).to.deep.equal([
      'rule 1: parameter must be one of utm_source, utm_medium, utm_campaign, utm_term, utm_content',
    ]);
    expect(readUtmTargeting([{ parameter: 'utm_source', operator: 'like', value: 'x' }]).problems[0]).to.match(
      /^rule 1: operator must be one of contain/,
    );
    expect(readUtmTargeting('[{').problems).to.deep.equal([
      'is not a list of {parameter, operator, value, show} rules',
    ]);
  });

  it('traffic source: shown for the listed sources, or hidden for them', () => {
    const search = testConfig({ traffic_source_targeting: { show: 'show', sources: ['search', 'social'] } });
    expect(evaluateTrafficSource(search, { referrerHost: 'www.google.com', campaign: '' }).allowed).to.equal(true);
    expect(evaluateTrafficSource(search, { referrerHost: '', campaign: '' })).to.include({
      allowed: false,
      reason: 'the visit is direct (no referrer and no campaign parameters); shown for search, social',
    });
    const notPaid = testConfig({ traffic_source_targeting: 'dont_show|paid' });
    expect(evaluateTrafficSource(notPaid, { referrerHost: 'www.google.com', campaign: 'gclid=1' }).allowed).to.equal(
      false,
    );
    expect(evaluateTrafficSource(notPaid, { referrerHost: '', campaign: '' }).allowed).to.equal(true);
    expect(readTrafficSourceTargeting('show|search,tv').problems).to.deep.equal([
      'unknown traffic source "tv": use search, social, email, paid, direct, referral',
    ]);
    expect(readTrafficSourceTargeting({ show: 'show', sources: [] }).problems).to.have.length(1);
  });

  it('visitor type and landing page', () => {
    const returning = testConfig({ visitor_type_targeting: 'returning' });
    expect(evaluateVisitorType(returning, { returning: true }).allowed).to.equal(true);
    expect(evaluateVisitorType(returning, { returning: false })).to.include({
      allowed: false,
      reason: 'a new visitor; shown to returning visitors',
    });
    expect(evaluateVisitorType(testConfig({ visitor_type_targeting: 'all' }), { returning: false }).allowed).to.equal(
      true,
    );
    expect(readVisitorType('old').problems).to.deep.equal(['must be "new" or "returning", or "all"']);
    const landing = testConfig({ visit_page_targeting: 'landing' });
    expect(evaluateVisitPage(landing, { landing: true }).allowed).to.equal(true);
    expect(evaluateVisitPage(landing, { landing: false })).to.include({
      allowed: false,
      reason: 'a later page of the visit; shown on the landing page',
    });
  });
});

import { describe, it } from 'node:test';
import { expect } from 'chai';
import { classifyTrafficSource } from './traffic-source.ts';

const visit = (referrerHost: string, campaign = '') => classifyTrafficSource({ referrerHost, campaign });

describe('traffic source of a visit', () => {
  it('classifies by the documented table, first match wins', () => {
    const table: Array<[referrer: string, campaign: string, source: string]> = [
      ['www.google.com', 'utm_medium=cpc', 'paid'],
      ['', 'utm_medium=PPC', 'paid'],
      ['', 'utm_medium=cpm', 'paid'],
      ['facebook.com', 'utm_medium=paid_social', 'paid'],
      ['www.google.com', 'gclid=abc', 'paid'],
      ['www.bing.com', 'msclkid=abc', 'paid'],
      ['l.facebook.com', 'fbclid=abc', 'social'],
      ['', 'utm_medium=email', 'email'],
      ['', 'utm_source=weekly-Newsletter&utm_medium=link', 'email'],
      ['', 'utm_medium=social', 'social'],
      ['m.facebook.com', '', 'social'],
      ['t.co', '', 'social'],
      ['www.linkedin.com', '', 'social'],
      ['www.google.com', '', 'search'],
      ['www.google.co.il', '', 'search'],
      ['duckduckgo.com', '', 'search'],
      ['search.yahoo.com', '', 'search'],
      ['', 'utm_medium=organic', 'search'],
      ['blog.example.org', '', 'referral'],
      ['notgoogle.com', '', 'referral'],
      ['google.evil.example', '', 'referral'],
      ['', '', 'direct'],
      ['', 'utm_campaign=spring', 'direct'],
    ];
    for (const [referrer, campaign, source] of table)
      expect(visit(referrer, campaign).source, `${referrer} ${campaign}`).to.equal(source);
  });

  it('says which fact decided', () => {
    expect(visit('www.google.com', 'gclid=x').why).to.equal('ad click id gclid');
    expect(visit('www.google.com').why).to.equal('referrer google.com');
    expect(visit('').why).to.equal('no referrer and no campaign parameters');
  });
});

import { describe, it } from 'node:test';
import { expect } from 'chai';
import { testConfig } from '../triggers/test-support/fakes.ts';
import { evaluateSourceCodeTarget } from './source-code.ts';

describe('source-code target (widget §3 source_code_target_active/html/role)', () => {
  const page = '<html><body>\n  <div   class="checkout-step"   data-step="2"></div></body></html>';
  const filters = (role: string, html = '<div class="checkout-step" data-step="2">', active = 'yes') =>
    testConfig({ source_code_target_active: active, source_code_target_html: html, source_code_target_role: role })
      .filters;

  it('show: allowed when the page source contains the snippet (whitespace runs compare equal)', () => {
    expect(evaluateSourceCodeTarget(filters('show'), () => page).allowed).to.equal(true);
    expect(evaluateSourceCodeTarget(filters('show', '<form id="newsletter">'), () => page).allowed).to.equal(false);
  });

  it('dont_show: blocked when the page source contains the snippet', () => {
    const result = evaluateSourceCodeTarget(filters('dont_show'), () => page);
    expect(result).to.include({ allowed: false, rule: 'source_code_target' });
    expect(evaluateSourceCodeTarget(filters('dont_show', 'nowhere'), () => page).allowed).to.equal(true);
  });

  it('off: allowed without reading the page', () => {
    let read = false;
    expect(evaluateSourceCodeTarget(filters('show', 'x', 'no'), () => ((read = true), '')).allowed).to.equal(true);
    expect(read).to.equal(false);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDisplayResponse } from './parse.ts';

describe('the display response as the widget reads it', () => {
  it('reads the pop-ups the server left out with their blocking rules, dropping what names no pop-up, kind or rule', () => {
    const response = parseDisplayResponse({
      display: 'allowed',
      poptins: [],
      left_out: [
        {
          poptin_id: 'pricingonly01',
          poptin_name: 'Pricing offer',
          poptin_type: 'Lightbox',
          blocked_by: [
            { rule: 'page_targeting', reason: 'not the pricing page' },
            'unreadable',
            { reason: 'no rule named' },
          ],
        },
        { poptin_name: 'no id', poptin_type: 'bar', blocked_by: [] },
        { poptin_id: 'unknownkind01', poptin_type: 'carousel', blocked_by: [] },
        'not an entry',
      ],
    });
    assert.deepEqual(response.leftOut, [
      {
        id: 'pricingonly01',
        name: 'Pricing offer',
        type: 'lightbox',
        blockedBy: [{ allowed: false, rule: 'page_targeting', reason: 'not the pricing page' }],
      },
    ]);
  });

  it('reads no left-out pop-ups from an answer without the field or with another shape', () => {
    assert.deepEqual(parseDisplayResponse({ display: 'allowed', poptins: [] }).leftOut, []);
    assert.deepEqual(
      parseDisplayResponse({ display: 'allowed', poptins: [], left_out: { poptin_id: 'pricingonly01' } }).leftOut,
      [],
    );
  });
});

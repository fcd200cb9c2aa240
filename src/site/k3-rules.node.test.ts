import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  deviceFor,
  HEADER_MOBILE_BELOW,
  isAnchorId,
  popupSelectorTarget,
  sanitizeUrl,
  stepQuantity,
} from './k3-rules.ts';

describe('K3 site rules', () => {
  it('the URL sanitiser passes relative, hash and allowed protocols and turns anything else into # with its message', () => {
    const messages: string[] = [];
    const report = (message: string) => messages.push(message);
    for (const url of [
      '/ahli-k3-madya/',
      '#top',
      'page?x=1',
      'https://k3.example/',
      'mailto:a@b.c',
      'tel:+62812',
      'sms:1',
      'ftp://x',
    ]) {
      assert.equal(sanitizeUrl(url, report), url);
    }
    assert.equal(sanitizeUrl('javascript:alert(1)', report), '#');
    assert.equal(sanitizeUrl(' java\tscript:alert(1)', report), '#');
    assert.equal(sanitizeUrl('data:text/html,x', report), '#');
    assert.deepEqual(messages, [
      'Error sanitizing URL: Invalid protocol javascript',
      'Error sanitizing URL: Invalid protocol javascript',
      'Error sanitizing URL: Invalid protocol data',
    ]);
  });

  it('anchor ids start with a letter, then letters, digits, _ : . -', () => {
    assert.equal(isAnchorId('tab-1:a.b_c'), true);
    assert.equal(isAnchorId('1tab'), false);
    assert.equal(isAnchorId('tab 1'), false);
    assert.equal(isAnchorId(''), false);
  });

  it('popup-selector clicks only the lost- and reset-password forms, and only a plain name', () => {
    assert.equal(popupSelectorTarget('eael-lostpassword'), 'eael-lostpassword');
    assert.equal(popupSelectorTarget('eael-resetpassword'), 'eael-resetpassword');
    assert.equal(popupSelectorTarget('eael-login'), null);
    assert.equal(popupSelectorTarget('#x, img'), null);
    assert.equal(popupSelectorTarget(null), null);
  });

  it('quantity steppers respect min, max and step, default step 1', () => {
    assert.equal(stepQuantity(1, 1), 2);
    assert.equal(stepQuantity(0, -1), 0);
    assert.equal(stepQuantity(4, 1, { min: 2, max: 8, step: 2 }), 6);
    assert.equal(stepQuantity(8, 1, { min: 2, max: 8, step: 2 }), 8);
    assert.equal(stepQuantity(2, -1, { min: 2, max: 8, step: 2 }), 2);
    assert.equal(stepQuantity(5, 1, { min: 2, max: 8, step: 2 }), 6);
    assert.equal(stepQuantity(5, -1, { min: 2, max: 8, step: 2 }), 4);
    assert.equal(stepQuantity(0.2, 1, { step: 0.1 }), 0.3);
  });

  it('breakpoints: mobile 767, tablet 1024, tablet_extra 1200; header mobile below 921', () => {
    assert.equal(deviceFor(375), 'mobile');
    assert.equal(deviceFor(767), 'mobile');
    assert.equal(deviceFor(900), 'tablet');
    assert.equal(deviceFor(1200), 'tablet_extra');
    assert.equal(deviceFor(1280), 'desktop');
    assert.equal(HEADER_MOBILE_BELOW, 921);
  });
});

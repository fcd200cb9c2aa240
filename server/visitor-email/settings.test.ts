import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applySettings, settingsOf } from '../../src/console/editor/model/settings.ts';
import { validatePopupConfig } from '../owner/validate-popup.ts';
import { visitorEmailOf } from './settings.ts';

const CONFIG = { poptin_name: 'Welcome', poptin_type: 'lightbox' };

describe("the visitor's e-mail as the console's editor writes it", () => {
  it('is what the server takes and reads back, double opt-in and all', () => {
    const settings = settingsOf(CONFIG);
    const config = applySettings(CONFIG, {
      ...settings,
      visitorEmail: {
        ...settings.visitorEmail,
        enabled: true,
        subject: 'Your code, {{first_name|friend}}',
        body: 'Here it is: {{coupon_code}}',
        language: 'he',
        doubleOptIn: true,
        confirmUrl: ' https://shop.example/thanks ',
        confirmDays: 3,
      },
    });
    assert.deepEqual(validatePopupConfig(config), []);
    assert.deepEqual(visitorEmailOf(config), {
      enabled: true,
      subject: 'Your code, {{first_name|friend}}',
      body: 'Here it is: {{coupon_code}}',
      language: 'he',
      doubleOptIn: true,
      confirmUrl: 'https://shop.example/thanks',
      confirmDays: 3,
    });
    assert.deepEqual(settingsOf(config).visitorEmail.confirmUrl, 'https://shop.example/thanks');
  });

  it('leaves no trace in a pop-up that never sends one', () => {
    assert.equal('visitor_email' in applySettings(CONFIG, settingsOf(CONFIG)), false);
  });
});

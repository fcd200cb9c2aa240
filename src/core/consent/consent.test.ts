import { expect } from '@open-wc/testing';
import type { DisplayRequest } from '../api/contract.ts';
import { parsePopupConfig } from '../config/parse.ts';
import type { Decision } from '../decision/decide.ts';
import {
  anonymousDisplayRequest,
  combineConsent,
  consentModeOf,
  googleConsentAnswer,
  holdUntilConsent,
  needsHistory,
  tcfAnswer,
} from './consent.ts';
import { type ConsentWindow, watchPageConsent } from './page-consent.ts';

/** gtag() pushes its arguments object, not an array. */
function gtagEntry(..._args: unknown[]): IArguments {
  return arguments;
}

const popup = (fields: Record<string, unknown>) =>
  parsePopupConfig({
    poptin_id: 'consentpop001',
    poptin_type: 'lightbox',
    d_f_r: 'all@display_everytime_everypage',
    ...fields,
  });

describe('consent mode (docs/privacy.md)', () => {
  describe('the controller attribute', () => {
    it('reads required, granted and refused; anything else is consent mode off', () => {
      expect(consentModeOf('required')).to.equal('required');
      expect(consentModeOf(' Granted ')).to.equal('granted');
      expect(consentModeOf('refused')).to.equal('refused');
      expect(consentModeOf('')).to.equal(null);
      expect(consentModeOf(null)).to.equal(null);
    });
  });

  describe('IAB TCF v2.2 (purpose 1: storage)', () => {
    it('says yes once purpose 1 is consented, no once the choice is made without it', () => {
      expect(
        tcfAnswer({ gdprApplies: true, eventStatus: 'useractioncomplete', purpose: { consents: { '1': true } } }),
      ).to.equal('yes');
      expect(tcfAnswer({ gdprApplies: true, eventStatus: 'tcloaded', purpose: { consents: { '1': true } } })).to.equal(
        'yes',
      );
      expect(
        tcfAnswer({
          gdprApplies: true,
          eventStatus: 'useractioncomplete',
          purpose: { consents: { '1': false, '2': true } },
        }),
      ).to.equal('no');
      expect(tcfAnswer({ gdprApplies: true, eventStatus: 'tcloaded', purpose: { consents: {} } })).to.equal('no');
    });

    it('waits while the banner is up, and does not wait where the GDPR does not apply', () => {
      expect(
        tcfAnswer({ gdprApplies: true, eventStatus: 'cmpuishown', purpose: { consents: { '1': true } } }),
      ).to.equal('undecided');
      expect(tcfAnswer(null)).to.equal('undecided');
      expect(tcfAnswer({ gdprApplies: false, eventStatus: 'tcloaded' })).to.equal('yes');
    });
  });

  describe('Google consent mode (dataLayer)', () => {
    it('a denied default waits, a granted update says yes, a denied update says no', () => {
      const layer: unknown[] = [gtagEntry('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied' })];
      expect(googleConsentAnswer(layer)).to.equal('undecided');
      layer.push(gtagEntry('consent', 'update', { analytics_storage: 'granted' }));
      expect(googleConsentAnswer(layer)).to.equal('yes');
      layer.push(gtagEntry('consent', 'update', { analytics_storage: 'denied' }));
      expect(googleConsentAnswer(layer)).to.equal('no');
    });

    it('reads ad_storage when the page sets no analytics_storage, and ignores other entries', () => {
      expect(
        googleConsentAnswer([
          { event: 'gtm.js' },
          gtagEntry('config', 'G-1'),
          gtagEntry('consent', 'default', { ad_storage: 'granted' }),
        ]),
      ).to.equal('yes');
      expect(
        googleConsentAnswer([gtagEntry('consent', 'update', { analytics_storage: 'granted', ad_storage: 'denied' })]),
      ).to.equal('yes');
      expect(googleConsentAnswer(undefined)).to.equal('undecided');
      expect(googleConsentAnswer([['consent', 'default', { analytics_storage: 'granted' }]])).to.equal(
        'yes',
        'an array pushed by hand reads the same',
      );
    });
  });

  describe('one answer from every source', () => {
    it("the owner's call decides alone; otherwise a no anywhere is a no, and a yes anywhere a yes", () => {
      expect(combineConsent('granted', ['no'])).to.equal('yes');
      expect(combineConsent('refused', ['yes'])).to.equal('no');
      expect(combineConsent('required', ['yes', 'no'])).to.equal('no');
      expect(combineConsent('required', ['undecided', 'yes'])).to.equal('yes');
      expect(combineConsent('required', ['undecided'])).to.equal('undecided');
    });
  });

  describe('pop-ups before consent', () => {
    it('a pop-up shown on every page view with no cap needs no history', () => {
      expect(needsHistory(popup({}))).to.equal(false);
      expect(needsHistory(popup({ display_after_sec_active: 5, display_after_sec_active_on: 'page' }))).to.equal(false);
    });

    it('frequency caps, audiences, converted users, engagement, page visits and time on the website need history', () => {
      expect(needsHistory(popup({ d_f_r: 'all@display_once_per_session' }))).to.equal(true);
      expect(needsHistory(popup({ d_f_r: '' }))).to.equal(true, 'no rule is once per session');
      expect(needsHistory(popup({ d_f_r: 'all@display_everytime_everypage_5' }))).to.equal(true);
      expect(needsHistory(popup({ d_f_r: 'new@display_everytime_everypage' }))).to.equal(true);
      expect(needsHistory(popup({ d_f_a: 'all@display_once_a_day' }))).to.equal(true);
      expect(needsHistory(popup({ stop_showing_to_converted_users: 1 }))).to.equal(true);
      expect(needsHistory(popup({ engagement_with_other_poptin_filter: 'seen_poptin@abcdefghijklm' }))).to.equal(true);
      expect(needsHistory(popup({ display_after_visit_page_active: 2 }))).to.equal(true);
      expect(needsHistory(popup({ display_after_sec_active: 5, display_after_sec_active_on: 'website' }))).to.equal(
        true,
      );
    });

    it('holds a pop-up that needs history with a consent rule the inspector shows, only before consent', () => {
      const config = popup({ d_f_r: 'all@display_once_per_session' });
      const allowed: Decision = {
        id: config.id,
        allowed: true,
        variant: 'desktop' as Decision['variant'],
        rules: [],
        blockedBy: [],
        retryAt: null,
        triggers: [],
        decidedAt: 0,
      };
      const held = holdUntilConsent(allowed, config, true);
      expect(held.allowed).to.equal(false);
      expect(held.blockedBy.map((rule) => rule.rule)).to.deep.equal(['consent']);
      expect(holdUntilConsent(allowed, config, false)).to.equal(allowed);
      expect(holdUntilConsent(allowed, popup({}), true)).to.equal(allowed);
    });
  });

  describe('the anonymous display call', () => {
    it('names no visitor and carries no cookie and no history, and keeps the page', () => {
      const request: DisplayRequest = {
        domain: 'shop.example',
        referrer: 'https://search.example/',
        previous_url: 'https://shop.example/a',
        cookies: { poptin_visitor_id: 'v1' },
        if_mobile: false,
        page_title: 'B',
        origin_landing_page: 'https://shop.example/a',
        if_page_refreshed: true,
        poptin_viewed_url: 'https://shop.example/b',
        previous_visited_pages: 'https://shop.example/a',
        all_visited_pages: 'https://shop.example/a@11-25-2026',
        visitor_id: 'v1',
        converted_email: 'a@b.example',
        lang: 'en',
      };
      const anonymous = anonymousDisplayRequest(request);
      expect(anonymous).to.not.have.property('visitor_id');
      expect(anonymous).to.deep.include({
        cookies: {},
        previous_url: '',
        previous_visited_pages: '',
        all_visited_pages: '',
        converted_email: '',
        if_page_refreshed: false,
      });
      expect(anonymous).to.deep.include({
        domain: 'shop.example',
        poptin_viewed_url: 'https://shop.example/b',
        origin_landing_page: 'https://shop.example/b',
        referrer: 'https://search.example/',
        lang: 'en',
      });
    });
  });

  describe('watching the page for an answer', () => {
    function fakeWindow(extra: Partial<ConsentWindow> = {}): ConsentWindow & { tick(): void } {
      const callbacks = new Map<number, () => void>();
      let next = 1;
      return {
        setInterval: (callback: () => void) => (callbacks.set(next, callback), next++),
        clearInterval: (handle: number) => void callbacks.delete(handle),
        tick: () => [...callbacks.values()].forEach((callback) => callback()),
        ...extra,
      };
    }
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('poptin.consent(true) (the attribute it sets) gives consent at once', async () => {
      const host = document.createElement('div');
      host.setAttribute('consent', 'required');
      const answers: boolean[] = [];
      const consent = watchPageConsent(host, fakeWindow(), (given) => answers.push(given));
      expect(consent.answer).to.equal('undecided');
      host.setAttribute('consent', 'granted');
      await settle();
      expect(answers).to.deep.equal([true]);
      expect(consent.answer).to.equal('yes');
    });

    it("listens to a CMP's TCF events: a refusal, then a change of mind", async () => {
      let listener: ((data: unknown, success: boolean) => void) | null = null;
      const win = fakeWindow({
        __tcfapi: (command, version, callback) =>
          command === 'addEventListener' && version === 2 && (listener = callback as typeof listener),
      });
      const host = document.createElement('div');
      const answers: boolean[] = [];
      watchPageConsent(host, win, (given) => answers.push(given));
      listener!({ gdprApplies: true, eventStatus: 'cmpuishown' }, true);
      listener!({ gdprApplies: true, eventStatus: 'useractioncomplete', purpose: { consents: {} } }, true);
      await settle();
      expect(answers).to.deep.equal([false]);
      listener!({ gdprApplies: true, eventStatus: 'useractioncomplete', purpose: { consents: { '1': true } } }, true);
      await settle();
      expect(answers).to.deep.equal([false, true]);
    });

    it('reads Google consent mode again every second, and a CMP that arrives late', async () => {
      const dataLayer: unknown[] = [gtagEntry('consent', 'default', { analytics_storage: 'denied' })];
      const win = fakeWindow({ dataLayer });
      const answers: boolean[] = [];
      const consent = watchPageConsent(document.createElement('div'), win, (given) => answers.push(given));
      win.tick();
      expect(consent.answer).to.equal('undecided');
      dataLayer.push(gtagEntry('consent', 'update', { analytics_storage: 'granted' }));
      win.tick();
      await settle();
      expect(answers).to.deep.equal([true]);

      const late = fakeWindow();
      const lateAnswers: boolean[] = [];
      watchPageConsent(document.createElement('div'), late, (given) => lateAnswers.push(given));
      late.__tcfapi = (_command, _version, callback) =>
        callback({ gdprApplies: true, eventStatus: 'tcloaded', purpose: { consents: { '1': true } } }, true);
      late.tick();
      await settle();
      expect(lateAnswers).to.deep.equal([true]);
    });

    it("a store platform's answer counts, and a stopped watcher says nothing more", async () => {
      const answers: boolean[] = [];
      const consent = watchPageConsent(document.createElement('div'), fakeWindow(), (given) => answers.push(given));
      consent.setStoreAnswer('no');
      await settle();
      expect(answers).to.deep.equal([false]);
      consent.stop();
      consent.setStoreAnswer('yes');
      await settle();
      expect(answers).to.deep.equal([false]);
    });
  });
});

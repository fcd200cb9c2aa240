import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import type { StorageSet } from './browser-storage.ts';
import { LIFETIME_MS } from './lifetimes.ts';
import { createMemoryStorageSet } from './memory-storage.ts';
import { createPageVisitor, startVisitorKeepAlive, type VisitorOptions } from './page-visitor.ts';
import { STATE_KEY, VISITOR_COOKIE } from './record.ts';
import { parseVisitorState } from './state.ts';
import { blockedStorageWindow } from './test-support/storage.ts';
import { visitFactsOf } from './visit-facts.ts';
import { createVisitor, withHistory } from './visitor.ts';
import { createStorageSet } from './web-storage.ts';

const ID = 'a1b2c3d4e5f6g';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('visitor state (widget §3, §9)', () => {
  let now: number;
  let stores: StorageSet;
  const clock = () => now;
  /** A new page load in the same browser: a new visitor object over the same stores. */
  const load = (referrer = '', options: Partial<VisitorOptions> = {}) =>
    createVisitor({ stores, now: clock, document: { cookie: '', referrer } as Document, ...options });

  const state = () => parseVisitorState(stores.local.get(STATE_KEY));

  beforeEach(() => {
    now = new Date(2025, 2, 4, 12).getTime();
    stores = createMemoryStorageSet(clock);
  });

  describe('page views and the display request fields', () => {
    it('records previous url and previous/all visited pages, pipe-separated and with MM-DD-YYYY stamps', () => {
      const first = load().recordPageView('https://s.example/');
      expect(first).to.include({
        previous_url: '',
        previous_visited_pages: '',
        previous_visited_pages_with_current: 'https://s.example/',
        origin_landing_page: 'https://s.example/',
      });
      now += 10_000;
      const second = load('https://s.example/').recordPageView('https://s.example/pricing');
      expect(second).to.include({
        previous_url: 'https://s.example/',
        previous_visited_pages: 'https://s.example/',
        previous_visited_pages_with_current: 'https://s.example/|https://s.example/pricing',
        previous_visited_pages_with_timestamps: 'https://s.example/@03-04-2025',
        all_visited_pages: 'https://s.example/@03-04-2025|https://s.example/pricing@03-04-2025',
        origin_landing_page: 'https://s.example/',
        if_page_refreshed: false,
      });
      now += 10_000;
      expect(load().recordPageView('https://s.example/pricing').if_page_refreshed).to.equal(true);
    });

    it("keeps where the visit came from and its campaign for the visit's later pages, after the referrer is gone", () => {
      const visit = (referrer: string, url: string) => {
        const visitor = load(referrer);
        const fields = visitor.recordPageView(url);
        return { fields, facts: visitFactsOf(visitor, fields) };
      };
      const landing = visit(
        'https://www.google.com/search?q=x',
        'https://s.example/shoes?utm_source=google&utm_campaign=Spring%20sale&gclid=abc&color=red',
      );
      expect(landing.facts).to.deep.equal({
        referrerHost: 'www.google.com',
        campaign: 'utm_source=google&utm_campaign=Spring+sale&gclid=abc',
        landing: true,
        returning: false,
      });
      now += 10 * MINUTE;
      const later = visit('https://s.example/shoes', 'https://s.example/cart');
      expect(later.fields.referrer).to.equal('', 'the referrer field itself lasts about 2 minutes');
      expect(later.facts).to.deep.include({
        referrerHost: 'www.google.com',
        campaign: 'utm_source=google&utm_campaign=Spring+sale&gclid=abc',
        landing: false,
      });
      now += 2 * 60 * MINUTE;
      expect(visit('', 'https://s.example/').facts).to.deep.equal({
        referrerHost: '',
        campaign: '',
        landing: true,
        returning: true,
      });
    });

    it("keeps the external referrer and its protocol across the visit's pages", () => {
      expect(load('https://www.google.com/search?q=x').recordPageView('https://s.example/')).to.include({
        referrer: 'https://www.google.com/search?q=x',
        referrer_protocol: 'https:',
      });
      now += 30_000;
      expect(load('https://s.example/').recordPageView('https://s.example/b').referrer).to.equal(
        'https://www.google.com/search?q=x',
      );
    });

    it('referrer and previous url last about 2 minutes (0.00139 days) without a refresh', () => {
      load('https://www.google.com/').recordPageView('https://s.example/');
      now += LIFETIME_MS.referrer + 1;
      const later = load('').recordPageView('https://s.example/b');
      expect(later.referrer).to.equal('');
      expect(later.previous_url).to.equal('');
    });

    it('referrer and previous url are refreshed every 60 s while the page stays open', () => {
      const visitor = load('https://www.google.com/');
      visitor.recordPageView('https://s.example/');
      for (let elapsed = 0; elapsed < 5 * MINUTE; elapsed += 20_000) {
        now += 20_000;
        visitor.keepAlive();
      }
      const next = load('').recordPageView('https://s.example/b');
      expect(next.referrer).to.equal('https://www.google.com/');
      expect(next.previous_url).to.equal('https://s.example/');
    });

    it('returns the last converted email kept in local storage', () => {
      load().recordConversion(ID, 'lightbox', 'ada@example.com');
      expect(state().convertedEmail).to.equal('ada@example.com');
      expect(load().recordPageView('https://s.example/').converted_email).to.equal('ada@example.com');
    });
  });

  describe('time on website (time-on-site session cookie: 60 s lifetime, refreshed every 20 s when under 60 s remain)', () => {
    it('survives page loads', () => {
      load();
      now += 45_000;
      expect(load().timeOnSiteMs()).to.equal(45_000);
    });

    it('a gap of more than 60 s starts a new visit', () => {
      load();
      now += LIFETIME_MS.timeOnSite + 1;
      expect(load().timeOnSiteMs()).to.equal(0);
    });

    it('keepAlive every 20 s keeps it alive while the page is open', () => {
      const visitor = load();
      for (let i = 0; i < 9; i++) {
        now += 20_000;
        visitor.keepAlive();
      }
      now += 59_000;
      expect(load().timeOnSiteMs()).to.equal(180_000 + 59_000);
    });

    it('startVisitorKeepAlive calls keepAlive every 20 s until stopped', () => {
      const timers = sinon.useFakeTimers();
      try {
        const keepAlive = sinon.spy();
        const stop = startVisitorKeepAlive({ keepAlive }, window);
        timers.tick(60_000);
        stop();
        timers.tick(60_000);
        expect(keepAlive.callCount).to.equal(3);
      } finally {
        timers.restore();
      }
    });
  });

  describe('new and returning visitors (session about 30 minutes, old-user 2 days)', () => {
    it('a first visit is new; pages of the same session stay new', () => {
      expect(load().returning).to.equal(false);
      now += 10 * MINUTE;
      expect(load().returning).to.equal(false);
    });

    it('a new session within 2 days is returning', () => {
      load();
      now += 31 * MINUTE;
      expect(load().returning).to.equal(true);
    });

    it('the old-user cookie lapses 2 days after the last refresh; keepAlive refreshes it every minute', () => {
      const visitor = load();
      now += 1.5 * DAY;
      visitor.keepAlive();
      now += 1.5 * DAY;
      expect(load().returning).to.equal(true);
      now += 2 * DAY + 1;
      expect(load().returning).to.equal(false);
    });

    it('remembers the client id and stored IP and country code', () => {
      const visitor = load();
      visitor.rememberSite({ clientId: 'abc123', ip: '203.0.113.9', countryCode: 'IL' });
      visitor.rememberSessionAccount('cust-7');
      now += 364 * DAY;
      expect(load().storedClientId()).to.equal('abc123');
      expect(load().storedLocation()).to.deep.equal({ ip: '203.0.113.9', countryCode: 'IL' });
      now += 2 * DAY;
      expect(load().storedClientId()).to.equal('');
      expect(load().storedSessionAccount()).to.equal('');
    });

    it('writes the client id, IP and country code when they change, together, not again on each page view', () => {
      load().rememberSite({ clientId: 'abc123' });
      const visitor = load();
      const set = sinon.spy(stores.cookies, 'set');
      visitor.rememberSite({ clientId: 'abc123', ip: '203.0.113.9', countryCode: 'IL' });
      visitor.rememberSite({ clientId: 'abc123', ip: '203.0.113.9', countryCode: 'IL' });
      // The IP and the country code, written once, together, into the one cookie.
      expect(set.args.map(([key]) => key)).to.deep.equal([VISITOR_COOKIE]);
      visitor.rememberSite({ clientId: 'other-client', ip: '203.0.113.9', countryCode: 'IL' });
      expect(set.callCount).to.equal(2);
      expect(set.lastCall.args[2]).to.equal(LIFETIME_MS.clientId, 'the cookie lives as long as its longest field');
      expect(load().storedClientId()).to.equal('other-client');
    });

    it('keeps one visitor id for 30 days', () => {
      const id = load().visitorId;
      now += 29 * DAY;
      expect(load().visitorId).to.equal(id);
    });
  });

  describe('per-pop-up state (keys prefixed by poptin id)', () => {
    it("counts page visits of this session in the history's storage; a reload does not count", () => {
      const visitor = load();
      expect(visitor.countPageVisit(ID, 'https://s.example/a')).to.equal(1);
      expect(visitor.countPageVisit(ID, 'https://s.example/a')).to.equal(1);
      expect(visitor.countPageVisit(ID, 'https://s.example/b')).to.equal(2);
      expect(state().session?.popups[ID]).to.deep.equal({ visits: 2, lastUrl: 'https://s.example/b' });
      now += 31 * MINUTE;
      expect(load().pageVisitCount(ID), 'a new session counts afresh').to.equal(0);
    });

    it("the disabled flag is kept for this session in the history's storage", () => {
      const visitor = load();
      expect(visitor.pageVisitTriggerDisabled(ID)).to.equal(false);
      visitor.disablePageVisitTrigger(ID);
      expect(state().session?.popups[ID]).to.deep.equal({ disabled: true });
      expect(load().pageVisitTriggerDisabled(ID)).to.equal(true);
    });

    it('a view sets the display-once flag (about 30 minutes) and the viewed-today cookie (1 day)', () => {
      const visitor = load();
      const viewedAt = now;
      visitor.recordView(ID, 'lightbox');
      expect(visitor.frequencyHistory(ID)).to.deep.equal({
        views: 1,
        lastViewAt: viewedAt,
        lastClosedAt: null,
        onceFlagUntil: viewedAt + 30 * MINUTE,
        viewedTodayUntil: viewedAt + DAY,
        closedThisSession: false,
        returningVisitor: false,
      });
    });

    it('display-once flags are refreshed every 60 s while the page is open', () => {
      const visitor = load();
      visitor.recordView(ID, 'lightbox');
      now += 20 * MINUTE;
      visitor.keepAlive();
      expect(visitor.frequencyHistory(ID).onceFlagUntil).to.equal(now + 30 * MINUTE);
      now += 31 * MINUTE;
      expect(load().frequencyHistory(ID).onceFlagUntil).to.equal(null);
    });

    it('closing and converting are recorded for frequency, conversion (365 days) and engagement', () => {
      const visitor = load();
      visitor.recordView(ID, 'lightbox');
      now += 1000;
      visitor.recordClose(ID, 'lightbox');
      now += 1000;
      visitor.recordConversion(ID, 'lightbox');
      expect(visitor.frequencyHistory(ID)).to.include({ lastClosedAt: now - 1000, closedThisSession: true });
      expect(visitor.convertedAt(ID)).to.equal(now);
      expect(visitor.engagement().map((record) => record.event)).to.deep.equal(['seen', 'closed', 'converted']);
      expect(visitor.engagement()[0]).to.include({ id: ID, kind: 'lightbox' });
      now += 364 * DAY;
      expect(load().convertedAt(ID)).to.not.equal(null);
    });
  });

  describe("the loader's page visitor, with the history the session adds", () => {
    it('keeps one visitor: its identity, its page view and its refreshes, and the history in the same stores', () => {
      const pageVisitor = createPageVisitor({ stores, now: clock, document: { cookie: '', referrer: '' } as Document });
      const fields = pageVisitor.recordPageView('https://s.example/');
      const visitor = withHistory(pageVisitor, clock);
      expect(visitor.visitorId).to.equal(pageVisitor.visitorId);
      expect(visitor.stores.local).to.equal(stores.local);
      // The page view the loader recorded is the session's: it counts once.
      expect(load().recordPageView('https://s.example/next').previous_visited_pages).to.equal(
        fields.previous_visited_pages_with_current,
      );
      visitor.recordView(ID, 'lightbox');
      now += 20 * MINUTE;
      visitor.keepAlive();
      expect(visitor.frequencyHistory(ID)).to.include({ views: 1, onceFlagUntil: now + 30 * MINUTE });
      expect(load().frequencyHistory(ID).views).to.equal(1);
    });
  });

  describe('storage that throws never breaks anything', () => {
    it('falls back to memory, logs "No Web Storage support" once, and cannot count visits', () => {
      const log = sinon.spy();
      const blocked = Object.assign(blockedStorageWindow(), {
        location: { href: 'https://s.example/', protocol: 'https:' },
      });
      const throwingCookies = {
        get cookie(): string {
          throw new DOMException('denied', 'SecurityError');
        },
        set cookie(_value: string) {
          throw new DOMException('denied', 'SecurityError');
        },
        referrer: '',
      };
      const visitor = createVisitor({ window: blocked, document: throwingCookies as unknown as Document, log });
      const fields = visitor.recordPageView();
      visitor.recordView(ID, 'bar');
      visitor.keepAlive();
      expect(fields.previous_visited_pages_with_current).to.equal('https://s.example/');
      expect(visitor.canCountVisits()).to.equal(false);
      expect(visitor.cookies()).to.deep.equal({});
      expect(log.callCount).to.equal(1);
      expect(log.firstCall.args[0]).to.equal('No Web Storage support');
    });

    it('uses real localStorage, sessionStorage and cookies by default', () => {
      const visitor = createVisitor({ window, document, log: () => {} });
      try {
        visitor.recordView('zzzzzzzzzzzz1', 'bar');
        expect(parseVisitorState(localStorage.getItem(STATE_KEY)).popups.zzzzzzzzzzzz1?.views).to.equal(1);
        expect(visitor.cookies()[VISITOR_COOKIE]).to.contain('f>');
        expect(visitor.canCountVisits()).to.equal(true);
      } finally {
        localStorage.removeItem(STATE_KEY);
        const set = createStorageSet({ document, window });
        for (const key of set.cookies.keys()) if (key.startsWith('poptin_')) set.cookies.remove(key);
      }
    });
  });
});

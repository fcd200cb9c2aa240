import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { NO_STORAGE_MESSAGE } from './browser-storage.ts';
import { parseCookieString, serializeCookie } from './cookies.ts';
import { LIFETIME_MS } from './lifetimes.ts';
import { createMemoryStorageSet, createPageOnlyStorageSet } from './memory-storage.ts';
import { blockedStorageWindow, countingCookieDocument } from './test-support/storage.ts';
import { createVisitor } from './visitor.ts';
import { createStorageSet } from './web-storage.ts';

const DAY = 86_400_000;

function fakeStorage(failOn: 'get' | 'set' | 'never' = 'never'): Storage {
  const values = new Map<string, string>();
  const quota = () => {
    throw new DOMException('quota', 'QuotaExceededError');
  };
  return {
    get length() {
      return values.size;
    },
    key: (index: number) => [...values.keys()][index] ?? null,
    getItem: (key: string) => (failOn === 'get' ? quota() : (values.get(key) ?? null)),
    setItem: (key: string, value: string) =>
      failOn === 'set' && !key.startsWith('__poptin') ? quota() : void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    clear: () => values.clear(),
  };
}

describe('visitor storage layer', () => {
  it("reads document.cookie once per task, sees its own writes at once and other scripts' writes in the next task", async () => {
    const { document, reads, jar } = countingCookieDocument();
    const { cookies } = createStorageSet({ document });
    cookies.set('a', '1');
    expect(reads()).to.equal(1, 'the first write is read back, to know that the browser keeps cookies here');
    for (let i = 0; i < 20; i++) cookies.get('a');
    expect(reads()).to.equal(1, 'twenty reads in the same task, no further round trip');
    cookies.set('b', 'two words', 60_000);
    expect(cookies.get('b')).to.equal('two words');
    cookies.remove('a');
    expect(cookies.get('a')).to.equal(null);
    jar.set('c', 'from-the-page');
    await Promise.resolve();
    expect(cookies.get('c')).to.equal('from-the-page');
    expect(cookies.get('b')).to.equal('two words');
    expect(reads()).to.equal(2);
    expect(cookies.persistent).to.equal(true);
  });

  it('sends a write that repeats one of the same task once, and again in a later task', async () => {
    const { document, writes } = countingCookieDocument();
    const { cookies } = createStorageSet({ document });
    cookies.set('session', 'abc:0', 1_800_000);
    cookies.set('session', 'abc:0', 1_800_000);
    expect(writes()).to.equal(1);
    cookies.set('session', 'abc:1', 1_800_000);
    expect(writes()).to.equal(2, 'a changed value is sent');
    cookies.remove('session');
    cookies.set('session', 'abc:1', 1_800_000);
    expect(writes()).to.equal(4, 'written again after its removal');
    await Promise.resolve();
    cookies.set('session', 'abc:1', 1_800_000);
    expect(writes()).to.equal(5, 'the next task refreshes its lifetime');
  });

  it('a cookie the jar already holds proves that cookies work: writing it again is not read back', () => {
    const { document, reads, writes, jar } = countingCookieDocument();
    jar.set('session', 'abc%3A0');
    const { cookies } = createStorageSet({ document });
    expect(cookies.get('session')).to.equal('abc:0');
    cookies.set('session', 'abc:0', 1_800_000);
    cookies.set('visitor', 'v1', 60_000);
    expect(reads()).to.equal(1, 'the read that found the cookie is the only one');
    expect(writes()).to.equal(2);
    expect(jar.get('visitor')).to.equal('v1');
    expect(cookies.persistent).to.equal(true);
  });

  it('while a hold lasts, the cookies read once serve later tasks and a repeated write is not sent; then the jar is read afresh', async () => {
    const { document, reads, writes, jar } = countingCookieDocument();
    const stores = createStorageSet({ document });
    const { cookies } = stores;
    cookies.set('session', 'abc:0', 1_800_000);
    const release = stores.holdCookieReads();
    jar.set('page', 'set-by-the-page');
    await new Promise((resolve) => setTimeout(resolve));
    expect(cookies.get('session')).to.equal('abc:0');
    cookies.set('session', 'abc:0', 1_800_000);
    cookies.set('previous', 'https://s.example/', 120_000);
    await new Promise((resolve) => setTimeout(resolve));
    expect(cookies.keys()).to.deep.equal(
      ['session', 'previous'],
      "the jar as read when the hold began, with this store's writes",
    );
    expect(reads()).to.equal(1, "one read (the first write's) for three tasks");
    expect(writes()).to.equal(2, 'the session cookie once');
    release();
    release();
    expect(cookies.get('page')).to.equal('set-by-the-page', 'released: the next read goes to the jar');
    expect(reads()).to.equal(2);
    cookies.set('session', 'abc:0', 1_800_000);
    await Promise.resolve();
    cookies.set('session', 'abc:0', 1_800_000);
    expect(writes()).to.equal(4, 'without a hold, each task refreshes it again');
  });

  it('a same-named cookie of another path does not pass for cookies being disabled', () => {
    const log = sinon.spy();
    const { document, jar } = countingCookieDocument('visitor=written-under-shop');
    const { cookies } = createStorageSet({ document, log });
    cookies.set('visitor', 'ours', 60_000);
    expect(jar.get('visitor')).to.equal('ours');
    expect(cookies.persistent).to.equal(true);
    expect(log.callCount).to.equal(0);
  });

  it('cookie lifetimes of widget §9', () => {
    expect(LIFETIME_MS.clientId).to.equal(365 * DAY);
    expect(LIFETIME_MS.storedIp).to.equal(365 * DAY);
    expect(LIFETIME_MS.countryCode).to.equal(365 * DAY);
    expect(LIFETIME_MS.conversion).to.equal(365 * DAY);
    expect(LIFETIME_MS.visitor).to.equal(30 * DAY);
    expect(LIFETIME_MS.sessionAccount).to.equal(30 * DAY);
    expect(LIFETIME_MS.viewedToday).to.equal(DAY);
    expect(LIFETIME_MS.session).to.equal(30 * 60_000);
    expect(LIFETIME_MS.oldUser).to.equal(2 * DAY);
    expect(LIFETIME_MS.referrer).to.equal(Math.round(0.00139 * DAY));
    expect(LIFETIME_MS.previousUrl).to.be.within(119_000, 121_000);
    expect(LIFETIME_MS.displayOnceFlag).to.equal(30 * 60_000);
    expect(LIFETIME_MS.timeOnSite).to.equal(60_000);
  });

  it('web storage values expire by the injected clock', () => {
    let now = 1_000;
    const stores = createStorageSet({
      window: { localStorage: fakeStorage(), sessionStorage: fakeStorage() },
      now: () => now,
    });
    stores.local.set('k', 'v', 5_000);
    stores.session.set('plain', 'p');
    now += 4_999;
    expect(stores.local.get('k')).to.equal('v');
    now += 1;
    expect(stores.local.get('k')).to.equal(null);
    expect(stores.session.get('plain')).to.equal('p');
    expect(stores.local.persistent).to.equal(true);
  });

  it('blocked storage (SecurityError) falls back to memory and logs "No Web Storage support" once', () => {
    const log = sinon.spy();
    const blocked = blockedStorageWindow();
    const stores = createStorageSet({ window: blocked, document: null, log });
    stores.local.set('a', '1');
    stores.session.set('b', '2');
    stores.cookies.set('c', '3');
    expect([stores.local.get('a'), stores.session.get('b'), stores.cookies.get('c')]).to.deep.equal(['1', '2', '3']);
    expect([stores.local.persistent, stores.session.persistent, stores.cookies.persistent]).to.deep.equal([
      false,
      false,
      false,
    ]);
    expect(log.callCount).to.equal(1);
    expect(log.firstCall.args[0]).to.equal(NO_STORAGE_MESSAGE);
    expect(NO_STORAGE_MESSAGE).to.equal('No Web Storage support');
  });

  it('a full quota on write never throws: the value lives in memory', () => {
    const log = sinon.spy();
    const stores = createStorageSet({
      window: { localStorage: fakeStorage('set'), sessionStorage: fakeStorage() },
      log,
    });
    expect(() => stores.local.set('big', 'x')).to.not.throw();
    expect(stores.local.get('big')).to.equal('x');
    expect(stores.local.persistent).to.equal(false);
    expect(stores.session.persistent).to.equal(true);
    expect(log.calledOnceWith(NO_STORAGE_MESSAGE)).to.equal(true);
  });

  it("opening Web Storage writes nothing of its own: the page view's first write shows that it keeps values", () => {
    const writes: string[] = [];
    const local = fakeStorage();
    const setItem = local.setItem.bind(local);
    local.setItem = (key: string, value: string) => {
      writes.push(key);
      setItem(key, value);
    };
    const stores = createStorageSet({ window: { localStorage: local, sessionStorage: fakeStorage() } });
    expect(stores.local.get('pages')).to.equal(null);
    stores.local.set('pages', '/a');
    expect(stores.local.persistent).to.equal(true);
    expect(writes).to.deep.equal(['pages']);
  });

  it('asked before anything was written, a store whose every write fails is not persistent, and says so once', () => {
    const log = sinon.spy();
    const refusing = fakeStorage();
    refusing.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    const stores = createStorageSet({ window: { localStorage: fakeStorage(), sessionStorage: refusing }, log });
    expect(stores.session.persistent).to.equal(false);
    expect(stores.local.persistent).to.equal(true);
    stores.session.set('k', 'v');
    expect(stores.session.get('k')).to.equal('v', 'kept in memory');
    expect(log.calledOnceWith(NO_STORAGE_MESSAGE)).to.equal(true);
  });

  it('cookies are written with max-age, path=/ and SameSite=Lax (Secure on https)', () => {
    expect(serializeCookie('poptin_once_x', '1', { maxAgeMs: LIFETIME_MS.displayOnceFlag, secure: true })).to.equal(
      'poptin_once_x=1; path=/; SameSite=Lax; max-age=1800; Secure',
    );
    expect(serializeCookie('a b', 'c;d')).to.equal('a%20b=c%3Bd; path=/; SameSite=Lax');
  });

  it('writes, reads and removes real cookies', () => {
    const stores = createStorageSet({ document, window: null, log: () => {} });
    try {
      stores.cookies.set('poptin_test_cookie', 'a b|c', 60_000);
      expect(parseCookieString(document.cookie).poptin_test_cookie).to.equal('a b|c');
      expect(stores.cookies.get('poptin_test_cookie')).to.equal('a b|c');
      expect(stores.cookies.keys()).to.include('poptin_test_cookie');
      expect(stores.cookies.persistent).to.equal(true);
    } finally {
      stores.cookies.remove('poptin_test_cookie');
    }
    expect(stores.cookies.get('poptin_test_cookie')).to.equal(null);
  });

  it('disabled cookies fall back to memory', () => {
    const log = sinon.spy();
    const deaf = {
      get cookie() {
        return '';
      },
      set cookie(_value: string) {},
    };
    const stores = createStorageSet({ document: deaf, window: null, log });
    stores.cookies.set('x', '1');
    expect(stores.cookies.get('x')).to.equal('1');
    expect(stores.cookies.persistent).to.equal(false);
    expect(log.callCount).to.equal(1);
  });

  it('memory stores honour expiry too', () => {
    let now = 0;
    const stores = createMemoryStorageSet(() => now);
    stores.cookies.set('k', 'v', 10);
    now = 10;
    expect(stores.cookies.get('k')).to.equal(null);
  });

  it('parseCookieString decodes values and keeps the first of a name', () => {
    expect(parseCookieString('a=1; b=x%20y; a=2; broken=%E0%A4%A')).to.deep.equal({
      a: '1',
      b: 'x y',
      broken: '%E0%A4%A',
    });
  });

  describe('consent mode before consent (page-only stores)', () => {
    it('keeps a whole page view in memory: no cookie or Web Storage is read or written, nothing is logged', () => {
      const { document, reads, writes } = countingCookieDocument();
      const touched: string[] = [];
      const win = {
        get localStorage(): Storage {
          touched.push('localStorage');
          return localStorage;
        },
        get sessionStorage(): Storage {
          touched.push('sessionStorage');
          return sessionStorage;
        },
      };
      const log = sinon.spy();
      const stores = createPageOnlyStorageSet();
      const visitor = createVisitor({
        window: win,
        document: {
          get cookie() {
            return document.cookie;
          },
          set cookie(value: string) {
            document.cookie = value;
          },
          referrer: '',
        },
        stores,
        log,
      });
      const fields = visitor.recordPageView('https://shop.example/a');
      visitor.recordView('pageonly00001', 'lightbox');
      visitor.recordConversion('pageonly00001', 'lightbox', 'a@b.example');
      expect(reads()).to.equal(0);
      expect(writes()).to.equal(0);
      expect(touched).to.deep.equal([]);
      expect(log.called).to.equal(false);
      expect(fields.previous_visited_pages_with_current).to.equal('https://shop.example/a');
      expect(visitor.frequencyHistory('pageonly00001').views).to.equal(1, 'the page remembers what it did');
      expect(visitor.convertedEmail()).to.equal('a@b.example');
      expect(visitor.canCountVisits()).to.equal(false, 'a count would never pass this page');
      expect(visitor.cookies()).to.deep.equal({});
    });
  });
});

import { expect, waitUntil } from '@open-wc/testing';
import { encodeCookieValue } from './cookies.ts';
import { LIFETIME_MS } from './lifetimes.ts';
import { createPageOnlyStorageSet } from './memory-storage.ts';
import { createPageVisitor } from './page-visitor.ts';
import {
  MAX_STORED_VALUE,
  parseVisitorRecord,
  STATE_KEY,
  serializeVisitorRecord,
  setField,
  VISITOR_COOKIE,
  VISITOR_COOKIE_BUDGET,
} from './record.ts';
import { parseVisitorState } from './state.ts';
import { countingCookieDocument, countingStorageWindow } from './test-support/storage.ts';
import { createVisitor } from './visitor.ts';
import { createStorageSet } from './web-storage.ts';

const ID = 'a1b2c3d4e5f6g';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

describe('one visitor record, written once per page view', () => {
  let now: number;
  let cookieJar: ReturnType<typeof countingCookieDocument>;
  let storage: ReturnType<typeof countingStorageWindow>;
  const clock = () => now;
  /** A page load in the same browser: new stores over the same cookie jar and Web Storage. */
  const load = (referrer = '') =>
    createVisitor({
      window: storage.window,
      document: {
        get cookie() {
          return cookieJar.document.cookie;
        },
        set cookie(text: string) {
          cookieJar.document.cookie = text;
        },
        referrer,
      },
      now: clock,
    });
  /** A page view as the loader makes it: the cookies held from the visitor's creation to the display call. */
  const pageView = async (url: string, referrer = '') => {
    const visitor = load(referrer);
    const release = visitor.stores.holdCookieReads();
    await nextTask();
    const fields = visitor.recordPageView(url);
    await nextTask();
    release();
    await nextTask();
    return { visitor, fields };
  };
  const cookieText = () => [...cookieJar.jar].find(([name]) => name === VISITOR_COOKIE)?.[1] ?? '';

  beforeEach(() => {
    now = new Date(2026, 10, 27, 9).getTime();
    cookieJar = countingCookieDocument();
    storage = countingStorageWindow();
  });

  describe("the cookie's grammar", () => {
    const at = new Date(2026, 10, 27, 9).getTime();

    it('reads back what it writes, each field until its own expiry', () => {
      const record = parseVisitorRecord(null, at);
      setField(record, 'v', ['visitor1'], at);
      setField(record, 's', ['session1', '1', (at - 1000).toString(36), '/landing?a=1&b=2'], at);
      setField(record, 'o', [], at);
      setField(record, 'r', ['https://www.google.com/search?q=a|b~c%20d'], at);
      const { value, maxAgeMs } = serializeVisitorRecord(record, at);
      expect(maxAgeMs).to.equal(LIFETIME_MS.visitor, 'as long as its longest field');
      expect(parseVisitorRecord(value, at)).to.deep.equal(record);
      const later = parseVisitorRecord(value, at + LIFETIME_MS.session + 1);
      expect([...later.keys()].sort()).to.deep.equal(['o', 'v'], 'the session (30 min) and referrer (2 min) lapsed');
    });

    it('a tampered or garbage cookie reads as an empty record (or its readable fields), never throwing', () => {
      const garbage = [
        '',
        '<<>>',
        '%E0%A4%A',
        'v>abc',
        'v>abc>zzzzzzzzzzzzzzzzzzzzzz<',
        '__proto__>x>zzzzzzzz',
        'constructor>x>zzzzzzzz',
        'x>1>zzzzzzzz',
        '\u0000\uffff',
        'v>abc>-5',
        'v>'.repeat(2000),
      ];
      for (const text of garbage) {
        const record = parseVisitorRecord(text, at);
        expect(record.has('v') ? record.get('v')!.values : []).to.not.include(undefined, text);
        expect(() => serializeVisitorRecord(record, at), text).to.not.throw();
      }
      expect(parseVisitorRecord('__proto__>x>zzzzzzzz', at).size).to.equal(0);
      expect(parseVisitorRecord('v>abc>-5<t>1<s', at).size).to.equal(0);
      expect(Object.getPrototypeOf({})).to.equal(Object.prototype, 'nothing polluted');
      const kept = parseVisitorRecord(`junk<v>abc>${(at + 1000).toString(36)}<<`, at);
      expect([...kept]).to.deep.equal([['v', { values: ['abc'], until: at + 1000 }]]);
    });

    it('a tampered poptin_state reads as the history it can check, never throwing', () => {
      for (const text of ['', '{', 'null', '[]', '"x"', '{"popups":[],"engagement":{}}']) {
        expect(parseVisitorState(text), text).to.deep.equal({
          popups: {},
          engagement: [],
          convertedEmail: '',
          session: null,
        });
      }
      const state = parseVisitorState(
        JSON.stringify({
          popups: { a1b2c3d4e5f6g: { views: 'many', lastViewAt: 5 }, ['__proto__']: { views: 1 } },
          engagement: [null, 7, { id: 'a1b2c3d4e5f6g', kind: 'bar', event: 'seen', at: 5 }],
          convertedEmail: 42,
          session: { id: 's1', popups: { a1b2c3d4e5f6g: { visits: 'x', lastUrl: 9, closed: 'yes', disabled: true } } },
        }),
      );
      expect(state.popups.a1b2c3d4e5f6g).to.include({ views: 0, lastViewAt: 5 });
      expect(Object.getPrototypeOf(state.popups)).to.equal(Object.prototype);
      expect(state.engagement).to.have.length(1);
      expect(state.convertedEmail).to.equal('');
      expect(state.session).to.deep.equal({ id: 's1', popups: { a1b2c3d4e5f6g: { disabled: true } } });
    });

    it('a page view over a garbage cookie starts a new visitor, with no exception', () => {
      const cookieJar = countingCookieDocument();
      cookieJar.jar.set(VISITOR_COOKIE, 'v>%%%<s>>>');
      const visitor = createPageVisitor({
        document: { ...cookieJar.document, referrer: '' } as Document,
        now: () => at,
      });
      expect(visitor.visitorId).to.match(/^[0-9a-z]{16,}$/);
      expect(visitor.recordPageView('https://s.example/').previous_visited_pages_with_current).to.equal(
        'https://s.example/',
      );
    });

    it(`stays under ${VISITOR_COOKIE_BUDGET} bytes however long its values, cutting addresses and the oldest pages`, () => {
      const long = `https://s.example/${'%D7%90'.repeat(100)}?${'q=%C3%A9&'.repeat(80)}`;
      const record = parseVisitorRecord(null, at);
      for (const name of ['v', 'r', 'p', 'c', 'i', 'k', 'a'] as const) setField(record, name, [long], at);
      setField(record, 's', ['s1', '1', at.toString(36), long], at);
      setField(record, 'g', Array.from({ length: 100 }, (_, page) => [long, (at + page).toString(36)]).flat(), at);
      const { value } = serializeVisitorRecord(record, at);
      const sent = `${VISITOR_COOKIE}=${encodeURIComponent(value)}`;
      expect(sent.length, sent).to.be.below(2 * VISITOR_COOKIE_BUDGET);
      const realistic = parseVisitorRecord(null, at);
      setField(realistic, 'v', ['0123456789abcdef0123456789abcdef'], at);
      setField(realistic, 's', ['0123456789abcdef0123456789abcdef', '1', at.toString(36), long], at);
      setField(realistic, 'r', [long], at);
      setField(realistic, 'p', [long], at);
      setField(realistic, 'c', ['client-0123456789'], at);
      setField(realistic, 'i', ['2001:db8:85a3::8a2e:370:7334'], at);
      setField(realistic, 'k', ['IL'], at);
      setField(realistic, 'g', Array.from({ length: 100 }, (_, page) => [long, (at + page).toString(36)]).flat(), at);
      const written = serializeVisitorRecord(realistic, at).value;
      expect(encodeCookieValue(`${VISITOR_COOKIE}=${written}`).length).to.be.below(VISITOR_COOKIE_BUDGET);
      const pages = parseVisitorRecord(written, at).get('g')!.values;
      expect(pages.at(-1)).to.equal((at + 99).toString(36), 'the newest page is kept');
      expect(pages[0]!.length).to.be.at.most(MAX_STORED_VALUE);
    });
  });

  it('a page view writes the cookie once and opens no Web Storage, the first one and the next ones', async () => {
    await pageView('https://s.example/');
    expect(cookieJar.writes()).to.equal(1, 'the first page view');
    for (const path of ['/a', '/b', '/a?x=1']) {
      now += MINUTE;
      const before = cookieJar.writes();
      const reads = cookieJar.reads();
      const { fields } = await pageView(`https://s.example${path}`, 'https://s.example/');
      expect(cookieJar.writes() - before).to.equal(1, path);
      expect(cookieJar.reads() - reads).to.equal(1, `${path}: one read of the jar`);
      expect(fields.previous_visited_pages_with_current).to.match(new RegExp(`${path.replace('?', '\\?')}$`));
    }
    expect(storage.opened()).to.equal(0, 'nothing on these page views reads history');
  });

  it('tells the next page views that the outbox holds what a page left, without opening Web Storage, until one reads it empty', async () => {
    const { visitor } = await pageView('https://s.example/');
    expect(visitor.outboxWaiting).to.equal(false);
    now += MINUTE;
    const left = await pageView('https://s.example/a');
    expect(left.visitor.outboxWaiting).to.equal(false);
    left.visitor.markOutboxWaiting();
    now += MINUTE;
    const opened = storage.opened();
    const next = await pageView('https://s.example/b');
    expect(next.visitor.outboxWaiting).to.equal(true, 'the mark an earlier page left');
    expect(storage.opened()).to.equal(opened, 'known from the cookie alone');
    // Page b went before it read its outbox: its page view took nothing off.
    now += MINUTE;
    const reading = await pageView('https://s.example/c');
    expect(reading.visitor.outboxWaiting).to.equal(true, 'still marked after a page view that sent nothing');
    const writes = cookieJar.writes();
    reading.visitor.clearOutboxWaiting();
    now += MINUTE;
    const after = await pageView('https://s.example/d');
    expect(after.visitor.outboxWaiting).to.equal(false, 'taken off once an outbox was read empty');
    expect(cookieJar.writes()).to.equal(writes + 2, 'the mark taken off, then the page view');
    after.visitor.clearOutboxWaiting();
    expect(cookieJar.writes()).to.equal(writes + 2, 'no mark, nothing written');
    now += 31 * 24 * 60 * MINUTE;
    left.visitor.markOutboxWaiting();
    now += 31 * 24 * 60 * MINUTE;
    expect((await pageView('https://s.example/e')).visitor.outboxWaiting).to.equal(false, 'after 30 days');
  });

  it('a page view recorded tasks after the visitor was made writes once; a page load that records none writes nothing', async () => {
    const visitor = load();
    await nextTask();
    expect(cookieJar.writes()).to.equal(0);
    visitor.recordPageView('https://s.example/');
    await nextTask();
    expect(cookieJar.writes()).to.equal(1);
    load();
    await nextTask();
    expect(cookieJar.writes()).to.equal(1, 'a store whose consent said no, a page closed before its page view');
    expect(storage.opened()).to.equal(0);
  });

  it('a view, a close and a conversion each write Web Storage once; the converted e-mail is read on later page views', async () => {
    const { visitor } = await pageView('https://s.example/');
    const writes = storage.writes();
    visitor.recordView(ID, 'lightbox');
    expect(storage.writes() - writes).to.equal(1);
    visitor.recordClose(ID, 'lightbox');
    visitor.recordConversion(ID, 'lightbox', 'ada@example.com');
    expect(storage.writes() - writes).to.equal(3);
    expect([...storage.local.keys()]).to.deep.equal([STATE_KEY]);
    expect(storage.session.size).to.equal(0, 'nothing in session storage');
    now += MINUTE;
    const storageWrites = storage.writes();
    const { fields } = await pageView('https://s.example/next');
    expect(fields.converted_email).to.equal('ada@example.com');
    expect(storage.writes()).to.equal(storageWrites, 'read, not written');
  });

  it('consent mode before consent: a page view and a view write nothing and open nothing', async () => {
    const visitor = createVisitor({
      window: storage.window,
      document: cookieJar.document as Document,
      stores: createPageOnlyStorageSet(clock),
      now: clock,
    });
    const release = visitor.stores.holdCookieReads();
    visitor.recordPageView('https://s.example/');
    release();
    visitor.recordView(ID, 'lightbox');
    visitor.keepAlive();
    await nextTask();
    expect([cookieJar.reads(), cookieJar.writes(), storage.opened()]).to.deep.equal([0, 0, 0]);
  });

  it(`stays under ${VISITOR_COOKIE_BUDGET} bytes with long addresses, keeping the newest pages that fit`, async () => {
    const query = `?${'q=%C3%A9&'.repeat(80)}`;
    const long = (name: string) => `https://s.example/${name}${query}`;
    const search = `https://search.example/${query}`;
    for (let page = 0; page < 60; page++) {
      now += 10_000;
      const { fields } = await pageView(
        page % 20 === 0 ? long(`p${page}`) : `https://s.example/products/${page}`,
        page === 0 ? search : 'https://s.example/',
      );
      if (page === 1)
        expect(
          search.startsWith(fields.referrer) &&
            fields.referrer.length >= 60 &&
            fields.referrer.length <= MAX_STORED_VALUE,
        ).to.equal(true);
    }
    expect(`${VISITOR_COOKIE}=${cookieText()}`.length).to.be.at.most(VISITOR_COOKIE_BUDGET);
    now += 10_000;
    const { fields } = await pageView('https://s.example/last');
    expect(fields.previous_url).to.equal('https://s.example/products/59');
    expect(fields.previous_visited_pages.split('|').at(-1)).to.equal('https://s.example/products/59');
    expect(fields.previous_visited_pages.split('|').length).to.be.at.least(8);
    expect(fields.origin_landing_page.startsWith('https://s.example/p0?')).to.equal(true);
  });

  it('the session lasts 30 minutes without a page view, then a new one begins with its own pages', async () => {
    await pageView('https://s.example/a');
    now += 29 * MINUTE;
    expect((await pageView('https://s.example/b')).fields.previous_visited_pages).to.equal('https://s.example/a');
    now += LIFETIME_MS.session + 1;
    const { visitor, fields } = await pageView('https://s.example/c');
    expect(fields.previous_visited_pages).to.equal('');
    expect(fields.origin_landing_page).to.equal('https://s.example/c');
    expect(fields.all_visited_pages.split('|').length).to.equal(3);
    expect(visitor.returning).to.equal(true);
  });

  describe('a visitor new to the site: the record says that Web Storage holds no history yet', () => {
    it("decides a first visit's history rules without opening Web Storage, and its next page reads the view it recorded", () => {
      const first = load();
      first.recordPageView('https://s.example/');
      expect(first.convertedAt(ID)).to.equal(null);
      expect(first.frequencyHistory(ID).views).to.equal(0);
      expect(first.engagement()).to.deep.equal([]);
      expect(storage.opened()).to.equal(0);
      first.recordView(ID, 'lightbox');
      expect(storage.opened()).to.equal(1, 'the view is written to Web Storage');
      now += MINUTE;
      const second = load();
      second.recordPageView('https://s.example/next');
      expect(second.frequencyHistory(ID).views).to.equal(1);
      expect(storage.opened()).to.equal(2, 'the next page reads it');
    });

    it('a conversion keeps the visitor known for its 365 days, however long ago the history began', () => {
      const first = load();
      first.recordPageView('https://s.example/');
      first.recordView(ID, 'lightbox');
      now += DAY / 2;
      first.recordConversion(ID, 'lightbox');
      const convertedAt = now;
      now += 365 * DAY - MINUTE;
      const back = load();
      back.recordPageView('https://s.example/');
      expect(back.convertedAt(ID)).to.equal(convertedAt);
      expect(storage.opened()).to.equal(2);
    });

    it('a page still open sees what another tab wrote since, as it reads the record again', async () => {
      const first = load();
      first.recordPageView('https://s.example/');
      expect(first.convertedAt(ID)).to.equal(null);
      await nextTask();
      const otherTab = load();
      otherTab.recordPageView('https://s.example/other');
      now += MINUTE;
      otherTab.recordConversion(ID, 'lightbox', 'ada@example.com');
      await nextTask();
      expect(first.convertedAt(ID)).to.equal(now);
      expect(first.convertedEmail()).to.equal('ada@example.com');
    });

    it('a visitor known before the record said so, or of an earlier version, reads Web Storage as before', async () => {
      storage.local.set(STATE_KEY, JSON.stringify({ popups: { [ID]: { views: 2 } } }));
      cookieJar.jar.set(VISITOR_COOKIE, `v>known>${(now + DAY).toString(36)}`);
      const known = load();
      known.recordPageView('https://s.example/');
      expect(known.frequencyHistory(ID).views).to.equal(2);
      cookieJar.jar.clear();
      cookieJar.jar.set('poptin_visitor_id', 'earlier');
      const earlier = load();
      earlier.recordPageView('https://s.example/');
      expect(earlier.frequencyHistory(ID).views).to.equal(2);
      // The earlier version's names move in a chunk of their own: done before the next test's jar.
      await waitUntil(() => !cookieJar.jar.has('poptin_visitor_id'), 'the earlier cookies moved');
    });

    it('a visitor whose cookies are not kept reads Web Storage', () => {
      storage.local.set(STATE_KEY, JSON.stringify({ popups: { [ID]: { views: 3 } } }));
      const dropsCookies = { cookie: '', referrer: '' };
      Object.defineProperty(dropsCookies, 'cookie', { get: () => '', set: () => {} });
      const visitor = createVisitor({
        window: storage.window,
        document: dropsCookies as Document,
        now: clock,
        log: () => {},
      });
      visitor.recordPageView('https://s.example/');
      expect(visitor.frequencyHistory(ID).views).to.equal(3);
    });
  });

  describe('migration from the cookies and keys of earlier versions', () => {
    it('keeps the history (the visit count continues) and removes the old names', async () => {
      const viewedAt = now - 5 * MINUTE;
      const { jar } = cookieJar;
      jar.set('poptin_visitor_id', 'oldvisitor1');
      jar.set('poptin_session', 'oldsession%3A1');
      jar.set('poptin_old_user', '1');
      jar.set('poptin_client_id', 'client-9');
      jar.set(`poptin_once_${ID}`, String(viewedAt + 30 * MINUTE));
      jar.set(`poptin_viewed_today_${ID}`, String(viewedAt + 24 * 60 * MINUTE));
      jar.set('site_cookie', 'kept');
      storage.local.set(
        `poptin_history_${ID}`,
        JSON.stringify({ views: 3, lastViewAt: viewedAt, lastClosedAt: null, convertedAt: null }),
      );
      storage.local.set(
        'poptin_engagement',
        JSON.stringify([{ id: ID, kind: 'lightbox', event: 'seen', at: viewedAt }]),
      );
      storage.local.set('poptin_last_converted_email', 'ada@example.com');
      storage.local.set(
        'poptin_all_visited_pages',
        JSON.stringify([
          { url: 'https://s.example/old', at: viewedAt - MINUTE },
          { url: 'https://s.example/a', at: viewedAt },
        ]),
      );
      storage.local.set('poptin_outbox', '{}');
      storage.session.set('poptin_session_pages', JSON.stringify([{ url: 'https://s.example/a', at: viewedAt }]));
      storage.session.set('poptin_landing_page', 'https://s.example/a');
      storage.session.set(`${ID}_visit_count`, '2');
      storage.session.set(`${ID}_page_url`, 'https://s.example/a');

      const { visitor, fields } = await pageView('https://s.example/b', 'https://s.example/a');
      expect(visitor.visitorId).to.equal('oldvisitor1', 'the same visitor from the first page view');
      expect(visitor.returning).to.equal(true);
      expect(fields.previous_visited_pages).to.equal(
        '',
        'the rest of the history moves once this page view is written',
      );
      await waitUntil(() => storage.local.has(STATE_KEY), 'the earlier history moved');
      expect(visitor.storedClientId()).to.equal('client-9');
      expect(visitor.convertedEmail()).to.equal('ada@example.com');
      expect(visitor.countPageVisit(ID, 'https://s.example/b')).to.equal(3, 'the visit count continues');
      expect(visitor.frequencyHistory(ID)).to.include({
        views: 3,
        lastViewAt: viewedAt,
        onceFlagUntil: viewedAt + 30 * MINUTE,
      });
      expect(visitor.engagement()).to.have.length(1);

      expect([...jar.keys()].sort()).to.deep.equal(['poptin_visitor', 'site_cookie']);
      expect([...storage.local.keys()].sort()).to.deep.equal(
        ['poptin_outbox', STATE_KEY],
        "the outbox is not the visitor's",
      );
      expect(storage.session.size).to.equal(0);

      now += MINUTE;
      const next = await pageView('https://s.example/c', 'https://s.example/b');
      expect(next.visitor.visitorId).to.equal('oldvisitor1');
      // The session of the earlier version ended with it: its pages are on record, and its counters go on.
      expect(next.fields).to.include({
        previous_visited_pages: 'https://s.example/b',
        origin_landing_page: 'https://s.example/b',
        converted_email: 'ada@example.com',
      });
      expect(next.fields.all_visited_pages).to.match(/^https:\/\/s\.example\/old@/);
      expect(next.visitor.countPageVisit(ID, 'https://s.example/c')).to.equal(4);
    });

    it('a visitor without earlier cookies fetches nothing to move them', async () => {
      const imported = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('migrate')).length;
      await pageView('https://s.example/');
      await nextTask();
      expect(
        performance.getEntriesByType('resource').filter((entry) => entry.name.includes('migrate')).length,
      ).to.equal(imported);
      expect(storage.opened()).to.equal(0);
    });
  });

  it('real cookies: the value reads back as written', () => {
    const stores = createStorageSet({ document, window: null, log: () => {} });
    const visitor = createVisitor({ stores, document: { cookie: '', referrer: '' } as Document });
    try {
      visitor.recordPageView('https://s.example/a b?c=d;e,f"g|h~i&j%k');
      const again = createVisitor({
        stores: createStorageSet({ document, window: null, log: () => {} }),
        document: { cookie: '', referrer: '' } as Document,
      });
      expect(again.recordPageView('https://s.example/z').previous_url).to.equal(
        'https://s.example/a b?c=d;e,f"g|h~i&j%k',
      );
      expect(again.visitorId).to.equal(visitor.visitorId);
    } finally {
      stores.cookies.remove(VISITOR_COOKIE);
    }
  });
});

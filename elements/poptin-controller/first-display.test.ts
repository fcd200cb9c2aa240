import { expect, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import { CLIENT_RESTRICTED, MAX_VIEWS_REACHED } from '../../src/core/api/contract.ts';
import { createVisitor, parseCookieString, VISITOR_COOKIE } from '../../src/core/visitor/index.ts';
import {
  displayRequestOf,
  fetchStoreCode,
  isEmptyAnswer,
  needsSessionFirst,
  requestFirstDisplay,
} from './first-display.ts';

/** A window with just the page address's query, and Shopify's global when asked. */
const windowAt = (search: string, shopify = false) =>
  ({ location: { search }, ...(shopify ? { Shopify: { shop: 'demo.myshopify.com' } } : {}) }) as unknown as Window;

/** The display server's answer with nothing to show, for every fetch of the page until restored. */
const stubEmptyAnswer = () =>
  sinon
    .stub(window, 'fetch')
    .callsFake(
      async () =>
        new Response('{"display":"allowed","poptins":[]}', { headers: { 'content-type': 'application/json' } }),
    );

describe("the loader's first display call", () => {
  it('calls an answer empty only when it allows the site, says nothing and has no pop-up', () => {
    const allowed = { display: 'allowed', message: '', poptins: [] };
    expect(isEmptyAnswer(allowed)).to.equal(true);
    expect(isEmptyAnswer({ ...allowed, poptins: [{ poptin_id: 'a1b2c3d4e5f6g' }] })).to.equal(false);
    // A refused site may have a usage-limit pop-up to show: the session handles it.
    expect(isEmptyAnswer({ ...allowed, display: 'not_allowed', message: CLIENT_RESTRICTED })).to.equal(false);
    expect(isEmptyAnswer({ ...allowed, message: MAX_VIEWS_REACHED })).to.equal(false);
    expect(isEmptyAnswer({ ...allowed, message: 'Client paused' })).to.equal(
      false,
      'a message the loader does not know: the session reads it',
    );
    expect(isEmptyAnswer({ ...allowed, wix_cart_details: { total: 0 } })).to.equal(false);
    expect(isEmptyAnswer({ display: 'allowed' })).to.equal(false, 'no poptins list: not understood, so not empty');
    expect(isEmptyAnswer(null)).to.equal(false);
    expect(isEmptyAnswer('{}')).to.equal(false);
  });

  it('leaves store, preview, landing and inspector pages to the session from the start', () => {
    const plain = document.createElement('poptin-controller');
    expect(needsSessionFirst(plain, windowAt(''))).to.equal(false);
    expect(needsSessionFirst(plain, windowAt('?utm_source=mail'))).to.equal(false);
    expect(needsSessionFirst(plain, windowAt('?ppt-preview=a1b2c3d4e5f6g'))).to.equal(true);
    expect(needsSessionFirst(plain, windowAt('?ppt-landing=a1b2c3d4e5f6g'))).to.equal(true);
    expect(needsSessionFirst(plain, windowAt('?poptin-debug'))).to.equal(true);
    expect(needsSessionFirst(plain, windowAt('', true))).to.equal(true);
    const wix = document.createElement('poptin-controller');
    wix.setAttribute('store', 'wix');
    expect(needsSessionFirst(wix, windowAt(''))).to.equal(true);
    const landing = document.createElement('poptin-controller');
    landing.setAttribute('landing', 'a1b2c3d4e5f6g');
    expect(needsSessionFirst(landing, windowAt(''))).to.equal(true);
  });

  it("asks for a store's integration code with the session, only on a store page the session will open", async () => {
    const fetched = (platform: string) =>
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.includes(`/integrations/${platform}/index.ts`));
    const controller = (attributes: Record<string, string>) => {
      const host = document.createElement('poptin-controller');
      for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
      return host;
    };
    fetchStoreCode(controller({ 'client-id': 'demo' }), windowAt(''));
    fetchStoreCode(controller({ store: 'wix' }), windowAt(''));
    fetchStoreCode(controller({ store: 'wix' }), windowAt('', true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fetched('wix'), 'no wix-client-id: the session opens no store').to.equal(false);
    expect(fetched('shopify'), 'a page that names Wix is not taken for a Shopify storefront').to.equal(false);
    fetchStoreCode(controller({ store: 'wix', 'wix-client-id': 'wix-oauth-client' }), windowAt(''));
    fetchStoreCode(controller({ 'client-id': 'demo' }), windowAt('', true));
    await waitUntil(() => fetched('wix') && fetched('shopify'), 'the Wix and Shopify integrations asked for');
  });

  it("sends what the session's own display call sends", () => {
    const visitor = createVisitor({ window, document });
    const fields = visitor.recordPageView('https://shop.example/sale');
    const page = {
      url: 'https://shop.example/sale',
      domain: 'shop.example',
      referrer: '',
      title: 'Sale',
      isMobile: false,
      documentLang: 'he',
    };
    const body = displayRequestOf(visitor, page, fields, { preview_id: 'a1b2c3d4e5f6g' });
    expect(body).to.include({
      domain: 'shop.example',
      poptin_viewed_url: 'https://shop.example/sale',
      page_title: 'Sale',
      lang: 'he',
      visitor_id: visitor.visitorId,
      preview_id: 'a1b2c3d4e5f6g',
      if_mobile: false,
    });
    expect(body.all_visited_pages).to.equal(fields.all_visited_pages);
  });

  it('reads the cookies once for the whole page view and sends them as it left them, writing one cookie once', async () => {
    // A returning visitor: an earlier page view's cookie is in the jar.
    createVisitor({ window, document }).recordPageView();
    const jar = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const reads: string[] = [];
    const writes: string[] = [];
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => {
        const cookies = jar.get!.call(document) as string;
        reads.push(cookies);
        return cookies;
      },
      set: (cookie: string) => {
        writes.push(cookie.split('=')[0]!);
        jar.set!.call(document, cookie);
      },
    });
    const fetched = stubEmptyAnswer();
    try {
      await requestFirstDisplay('demo', 'http://127.0.0.1:9/');
      expect(reads).to.have.length(
        1,
        "a returning visitor's cookies show that the jar keeps them: nothing is read back",
      );
      expect(writes).to.deep.equal([VISITOR_COOKIE], 'the visitor, session, pages and referrer in one cookie');
      const sent = JSON.parse(String(fetched.firstCall.args[1]?.body)) as { cookies: Record<string, string> };
      expect(sent.cookies).to.deep.equal(
        parseCookieString(jar.get!.call(document) as string),
        'the jar as the page view read and wrote it',
      );
    } finally {
      fetched.restore();
      delete (document as { cookie?: string }).cookie;
    }
  });

  it('opens no Web Storage: a page view keeps to its cookie, and only what reads history opens Web Storage', async () => {
    createVisitor({ window, document }).recordPageView();
    const calls = (['getItem', 'setItem', 'removeItem', 'key'] as const).map((name) =>
      sinon.spy(Storage.prototype, name),
    );
    const fetched = stubEmptyAnswer();
    try {
      const first = await requestFirstDisplay('demo', 'http://127.0.0.1:9/');
      expect(first.pageFields.previous_visited_pages_with_current).to.contain(location.pathname);
      expect(calls.map((call) => call.callCount)).to.deep.equal([0, 0, 0, 0]);
    } finally {
      for (const call of calls) call.restore();
      fetched.restore();
    }
  });

  it("gives the page its main thread back between the visitor's cookies, the page view and the display call", async () => {
    const steps: string[] = [];
    const scheduler = (window as Window & { scheduler: { yield(): Promise<void> } }).scheduler;
    // A new visitor: the one cookie is written with the page view.
    document.cookie = `${VISITOR_COOKIE}=; path=/; max-age=0`;
    const pageViewWritten = () => VISITOR_COOKIE in parseCookieString(document.cookie);
    const yielded = sinon.stub(scheduler, 'yield').callsFake(async () => {
      steps.push(`yield: page view written ${pageViewWritten()}`);
    });
    const answer = { display: 'allowed', poptins: [] };
    const fetched = sinon.stub(window, 'fetch').callsFake(async () => {
      steps.push('display call');
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    });
    try {
      const first = await requestFirstDisplay('demo', 'http://127.0.0.1:9/');
      expect(steps).to.deep.equal(['yield: page view written false', 'yield: page view written true', 'display call']);
      expect(String(fetched.firstCall.args[0])).to.equal('http://127.0.0.1:9/api/display/demo');
      expect(first.answer).to.deep.equal(answer);
    } finally {
      yielded.restore();
      fetched.restore();
    }
  });
});

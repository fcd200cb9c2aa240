import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { VISITOR_COOKIE } from '../../src/core/visitor/record.ts';
import { $popups, clearPopups } from '../../src/stores/popups.ts';
import { requestFirstDisplay } from './first-display.ts';
import { ControllerSession } from './session.ts';

const POPTIN_ID = 'a1b2c3d4e5f6g';

describe('the controller session', () => {
  afterEach(() => clearPopups());

  /** The display answer of a pop-up that waits a minute: decided and armed, never shown during a test. */
  const answerArmedLightbox = (popup: Record<string, unknown> = {}, answered: Record<string, unknown> = {}) => {
    const answer = {
      display: 'allowed',
      message: '',
      poptins: [{ poptin_id: POPTIN_ID, poptin_type: 'lightbox', display_after_sec_active: 60, ...popup }],
      ...answered,
    };
    return sinon
      .stub(window, 'fetch')
      .callsFake(async () => new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }));
  };

  it('gives the page its main thread back after its code is evaluated and again before deciding the pop-ups', async () => {
    const fetched = answerArmedLightbox();
    const host = document.createElement('div');
    document.body.append(host);
    let answerRead = false;
    host.addEventListener('poptin-display', () => (answerRead = true));
    const steps: string[] = [];
    const scheduler = (window as Window & { scheduler: { yield(): Promise<void> } }).scheduler;
    let session: ControllerSession | null = null;
    try {
      const first = await requestFirstDisplay('demo', 'http://127.0.0.1:9/');
      const yielded = sinon.stub(scheduler, 'yield').callsFake(async () => {
        steps.push(`yield: answer read ${answerRead}, pop-up decided ${POPTIN_ID in $popups.get()}`);
      });
      try {
        session = new ControllerSession({ clientId: 'demo', apiBase: 'http://127.0.0.1:9/', host, first });
        await session.ready;
      } finally {
        yielded.restore();
      }
      expect(steps).to.deep.equal([
        'yield: answer read false, pop-up decided false',
        'yield: answer read true, pop-up decided false',
      ]);
      expect($popups.get()[POPTIN_ID]?.state).to.equal('armed');
    } finally {
      session?.stop();
      fetched.restore();
      host.remove();
    }
  });
  it("asks no media query of the page again: the loader's page view read the page", async () => {
    // matchMedia, which tells a narrow touch screen, waits on the browser's style (npm run bench at 4× CPU).
    const fetched = answerArmedLightbox();
    const host = document.createElement('div');
    document.body.append(host);
    let session: ControllerSession | null = null;
    try {
      const first = await requestFirstDisplay('demo', 'http://127.0.0.1:9/');
      const asked = sinon.spy(window, 'matchMedia');
      try {
        session = new ControllerSession({ clientId: 'demo', apiBase: 'http://127.0.0.1:9/', host, first });
        await session.ready;
      } finally {
        asked.restore();
      }
      expect($popups.get()[POPTIN_ID]?.state).to.equal('armed');
      expect(asked.callCount).to.equal(0, 'media queries asked');
    } finally {
      session?.stop();
      fetched.restore();
      host.remove();
    }
  });
  it("reads the cookie jar once from the display answer to the decisions: the site's record, a cookie filter and a new visitor's history", async () => {
    // Each read of document.cookie after the page's own write waits on the browser's cookie store.
    document.cookie = `${VISITOR_COOKIE}=; path=/; max-age=0`;
    document.cookie = 'poptin_session_test_plan=pro; path=/';
    const fetched = answerArmedLightbox(
      { cookie_filter: 'show|exact|poptin_session_test_plan=pro', d_f_r: 'all@display_once_a_day' },
      { ip: '203.0.113.7', country_code: 'DE' },
    );
    const host = document.createElement('div');
    document.body.append(host);
    const jar = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    let reads = 0;
    let session: ControllerSession | null = null;
    try {
      const first = await requestFirstDisplay('demo', 'http://127.0.0.1:9/');
      Object.defineProperty(document, 'cookie', {
        configurable: true,
        get: () => {
          reads++;
          return jar.get!.call(document);
        },
        set: (text: string) => jar.set!.call(document, text),
      });
      session = new ControllerSession({ clientId: 'demo', apiBase: 'http://127.0.0.1:9/', host, first });
      await session.ready;
      const readsToDecide = reads;
      expect($popups.get()[POPTIN_ID]?.state).to.equal('armed', 'the cookie filter allows it');
      expect(document.cookie).to.contain('i>203.0.113.7');
      expect(readsToDecide).to.equal(1, 'reads of the cookie jar');
    } finally {
      delete (document as { cookie?: string }).cookie;
      document.cookie = 'poptin_session_test_plan=; path=/; max-age=0';
      document.cookie = `${VISITOR_COOKIE}=; path=/; max-age=0`;
      session?.stop();
      fetched.restore();
      host.remove();
    }
  });
  it("decides pop-ups without a schedule without reading the visitor's time zone", async () => {
    // The page's first Intl.DateTimeFormat loads the browser's time zone data: 60 to 90 ms at 4× CPU slowdown, in
    // the task that decides the pop-ups. Only a schedule read in the visitor's time zone needs it.
    const fetched = answerArmedLightbox();
    const host = document.createElement('div');
    document.body.append(host);
    let session: ControllerSession | null = null;
    const formats = sinon.spy(Intl, 'DateTimeFormat');
    try {
      const first = await requestFirstDisplay('demo', 'http://127.0.0.1:9/');
      session = new ControllerSession({ clientId: 'demo', apiBase: 'http://127.0.0.1:9/', host, first });
      await session.ready;
      expect($popups.get()[POPTIN_ID]?.state).to.equal('armed');
      expect(formats.callCount).to.equal(0, 'date formats made');
    } finally {
      formats.restore();
      session?.stop();
      fetched.restore();
      host.remove();
    }
  });
});

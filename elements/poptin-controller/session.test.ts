import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { $popups, clearPopups } from '../../src/stores/popups.ts';
import { requestFirstDisplay } from './first-display.ts';
import { ControllerSession } from './session.ts';

const POPTIN_ID = 'a1b2c3d4e5f6g';

describe('the controller session', () => {
  afterEach(() => clearPopups());

  /** The display answer of a pop-up that waits a minute: decided and armed, never shown during a test. */
  const answerArmedLightbox = () => {
    const answer = {
      display: 'allowed',
      message: '',
      poptins: [{ poptin_id: POPTIN_ID, poptin_type: 'lightbox', display_after_sec_active: 60 }],
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

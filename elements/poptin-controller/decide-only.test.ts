import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { $popups, clearPopups } from '../../src/stores/popups.ts';
import { requestFirstDisplay } from './first-display.ts';
import { ControllerSession } from './session.ts';

/** The widget's modules this page has fetched so far, by file name. */
const fetchedModules = () =>
  performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname.split('/').pop());

const BLOCKED_ID = 'b1b2c3d4e5f6g';

describe('a page whose pop-ups are all blocked by their rules', () => {
  afterEach(() => {
    sinon.restore();
    clearPopups();
  });

  it("decides them without loading the words and a form's rules, which only a pop-up shown needs", async () => {
    // npm run bench, "decided on the page": each file the session loads is a request and code to run at 4× CPU; the
    // language and the forms' verdicts are a chunk of their own (rollup.config.mjs), loaded with the surfaces.
    const answer = {
      display: 'allowed',
      message: '',
      poptins: [
        {
          poptin_id: BLOCKED_ID,
          poptin_type: 'lightbox',
          display_after_sec_active: 1,
          js_filter: 'dont_show|any_value|document',
        },
      ],
    };
    sinon.stub(window, 'fetch').callsFake(async () => Response.json(answer));
    const host = document.createElement('div');
    document.body.append(host);
    const first = await requestFirstDisplay('demo', 'http://127.0.0.1:9/');
    const session = new ControllerSession({ clientId: 'demo', apiBase: 'http://127.0.0.1:9/', host, first });
    try {
      await session.ready;
      expect($popups.get()[BLOCKED_ID]?.state).to.equal('blocked');
      for (const module of ['language.ts', 'strings.ts', 'verdict.ts', 'surfaces.ts'])
        expect(fetchedModules()).not.to.include(module);
      // Why it did not show is still told, with its refused leads.
      const explained = await session.explain(BLOCKED_ID);
      expect(explained.state).to.equal('blocked');
      expect(explained.blockedBy?.map((rule) => rule.rule)).to.deep.equal(['js_filter']);
      expect(explained.refusedLeads).to.deep.equal([]);
    } finally {
      session.stop();
      host.remove();
    }
  });
});

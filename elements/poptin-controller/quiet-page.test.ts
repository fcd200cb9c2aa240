import { expect, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import './define.ts';

const EMPTY_ANSWER = { display: 'allowed', message: '', poptins: [] };

describe('<poptin-controller> on a page with nothing to show', () => {
  afterEach(() => sinon.restore());

  it('taken off the page by a poptin-display listener, it leaves no timer or navigation listener running', async () => {
    sinon.stub(window, 'fetch').callsFake(async () => Response.json(EMPTY_ANSWER));
    const setInterval = sinon.spy(window, 'setInterval');
    const clearInterval = sinon.spy(window, 'clearInterval');
    const addListener = sinon.spy(window, 'addEventListener');
    const removeListener = sinon.spy(window, 'removeEventListener');
    const controller = document.createElement('poptin-controller');
    controller.setAttribute('client-id', 'client-1');
    controller.setAttribute('api-base', 'https://display.test');
    let told = false;
    document.addEventListener(
      'poptin-display',
      () => {
        told = true;
        controller.remove();
      },
      { once: true },
    );
    document.body.append(controller);
    await waitUntil(() => told, 'the empty answer is told to the page');

    const cleared = clearInterval.args.map(([handle]) => handle);
    expect(setInterval.returnValues.filter((handle) => !cleared.includes(handle))).to.deep.equal([], 'timers left');
    const navigation = (call: sinon.SinonSpyCall) => call.args[0] === 'popstate' || call.args[0] === 'hashchange';
    const removed = removeListener.getCalls().filter(navigation);
    const left = addListener
      .getCalls()
      .filter(navigation)
      .filter((added) => !removed.some((call) => call.args[0] === added.args[0] && call.args[1] === added.args[1]));
    expect(left.map((call) => call.args[0])).to.deep.equal([], 'navigation listeners left');
  });
});

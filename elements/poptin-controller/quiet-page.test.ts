import { expect, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import './define.ts';

const EMPTY_ANSWER = { display: 'allowed', message: '', poptins: [] };

describe('<poptin-controller> on a page with nothing to show', () => {
  afterEach(() => sinon.restore());

  it("writes the visitor's cookie twice for a new visitor: the page view, then the site's client id, IP and country together", async () => {
    // Each write of document.cookie waits on the browser's cookie store (npm run bench, the empty answer at 4× CPU).
    document.cookie = 'poptin_visitor=; path=/; max-age=0';
    sinon
      .stub(window, 'fetch')
      .callsFake(async () => Response.json({ ...EMPTY_ANSWER, ip: '203.0.113.9', country_code: 'IL' }));
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const written: string[] = [];
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie.get!.call(document),
      set: (value: string) => {
        written.push(value.split('=')[0]!);
        cookie.set!.call(document, value);
      },
    });
    const controller = document.createElement('poptin-controller');
    controller.setAttribute('client-id', 'client-1');
    controller.setAttribute('api-base', 'https://display.test');
    try {
      const told = new Promise((resolve) => document.addEventListener('poptin-display', resolve, { once: true }));
      document.body.append(controller);
      await told;
      expect(written.filter((name) => name === 'poptin_visitor')).to.have.length(2);
      const record = decodeURIComponent(/(?:^|; )poptin_visitor=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      expect(record)
        .to.match(/(^|<)c>client-1>/)
        .and.match(/(^|<)i>203\.0\.113\.9>/)
        .and.match(/(^|<)k>IL>/);
    } finally {
      Reflect.deleteProperty(document, 'cookie');
      controller.remove();
    }
  });

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

  it('moved in the page while its question is out, it answers the page from the question it asked where it is now', async () => {
    // Answers the test gives out one by one; read at once, as a response's body would be.
    const answers: ((answer: unknown) => void)[] = [];
    sinon
      .stub(window, 'fetch')
      .callsFake(
        () =>
          new Promise((resolve) =>
            answers.push((answer) => resolve({ ok: true, json: async () => answer } as Response)),
          ),
      );
    const told: unknown[] = [];
    const tell = (event: Event) => told.push((event as CustomEvent).detail);
    document.addEventListener('poptin-display', tell);
    const controller = document.createElement('poptin-controller');
    controller.setAttribute('client-id', 'client-1');
    controller.setAttribute('api-base', 'https://display.test');
    try {
      document.body.append(controller);
      await waitUntil(() => answers.length === 1, 'the first question');
      document.body.prepend(controller);
      await waitUntil(() => answers.length === 2, 'the question from where it is now');

      answers[0]!(EMPTY_ANSWER);
      // Every step of that answer is a microtask: by the next task, it has been taken or left.
      await new Promise((resolve) => setTimeout(resolve));
      expect(told).to.deep.equal([], 'the answer to the question asked before the move');

      answers[1]!(EMPTY_ANSWER);
      await waitUntil(() => told.length > 0, 'the answer is told to the page');
      expect(told).to.deep.equal([{ display: 'allowed', count: 0 }]);
    } finally {
      document.removeEventListener('poptin-display', tell);
      controller.remove();
    }
  });
});

import { expect } from '@open-wc/testing';
import type { PopupConfig } from '../../src/core/config/types.ts';
import { ConsentLink } from './consent-link.ts';
import { displayRequestOf } from './first-display.ts';
import { OnDemand } from './on-demand.ts';
import type { PopupElement, PopupHandle } from './popup-handle.ts';
import { fakeContext, fakeServer, POPTIN_ID, quietShowingRunner } from './test-support/fakes.ts';

function setup() {
  const server = fakeServer({
    [`/api/display/click/${POPTIN_ID}`]: {
      body: { poptin: { poptin_id: POPTIN_ID, poptin_type: 'lightbox', viewer_id: 'v1', poptin: '<p>Hi</p>' } },
    },
  });
  const context = fakeContext({ server });
  const handles = new Map<string, PopupHandle>();
  const fired: string[] = [];
  const onDemand = new OnDemand({
    context,
    ready: async () => undefined,
    handleOf: (id) => handles.get(id),
    track: (config: PopupConfig, variant, planned) => {
      const handle: PopupHandle = {
        config,
        variant,
        planned,
        preview: false,
        element: null,
        runner: quietShowingRunner(),
      };
      handles.set(config.id, handle);
      return handle;
    },
    fire: (handle, trigger) => {
      fired.push(`${handle.config.id} by ${trigger}`);
      handle.runner.send({ type: 'fire', trigger });
    },
    pageRequest: () =>
      displayRequestOf(context.visitor, context.page, context.visitor.recordPageView(context.page.url)),
  });
  return { server, onDemand, handles, fired };
}

describe('opening on demand', () => {
  it('show(id) fetches a pop-up the page does not have by the click call and opens it; a second show while it waits opens nothing more', async () => {
    const { server, onDemand, fired } = setup();
    expect(await onDemand.show(POPTIN_ID)).to.equal(true);
    expect(await onDemand.show(POPTIN_ID)).to.equal(true);
    expect(server.calls.map((call) => call.path)).to.deep.equal([`/api/display/click/${POPTIN_ID}`]);
    expect(fired).to.deep.equal([`${POPTIN_ID} by manual`]);
  });

  it('show(id) of a pop-up the server does not know is false', async () => {
    const { onDemand, fired } = setup();
    expect(await onDemand.show('unknown000000')).to.equal(false);
    expect(fired).to.deep.equal([]);
  });

  it('close(id) asks a shown pop-up to close, with the cause as its source; anything else is false', async () => {
    const { onDemand, handles } = setup();
    await onDemand.show(POPTIN_ID);
    const handle = handles.get(POPTIN_ID)!;
    expect(onDemand.close(POPTIN_ID)).to.equal(false);
    const sources: string[] = [];
    handle.element = { requestClose: (source: string) => (sources.push(source), true) } as unknown as PopupElement;
    handle.runner.send({ type: 'mounted' });
    expect(onDemand.close(POPTIN_ID)).to.equal(true);
    expect(sources).to.deep.equal(['manual']);
  });
});

describe('the consent link', () => {
  it('before consent the display call names no visitor; once the page consents, the visitor of the browser storage takes over', async () => {
    const host = document.createElement('poptin-controller');
    host.setAttribute('consent', 'required');
    const context = fakeContext({ host, storesNothing: true });
    const inMemory = context.visitor;
    const given: string[] = [];
    const link = new ConsentLink(context, {
      onGiven: () => given.push('given'),
      onRefused: () => given.push('refused'),
    });
    expect(await link.read).to.equal(true);
    const request = displayRequestOf(context.visitor, context.page, context.visitor.recordPageView(context.page.url));
    expect(link.anonymous(request).visitor_id).to.equal(undefined);
    host.setAttribute('consent', 'granted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(given).to.deep.equal(['given']);
    expect(context.storesNothing).to.equal(false);
    expect(context.visitor).not.to.equal(inMemory);
    expect(link.anonymous(request)).to.equal(request);
    link.stop();
  });

  it('on a page without consent mode it changes nothing', async () => {
    const context = fakeContext();
    const link = new ConsentLink(context, { onGiven: () => undefined, onRefused: () => undefined }, () =>
      Promise.reject(new Error('not loaded on such pages')),
    );
    expect(await link.read).to.equal(true);
    const request = displayRequestOf(context.visitor, context.page, context.visitor.recordPageView(context.page.url));
    expect(link.anonymous(request)).to.equal(request);
  });
});

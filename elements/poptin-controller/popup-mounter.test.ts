import { expect, waitUntil } from '@open-wc/testing';
import { atom } from 'nanostores';
import type { SurfaceEventMap } from '../../src/components/shared/surface.ts';
import type { PopupConfig } from '../../src/core/config/types.ts';
import type { PopupModel } from '../../src/stores/popup-model.ts';
import type { PopupElement, PopupHandle } from './popup-handle.ts';
import { closeTriggerOf, type MounterOptions, PopupMounter } from './popup-mounter.ts';
import { fakeContext, POPTIN_ID, popupConfig, quietShowingRunner } from './test-support/fakes.ts';

/**
 * Resolves after the idle callbacks asked for before it (the browser runs them in order), however late a loaded
 * machine gets to them: the builds that `prepareAhead` starts at idle have started by then.
 */
const afterIdle = () => new Promise<void>((resolve) => requestIdleCallback(() => resolve()));

/** Waits for `count` pop-ups built ahead, then for every idle callback asked for so far, so that a test can tell none more came. */
async function builtAhead(made: unknown[], count: number): Promise<void> {
  await waitUntil(() => made.length >= count, `${count} pop-ups built ahead`, { timeout: 5000 });
  await afterIdle();
}

type Listeners = { [Name in keyof SurfaceEventMap]?: (detail: SurfaceEventMap[Name]) => void };

/** A pop-up element as the surfaces chunk makes it: a model to render, and its own events. */
function fakeSurfaces(doc: Document) {
  const made: (PopupElement & { listeners: Listeners })[] = [];
  return {
    made,
    surfaces: {
      createSurface: async () => {
        const listeners: Listeners = {};
        const element = Object.assign(doc.createElement('poptin-popup'), {
          model: atom<PopupModel | null>(null),
          coupon: '',
          requestClose: () => true,
          listeners,
          on: (name: keyof SurfaceEventMap, handler: (detail: never) => void) => {
            listeners[name] = handler as never;
            return () => undefined;
          },
        }) as unknown as PopupElement & { listeners: Listeners };
        made.push(element);
        return element;
      },
      loadTemplateParts: async () => undefined,
    } as unknown as MounterOptions['loadSurfaces'] extends (() => Promise<infer S>) | undefined ? S : never,
  };
}

function handleOf(config: PopupConfig, planned = ['scroll']): PopupHandle {
  return { config, variant: 'desktop', planned, preview: false, element: null, runner: quietShowingRunner() };
}

function setup(overrides: Partial<MounterOptions> = {}) {
  const context = fakeContext();
  const { made, surfaces } = fakeSurfaces(context.window.document);
  const heard: string[] = [];
  let recommendationKey = 'cart-1';
  const mounter = new PopupMounter({
    context,
    isCurrent: () => true,
    recommendations: {
      recommendationKey: () => recommendationKey,
      recommendationsFor: async () => ({
        key: recommendationKey,
        model: Promise.resolve({ platform: 'shopify', products: [], buttonsAction: 'add_to_cart', storeRoot: '/' }),
      }),
    },
    display: () => ({ lang: 'he', countryCode: 'IL' }),
    onShown: () => heard.push('shown'),
    onClosed: (_handle, submitted, cause) => heard.push(`closed ${cause}${submitted ? ' after submit' : ''}`),
    onSubmit: async () => (heard.push('submitted'), { status: 'sent' }),
    onFailed: () => heard.push('failed'),
    loadSurfaces: async () => surfaces,
    loadSanitizer: async () => ({ sanitizeTemplate: (raw: string) => raw }),
    ...overrides,
  });
  return { context, mounter, made, heard, cartChanged: () => (recommendationKey = 'cart-2') };
}

/** Its trigger fired: queued, then its turn comes. */
async function mountFired(mounter: PopupMounter, handle: PopupHandle, trigger = 'scroll') {
  handle.runner.send({ type: 'decided', allowed: true });
  handle.runner.send({ type: 'fire', trigger });
  await mounter.mount(handle);
}

describe('the pop-up mounter: prepare, mount, remove', () => {
  it('builds the pop-up hidden in the page with the trigger that fired, then shows it', async () => {
    const { context, mounter } = setup();
    const handle = handleOf(popupConfig());
    await mountFired(mounter, handle, 'exit_intent');
    expect(handle.runner.snapshot.phase).to.equal('shown');
    const element = context.window.document.body.querySelector('poptin-popup') as PopupElement;
    expect(element).to.equal(handle.element);
    expect(element.getAttribute('dir')).to.equal('rtl');
    expect(element.model.get()).to.include({
      lang: 'he',
      countryCode: 'IL',
      visible: false,
      trigger: 'exit_intent',
      html: '<p>Hello</p>',
    });
    mounter.reveal(handle);
    expect(element.model.get()).to.include({ visible: true, trigger: 'exit_intent' });
  });

  it('gives the pop-up the cart as it is when shown, not as it was when built ahead', async () => {
    let cart = { itemCount: 1, total: 10 };
    const { context, mounter } = setup({ display: () => ({ lang: 'en', cart }) });
    const handle = handleOf(popupConfig());
    await mountFired(mounter, handle);
    const element = context.window.document.body.querySelector('poptin-popup') as PopupElement;
    expect(element.model.get()?.cart).to.deep.equal({ itemCount: 1, total: 10 });
    cart = { itemCount: 3, total: 42 };
    mounter.reveal(handle);
    expect(element.model.get()?.cart).to.deep.equal({ itemCount: 3, total: 42 });
  });

  it('inserts a template the display server sanitised as it is, without loading the sanitiser', async () => {
    let loaded = 0;
    const { context, mounter } = setup({
      loadSanitizer: () => {
        loaded++;
        return import('../../src/core/sanitize.ts');
      },
    });
    // DOMPurify would drop the unknown element: it stays, as the server sent it.
    const sent = '<p data-poptin-style="color: red">Hello <x-sent>as sent</x-sent></p>';
    const handle = handleOf(popupConfig({ poptin: sent, poptin_sanitized: true }));
    await mountFired(mounter, handle);
    const element = context.window.document.body.querySelector('poptin-popup') as PopupElement;
    expect(String(element.model.get()?.html)).to.equal(sent);
    expect(loaded).to.equal(0);
  });

  it('sanitises a template the display server did not mark, and one fetched from its address even when marked', async () => {
    let loaded = 0;
    const { context, mounter } = setup({
      loadSanitizer: () => {
        loaded++;
        return import('../../src/core/sanitize.ts');
      },
    });
    const unmarked = handleOf(popupConfig({ poptin: '<p>Hi<img src=x onerror="alert(1)"></p>' }));
    await mountFired(mounter, unmarked);
    expect(String(unmarked.element?.model.get()?.html)).to.equal('<p>Hi<img src="x"></p>');
    context.api.template = async () => '<p>Far<img src=x onerror="alert(2)"></p>';
    const fetched = handleOf(
      popupConfig({ poptin_id: 'fetched000001', poptin: '', poptin_url: '/t.html', poptin_sanitized: true }),
    );
    await mountFired(mounter, fetched);
    expect(String(fetched.element?.model.get()?.html)).to.equal('<p>Far<img src="x"></p>');
    expect(loaded).to.equal(1, 'loaded once, on first use');
  });

  it("tells the session what the visitor does with it, the x button's close as x_click", async () => {
    const { mounter, made, heard } = setup();
    const handle = handleOf(popupConfig());
    await mountFired(mounter, handle);
    const { listeners } = made[0]!;
    listeners['poptin-after-show']?.({} as SurfaceEventMap['poptin-after-show']);
    let answer: unknown;
    listeners['poptin-submit']?.({
      fields: [],
      honeypot: '',
      respondWith: (outcome: Promise<unknown>) => (answer = outcome),
    } as unknown as SurfaceEventMap['poptin-submit']);
    listeners['poptin-after-hide']?.({ submitted: true, source: 'x-button' } as SurfaceEventMap['poptin-after-hide']);
    expect(await answer).to.deep.equal({ status: 'sent' });
    expect(heard).to.deep.equal(['shown', 'submitted', 'closed x_click after submit']);
    expect(closeTriggerOf('escape')).to.equal('escape');
  });

  it('an embedded pop-up waits for its <poptin-embed>, and goes into it', async () => {
    const { context, mounter } = setup();
    const handle = handleOf(popupConfig({ poptin_type: 'embedded' }));
    await mountFired(mounter, handle);
    expect(handle.runner.snapshot.phase).to.equal('closed');
    const place = context.window.document.createElement('poptin-embed');
    place.setAttribute('poptin-id', handle.config.id);
    context.window.document.body.append(place);
    const again = handleOf(popupConfig({ poptin_type: 'embedded' }));
    await mountFired(mounter, again);
    expect(again.element?.parentElement).to.equal(place);
  });

  it('a template that cannot be had fails the showing', async () => {
    const { mounter, heard } = setup();
    const handle = handleOf(popupConfig({ poptin: '', poptin_url: 'https://display.test/missing.html' }));
    await mountFired(mounter, handle);
    expect(handle.runner.snapshot.phase).to.equal('closed');
    expect(handle.element).to.equal(null);
    expect(heard).to.deep.equal([]);
  });

  it('recommendations built ahead for another cart are built again when its turn comes', async () => {
    const { context, mounter, made, cartChanged } = setup();
    const handle = handleOf(
      popupConfig({ poptin: '<poptin-product-recommendations></poptin-product-recommendations>' }),
    );
    handle.runner.send({ type: 'decided', allowed: true });
    mounter.prepareAhead(handle);
    await builtAhead(made, 1);
    expect(made.length).to.equal(1);
    cartChanged();
    handle.runner.send({ type: 'fire', trigger: 'scroll' });
    await mounter.mount(handle);
    expect(made.length).to.equal(2);
    expect(context.window.document.body.querySelectorAll('poptin-popup').length).to.equal(1);
    expect(handle.runner.snapshot.phase).to.equal('shown');
  });

  it('builds a click-only pop-up ahead when what opens it is on the page, and only then', async () => {
    const { context, mounter, made } = setup();
    const { document } = context.window;
    const withButton = handleOf(popupConfig({ poptin_id: 'clickbox00001' }), []);
    const withLink = handleOf(popupConfig({ poptin_id: 'clickbox00002' }), []);
    const nowhere = handleOf(popupConfig({ poptin_id: 'clickbox00003' }), []);
    document.body.insertAdjacentHTML(
      'beforeend',
      '<button type="button" data-poptin-id="clickbox00001">Offer</button><a href="https://display.test/click/clickbox00002">Offer</a><a href="/click/clickbox000034">Another</a>',
    );
    for (const handle of [withButton, withLink, nowhere]) {
      handle.runner.send({ type: 'decided', allowed: true });
      mounter.prepareAhead(handle);
    }
    await builtAhead(made, 2);
    expect(made.length).to.equal(2);
    expect(withButton.element?.isConnected).to.equal(true);
    expect(withLink.element?.isConnected).to.equal(true);
    expect(nowhere.element).to.equal(null);
    expect(withButton.element!.model.get()).to.include({ visible: false });
  });

  it('a pop-up closed before its build at idle opens when it is asked for again', async () => {
    const { context, mounter } = setup();
    context.window.document.body.innerHTML = `<button type="button" data-poptin-id="${POPTIN_ID}">Offer</button>`;
    const handle = handleOf(popupConfig(), []);
    handle.runner.send({ type: 'decided', allowed: true });
    mounter.prepareAhead(handle);
    handle.runner.send({ type: 'fire', trigger: 'click' });
    await mounter.mount(handle);
    handle.runner.send({ type: 'closed', cause: 'x_click', submitted: false });
    mounter.remove(handle, 0);
    await afterIdle();
    handle.runner.send({ type: 'reopen' });
    handle.runner.send({ type: 'fire', trigger: 'click' });
    await mounter.mount(handle);
    expect(handle.runner.snapshot.phase).to.equal('shown');
    expect(context.window.document.body.querySelectorAll('poptin-popup').length).to.equal(1);
  });

  it('a pop-up closed while its build at idle is under way opens when it is asked for again', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let surfaces: ReturnType<typeof fakeSurfaces>['surfaces'] | undefined;
    const { context, mounter: gated } = setup({
      loadSurfaces: async () => {
        await gate;
        return surfaces!;
      },
    });
    surfaces = fakeSurfaces(context.window.document).surfaces;
    const handle = handleOf(popupConfig());
    handle.runner.send({ type: 'decided', allowed: true });
    gated.prepareAhead(handle);
    await afterIdle();
    expect(handle.prepared, 'its build under way').to.not.equal(undefined);
    handle.runner.send({ type: 'failed' });
    release();
    await handle.prepared;
    handle.runner.send({ type: 'reopen' });
    handle.runner.send({ type: 'fire', trigger: 'manual' });
    await gated.mount(handle);
    expect(handle.runner.snapshot.phase).to.equal('shown');
  });

  it('builds no more than three click-only pop-ups ahead on one page', async () => {
    const { context, mounter, made } = setup();
    const ids = ['clickbox00001', 'clickbox00002', 'clickbox00003', 'clickbox00004', 'clickbox00005'];
    context.window.document.body.innerHTML = ids
      .map((id) => `<button type="button" data-poptin-id="${id}">Offer</button>`)
      .join('');
    const handles = ids.map((id) => handleOf(popupConfig({ poptin_id: id }), []));
    for (const handle of handles) {
      handle.runner.send({ type: 'decided', allowed: true });
      mounter.prepareAhead(handle);
    }
    await builtAhead(made, 3);
    expect(made.map((element) => element.getAttribute('poptin-id'))).to.deep.equal(ids.slice(0, 3));
  });

  it('a closed pop-up leaves the page after its removal delay; a new showing takes its place at once', async () => {
    const { context, mounter } = setup();
    const handle = handleOf(popupConfig());
    await mountFired(mounter, handle);
    const first = handle.element!;
    mounter.remove(handle, 10_000);
    expect(first.isConnected).to.equal(true);
    expect(handle.element).to.equal(null);
    handle.runner.send({ type: 'closed', cause: 'escape', submitted: false });
    handle.runner.send({ type: 'reopen' });
    handle.runner.send({ type: 'fire', trigger: 'manual' });
    await mounter.mount(handle);
    expect(first.isConnected).to.equal(false);
    expect(context.window.document.body.querySelectorAll('poptin-popup').length).to.equal(1);
  });
});

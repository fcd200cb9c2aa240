// A framework sets an element's structured settings as properties as soon as it creates the element, which may be
// before the element's code has loaded: the values must still be the ones it draws.
import { expect } from '@open-wc/testing';
import { shadowParts } from '../browser-support/games.ts';
import { until } from '../browser-support/waiting.ts';

const PRIZES = {
  ten: { label: '10% off', code: 'TEN', prize_id: 'p-ten', is_winner: 1, chances: 40 },
  ship: { label: 'Free shipping', code: 'SHIP', prize_id: 'p-ship', is_winner: 1, chances: 40 },
  none: { label: 'No luck', prize_id: 'p-none', loosing_option: 1, chances: 20 },
};
const PRODUCTS = [
  { product_id: 7002, title: 'Water bottle', price: 24, handle: 'bottle' },
  { product_id: 7003, title: 'Headlamp', price: 34, handle: 'headlamp' },
];

/** An element created and given `properties` while its tag is still undefined, then placed in the page. */
function placedBeforeDefine(tag: string, properties: Record<string, unknown>): HTMLElement {
  expect(customElements.get(tag), `${tag} is not defined yet`).to.equal(undefined);
  const element = document.createElement(tag);
  Object.assign(element, properties);
  document.body.append(element);
  return element;
}

describe('properties set before the element is defined', () => {
  it('a spin wheel draws the prizes given as an object before its code loaded', async () => {
    const wheel = placedBeforeDefine('poptin-spin-wheel', { prizes: PRIZES });
    await import('../../elements/poptin-spin-wheel/define.ts');
    await until(() => shadowParts(wheel, 'slice').length === 3, 'the three slices');
    // A label runs on as many lines as fit it in its slice: its words are read line by line.
    const label = (slice: Element) => [...slice.querySelectorAll('tspan')].map((line) => line.textContent).join(' ');
    expect(shadowParts(wheel, 'slice').map(label)).to.deep.equal(['10% off', 'Free shipping', 'No luck']);
    expect((wheel as HTMLElement & { prizes: unknown }).prizes).to.deep.equal(PRIZES);
    wheel.remove();
  });

  it('a product list shows the products given as a list before its code loaded', async () => {
    const list = placedBeforeDefine('poptin-product-recommendations', { products: PRODUCTS });
    await import('../../elements/poptin-product-recommendations/define.ts');
    await until(() => shadowParts(list, 'title').length === 2, 'the two products');
    expect(shadowParts(list, 'title').map((title) => title.textContent)).to.deep.equal(['Water bottle', 'Headlamp']);
    list.remove();
  });

  it('a chat button uses the settings object given before its code loaded', async () => {
    const button = placedBeforeDefine('poptin-chat-button', {
      settings: { telephone: '+62 812 000', button_delay: -1, message_send: 'Halo' },
    });
    await import('../../elements/poptin-chat-button/define.ts');
    await until(() => button.shadowRoot?.querySelector('[part~="base"]') != null, 'the chat button');
    expect((button as HTMLElement & { settings: { telephone: string } | null }).settings?.telephone).to.equal(
      '+62 812 000',
    );
    button.remove();
  });

  it('a controller asks the server and client given as properties before its code loaded', async () => {
    const requested: string[] = [];
    const pageFetch = window.fetch;
    window.fetch = (input: RequestInfo | URL) => {
      requested.push(input instanceof Request ? input.url : String(input));
      return Promise.resolve(Response.json({ display: 'allowed', message: '', poptins: [] }));
    };
    try {
      const controller = placedBeforeDefine('poptin-controller', {
        clientId: 'set-before-define',
        apiBase: 'https://display.example',
      }) as HTMLElement & { clientId: string; apiBase: string };
      await import('../../elements/poptin-controller/define.ts');
      await until(
        () => requested.some((url) => url.startsWith('https://display.example/') && url.includes('set-before-define')),
        'the display call to the server set before the define',
      );
      expect([controller.getAttribute('client-id'), controller.getAttribute('api-base')]).to.deep.equal([
        'set-before-define',
        'https://display.example',
      ]);
      controller.clientId = 'set-after-define';
      expect(controller.getAttribute('client-id')).to.equal('set-after-define');
      controller.remove();
    } finally {
      window.fetch = pageFetch;
    }
  });

  it('a value set again after the define replaces the one set before', async () => {
    const wheel = document.createElement('poptin-spin-wheel') as HTMLElement & { prizes: unknown };
    document.body.append(wheel);
    wheel.prizes = { only: { label: 'Only prize', prize_id: 'p-only', is_winner: 1, chances: 100 } };
    await until(() => shadowParts(wheel, 'slice').length === 1, 'the one slice');
    wheel.prizes = JSON.stringify(PRIZES);
    await until(() => shadowParts(wheel, 'slice').length === 3, 'the three slices of the JSON text');
    wheel.remove();
  });
});

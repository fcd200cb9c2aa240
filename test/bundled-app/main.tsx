// A React 19 app as a user writes one: the package imported by name, every element placed by hand. Those given
// objects (a wheel's prizes, a product list, the chat settings) are defined first, so that React sets the objects
// as properties; the others load when React places them. test/e2e/bundled-app.test.ts builds it with Vite in
// production mode and opens it in Chromium.
import 'poptin-elements';
import { defineElements } from 'poptin-elements/define';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const PRIZES = {
  ten: { label: '10% off', code: 'TEN-OFF', prize_id: 'p-ten', is_winner: 1, chances: 50 },
  none: { label: 'No luck', code: '', prize_id: 'p-none', loosing_option: 1, chances: 50 },
};
const PRODUCTS = [
  { product_id: '1', variant_id: '11', title: 'Blue mug', price: '12.00', currency: 'USD', handle: 'blue-mug' },
];

// Each element with what it needs to draw itself without a display server.
const PLACED: [tag: string, props: Record<string, unknown>][] = [
  ['poptin-popup', { kind: 'embedded', trigger: 'immediate' }],
  ['poptin-spin-wheel', { prizes: PRIZES }],
  ['poptin-scratch-card', { prizes: JSON.stringify(PRIZES) }],
  ['poptin-gift-box', { prizes: JSON.stringify(PRIZES) }],
  ['poptin-countdown', { minutes: '5' }],
  ['poptin-chat-button', { settings: { telephone: '15550100', button_delay: -1 } }],
  ['poptin-embed', { 'poptin-id': 'a1b2c3d4e5f60', height: '120' }],
  ['poptin-teaser', { 'poptin-id': 'a1b2c3d4e5f60', label: 'Open the offer' }],
  ['poptin-product-recommendations', { products: PRODUCTS }],
];

function App() {
  return createElement(
    'main',
    null,
    createElement('h1', null, 'Every element, bundled'),
    ...PLACED.map(([tag, props]) =>
      createElement(
        tag,
        { key: tag, ...props },
        tag === 'poptin-popup' ? createElement('p', null, 'Hello from a bundled pop-up') : null,
      ),
    ),
  );
}

await defineElements(['poptin-spin-wheel', 'poptin-product-recommendations', 'poptin-chat-button']);
createRoot(document.getElementById('root')!).render(createElement(App));

// A React 19 app as a user writes one: the package imported by name, every element placed by hand in JSX.
// test/e2e/bundled-app.test.ts builds it with Vite in production mode and opens it in Chromium.
import 'poptin-elements';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const PRIZES = JSON.stringify({
  ten: { label: '10% off', code: 'TEN-OFF', prize_id: 'p-ten', is_winner: 1, chances: 50 },
  none: { label: 'No luck', code: '', prize_id: 'p-none', loosing_option: 1, chances: 50 },
});
const PRODUCTS = JSON.stringify([{ product_id: '1', variant_id: '11', title: 'Blue mug', price: '12.00', currency: 'USD', image: '', desc: 'A mug.', handle: 'blue-mug', path: '/products/blue-mug', inventory_quantity: 3 }]);

// Each element with what it needs to draw itself without a display server, as attributes.
const PLACED: [tag: string, attributes: Record<string, string>][] = [
  ['poptin-popup', { kind: 'embedded', trigger: 'immediate' }],
  ['poptin-spin-wheel', { prizes: PRIZES }],
  ['poptin-scratch-card', { prizes: PRIZES }],
  ['poptin-gift-box', { prizes: PRIZES }],
  ['poptin-countdown', { minutes: '5' }],
  ['poptin-chat-button', { telephone: '15550100', 'button-delay': '-1' }],
  ['poptin-embed', { 'poptin-id': 'a1b2c3d4e5f60', height: '120' }],
  ['poptin-teaser', { 'poptin-id': 'a1b2c3d4e5f60', label: 'Open the offer' }],
  ['poptin-product-recommendations', { products: PRODUCTS }],
];

function App() {
  return createElement(
    'main',
    null,
    createElement('h1', null, 'Every element, bundled'),
    ...PLACED.map(([tag, attributes]) => createElement(tag, { key: tag, ...attributes }, tag === 'poptin-popup' ? createElement('p', null, 'Hello from a bundled pop-up') : null)),
  );
}

createRoot(document.getElementById('root')!).render(createElement(App));

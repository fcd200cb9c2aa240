// Typings for the poptin-* tags in JSX: attributes, properties and `onpoptin-…` handlers with typed detail.

import type { PoptinEventDetails, PrizeSetInput } from 'poptin-elements';
import type {} from 'poptin-elements/react';
import { useState } from 'react';

const PRIZES: PrizeSetInput = {
  ten: { label: '10% off', code: 'TEN-OFF', prize_id: 'p-ten', is_winner: 1, chances: 30 },
  ship: { label: 'Free shipping', code: 'SHIP', prize_id: 'p-ship', is_winner: 1, chances: 30 },
  none: { label: 'No luck', prize_id: 'p-none', loosing_option: 1, chances: 40 },
};

const PRODUCTS = [
  { product_id: 7002, title: 'Water bottle', price: 24, handle: 'bottle' },
  { product_id: 7003, title: 'Headlamp', price: 34, handle: 'headlamp' },
];

export function App() {
  const [lead, setLead] = useState('');
  const [prize, setPrize] = useState('');

  const submitted = (event: CustomEvent<PoptinEventDetails['poptin-submit']>) => {
    setLead(event.detail.fields.find((field) => field.name === 'Email')?.value ?? '');
  };

  return (
    <main>
      <h1>poptin-elements in React 19</h1>

      <poptin-popup kind="embedded" onpoptin-submit={submitted}>
        <form>
          <label>
            Email <input name="Email" type="email" required />
          </label>
          <button type="submit">Get the offer</button>
        </form>
      </poptin-popup>
      <p data-testid="lead">{lead && `Thanks, ${lead}`}</p>

      <poptin-spin-wheel prizes={PRIZES} onpoptin-game-result={(event) => setPrize(event.detail.label)} />
      <p data-testid="prize">{prize}</p>

      <poptin-countdown minutes={15} timer-ver="1" />
      <poptin-chat-button settings={{ telephone: '15550100', button_delay: -1, message_send: 'Hello' }} />
      <poptin-product-recommendations products={PRODUCTS} />
    </main>
  );
}

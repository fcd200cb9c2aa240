// A React 19 component using the elements as an app does; scripts/manifest-types.test.ts type-checks it against the
// built typings. Each @ts-expect-error is a mistake the typings must refuse: were it accepted, tsc would fail.

import type { PoptinEventDetails, PrizeSetInput } from 'poptin-elements';
import type {} from 'poptin-elements/react';

const prizes: PrizeSetInput = {
  ten: { label: '10% off', code: 'TEN', chances: 50, is_winner: 1 },
  none: { label: 'No luck', chances: 50, loosing_option: 1 },
};

export function Offer({ onLead }: { onLead: (email: string) => void }) {
  const submitted = (event: CustomEvent<PoptinEventDetails['poptin-submit']>) => {
    const email = event.detail.fields.find((field) => field.name === 'Email');
    if (email) onLead(email.value);
  };
  return (
    <>
      <poptin-popup
        kind="lightbox"
        trigger="seconds:3"
        onpoptin-submit={submitted}
        onpoptin-after-hide={(event) => console.log(event.detail.submitted)}
      >
        <form>
          <input name="Email" type="email" />
        </form>
      </poptin-popup>
      <poptin-spin-wheel
        prizes={prizes}
        onpoptin-game-result={(event) => console.log(event.detail.screen, event.detail.code)}
      />
      <poptin-countdown
        minutes={5}
        timer-ver="1"
        onpoptin-countdown-end={(event) => console.log(event.detail.endsAt)}
      />
      <poptin-chat-button telephone="15550100" settings={{ button_delay: -1 }} qr />
      <poptin-product-recommendations products={[{ product_id: 1, title: 'Mug', price: 12 }]} buttons="redirect" />
      <poptin-teaser poptin-id="a1b2c3d4e5f60" mode="after_close" />
      <poptin-popup
        poptin-id="a1b2c3d4e5f60"
        onpoptin-game-result={(event) => console.log(event.detail.screen)}
        onpoptin-countdown-end={(event) => console.log(event.detail.endsAt)}
      />

      {/* @ts-expect-error: a pop-up kind the package does not know */}
      <poptin-popup kind="sidebar" />
      {/* @ts-expect-error: a layout the countdown does not have */}
      <poptin-countdown timer-ver="3" />
      {/* @ts-expect-error: a prize needs its chances */}
      <poptin-spin-wheel prizes={{ ten: { label: '10% off' } }} />
      {/* @ts-expect-error: the detail of poptin-submit has no "email" */}
      <poptin-popup onpoptin-submit={(event) => console.log(event.detail.email)} />
      {/* @ts-expect-error: a handler of another event's detail */}
      <poptin-spin-wheel
        onpoptin-game-play={(event: CustomEvent<{ endsAt: string }>) => console.log(event.detail.endsAt)}
      />
    </>
  );
}

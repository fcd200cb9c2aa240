import { expect, fixture, html } from '@open-wc/testing';
import { parsePrizeSet } from '../../core/games/index.ts';
import { bindCoupons } from './coupon.ts';
import { showGameResult } from './game-screens.ts';

const [WIN, LOSE] = parsePrizeSet({
  w: { label: '10% off', code: 'TEN-OFF', prize_id: 'p-w', is_winner: 1, chances: 60 },
  l: { label: 'Next time', code: '', prize_id: 'p-l', loosing_option: 1, chances: 40 },
});

async function template(): Promise<HTMLElement> {
  return fixture(html`<div>
    <section data-poptin-screen="play">
      <form><input type="hidden" name="code" value="prize_code" /><input type="hidden" name="label" value="prize_label" /><input type="hidden" name="src" value="wheel" /></form>
    </section>
    <section data-poptin-screen="win" hidden><p>You won <strong data-poptin-prize-label></strong></p><span data-poptin-coupon>CODE</span><span data-poptin-coupon></span></section>
    <section data-poptin-screen="lose" hidden><p data-poptin-prize-label></p></section>
  </div>`);
}

describe('gamified template screens', () => {
  it('a winning prize shows the win screen with its code in every coupon and its label, and fills the hidden fields', async () => {
    const content = await template();
    showGameResult(content, 'win', WIN!);
    const screens = [...content.querySelectorAll<HTMLElement>('[data-poptin-screen]')].map((screen) => [
      screen.dataset.poptinScreen,
      screen.hidden,
    ]);
    expect(screens).to.deep.equal([
      ['play', true],
      ['win', false],
      ['lose', true],
    ]);
    expect(
      [...content.querySelectorAll('[data-poptin-screen="win"] [data-poptin-coupon]')].map(
        (coupon) => coupon.textContent,
      ),
    ).to.deep.equal(['TEN-OFF', 'TEN-OFF']);
    expect(content.querySelector('[data-poptin-screen="win"] [data-poptin-prize-label]')!.textContent).to.equal(
      '10% off',
    );
    const form = new FormData(content.querySelector('form')!);
    expect([form.get('code'), form.get('label'), form.get('src')]).to.deep.equal(['TEN-OFF', '10% off', 'wheel']);
  });

  it('a losing prize shows the lose screen', async () => {
    const content = await template();
    showGameResult(content, 'lose', LOSE!);
    expect(content.querySelector<HTMLElement>('[data-poptin-screen="lose"]')!.hidden).to.equal(false);
    expect(content.querySelector<HTMLElement>('[data-poptin-screen="win"]')!.hidden).to.equal(true);
    expect(content.querySelector('[data-poptin-screen="lose"] [data-poptin-prize-label]')!.textContent).to.equal(
      'Next time',
    );
  });

  it('copying the won coupon tells the page its code and the prize label', async () => {
    const content = await template();
    showGameResult(content, 'win', WIN!);
    const stop = bindCoupons(content, 'en');
    const heard = new Promise<CustomEvent>((resolve) =>
      window.addEventListener('couponCopy', (event) => resolve(event as CustomEvent), { once: true }),
    );
    content.querySelector<HTMLElement>('[data-poptin-coupon]')!.click();
    const event = await heard;
    expect(event.detail).to.deep.equal({ event_name: 'couponCopy', coupon_code: 'TEN-OFF', prize_label: '10% off' });
    stop();
  });
});

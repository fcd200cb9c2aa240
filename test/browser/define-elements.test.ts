// poptin-elements/define defines every element as soon as it is imported, with classes that hold no React: an
// element a framework creates right after has its properties (React 19 sets `prizes` as a property only when
// `'prizes' in element`), and draws what they hold once its view, imported lazily, has arrived.
import { expect } from '@open-wc/testing';
import { defineElements } from '../../src/define-elements.ts';
import { handPlacedLoaders } from '../../src/registry.ts';
import { shadowParts } from '../browser-support/games.ts';
import { until } from '../browser-support/waiting.ts';

const PRIZES = {
  ten: { label: '10% off', code: 'TEN', prize_id: 'p-ten', is_winner: 1, chances: 50 },
  none: { label: 'No luck', prize_id: 'p-none', loosing_option: 1, chances: 50 },
};

/** The element as a framework makes it: created, given `properties` where it has them, then placed. */
function rendered(tag: string, properties: Record<string, unknown>): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(properties)) {
    expect(name in element, `${tag} has ${name} when created`).to.equal(true);
    (element as unknown as Record<string, unknown>)[name] = value;
  }
  document.body.append(element);
  return element;
}

describe('poptin-elements/define', () => {
  it('defines every element of the registry when imported', () => {
    expect(Object.keys(handPlacedLoaders).filter((tag) => !customElements.get(tag))).to.deep.equal([]);
  });

  it('gives new elements their properties at once, and they draw what those hold once their views arrive', async () => {
    const wheel = rendered('poptin-spin-wheel', { prizes: PRIZES });
    const chat = rendered('poptin-chat-button', { settings: { telephone: '+62 812 000', button_delay: -1 } });
    const list = rendered('poptin-product-recommendations', {
      products: [{ product_id: 7002, title: 'Water bottle', price: 24, handle: 'bottle' }],
    });
    expect(shadowParts(wheel, 'slice'), 'nothing drawn before the view arrives').to.have.length(0);
    await until(() => shadowParts(wheel, 'slice').length === 2, 'the two slices');
    expect(shadowParts(wheel, 'slice').map((slice) => slice.textContent)).to.deep.equal(['10% off', 'No luck']);
    await until(() => shadowParts(chat, 'button').length === 1, 'the chat button');
    await until(() => shadowParts(list, 'title').length === 1, 'the product');
    expect(shadowParts(list, 'title')[0]!.textContent).to.equal('Water bottle');
    for (const element of [wheel, chat, list]) element.remove();
  });

  it('defineElements() loads views ahead and names a tag the package lacks', async () => {
    await defineElements(['poptin-countdown']);
    const countdown = document.createElement('poptin-countdown');
    countdown.setAttribute('minutes', '5');
    countdown.setAttribute('timer-ver', '1');
    document.body.append(countdown);
    await until(() => shadowParts(countdown, 'base').length === 1, 'the countdown');
    countdown.remove();
    let refused: unknown;
    await defineElements(['poptin-sidebar']).catch((error: unknown) => {
      refused = error;
    });
    expect(String(refused)).to.contain('has no <poptin-sidebar>');
  });
});

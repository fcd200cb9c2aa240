// custom-elements.json against the elements themselves: every attribute an element observes is documented, and
// every documented attribute is one it observes or reads when placed in the page (or one it sets itself, said so
// in its description); every part an element draws is documented.
import { expect } from '@open-wc/testing';
import { until } from '../browser-support/waiting.ts';
import '../../elements/poptin-chat-button/define.ts';
import '../../elements/poptin-controller/define.ts';
import '../../elements/poptin-countdown/define.ts';
import '../../elements/poptin-embed/define.ts';
import '../../elements/poptin-gift-box/define.ts';
import '../../elements/poptin-popup/define.ts';
import '../../elements/poptin-product-recommendations/define.ts';
import '../../elements/poptin-scratch-card/define.ts';
import '../../elements/poptin-spin-wheel/define.ts';
import '../../elements/poptin-teaser/define.ts';

interface Declaration {
  tagName?: string;
  attributes?: { name: string; description?: string }[];
  cssParts?: { name: string }[];
}

const PRIZES = JSON.stringify({
  ten: { label: '10% off', code: 'TEN', prize_id: 'p-ten', is_winner: 1, chances: 50 },
  none: { label: 'No luck', prize_id: 'p-none', loosing_option: 1, chances: 50 },
});
// Each element that draws without a display server, with what it needs to.
const DRAWN_WITH: Record<string, Record<string, string>> = {
  'poptin-spin-wheel': { prizes: PRIZES },
  'poptin-scratch-card': { prizes: PRIZES },
  'poptin-gift-box': { prizes: PRIZES },
  'poptin-countdown': { minutes: '5', 'timer-ver': '1' },
  'poptin-chat-button': { telephone: '15550100', 'button-delay': '-1', 'message-delay': '-1', qr: 'true' },
  'poptin-product-recommendations': { products: JSON.stringify([{ product_id: 1, title: 'Mug', price: 12, compare_at_price: 15, inventory_quantity: 2, handle: 'mug' }]) },
  'poptin-teaser': { 'poptin-id': 'a1b2c3d4e5f60' },
};

async function documentedElements(): Promise<Map<string, Declaration>> {
  const response = await fetch('/custom-elements.json');
  const manifest = (await response.json()) as { modules: { declarations?: Declaration[] }[] };
  return new Map(manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.tagName).map((declaration) => [declaration.tagName!, declaration]));
}

// What makes an element go on to read the rest: a controller needs a client (on Wix for the Wix settings), a pop-up
// placed by hand its kind.
const STARTING_ATTRIBUTES: Record<string, Record<string, string>> = {
  'poptin-controller': { 'client-id': 'manifest-probe', 'api-base': 'http://127.0.0.1:9', store: 'wix' },
  'poptin-popup': { kind: 'bar' },
};
// When it has read them: a pop-up placed by hand shows in the frame its lazily loaded part draws it.
const READ_ALL: Record<string, (element: Element) => Promise<unknown>> = {
  'poptin-popup': (element) => until(() => element.hasAttribute('data-rendering'), 'the pop-up to show'),
};
// The controller reads its server, landing, cart and product attributes once its session starts (its session's
// tests, with a server, use each); here it is only held to observing nothing undocumented.
const READ_AFTER_AN_ANSWER = new Set(['api-base', 'landing', 'wix-api-host', 'cart-path', 'product-id', 'product-name', 'product-category']);

/** The attribute names an element reads while it is created and placed in the page, and a frame after. */
async function attributesReadOnPlacing(tag: string): Promise<Set<string>> {
  const read = new Set<string>();
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(STARTING_ATTRIBUTES[tag] ?? {})) element.setAttribute(name, value);
  const original = { getAttribute: Element.prototype.getAttribute, hasAttribute: Element.prototype.hasAttribute };
  Element.prototype.getAttribute = function (this: Element, name: string) {
    if (this === element) read.add(name);
    return original.getAttribute.call(this, name);
  };
  Element.prototype.hasAttribute = function (this: Element, name: string) {
    if (this === element) read.add(name);
    return original.hasAttribute.call(this, name);
  };
  try {
    document.body.append(element);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await READ_ALL[tag]?.(element);
  } finally {
    Object.assign(Element.prototype, original);
    element.remove();
  }
  return read;
}

describe('custom-elements.json and the elements', () => {
  it('documents exactly the attributes each element observes or reads', async () => {
    const documented = await documentedElements();
    expect([...documented.keys()].sort()).to.have.length(10);
    const mismatches: string[] = [];
    for (const [tag, declaration] of documented) {
      const element = customElements.get(tag) as (CustomElementConstructor & { observedAttributes?: string[] }) | undefined;
      expect(element, `${tag} is defined`).to.not.equal(undefined);
      const observed = new Set(element!.observedAttributes ?? []);
      const read = await attributesReadOnPlacing(tag);
      const attributes = declaration.attributes ?? [];
      for (const name of observed) if (!attributes.some((attribute) => attribute.name === name)) mismatches.push(`<${tag}> observes ${name}, undocumented`);
      for (const attribute of attributes) {
        const answered = tag === 'poptin-controller' && READ_AFTER_AN_ANSWER.has(attribute.name);
        const used = observed.has(attribute.name) || read.has(attribute.name) || answered || attribute.description?.startsWith('Set by');
        if (!used) mismatches.push(`<${tag}> documents ${attribute.name}, which it neither observes nor reads`);
      }
    }
    expect(mismatches).to.deep.equal([]);
  });

  it('documents every part each element draws', async () => {
    const documented = await documentedElements();
    const undocumented: string[] = [];
    for (const [tag, attributes] of Object.entries(DRAWN_WITH)) {
      const element = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      document.body.append(element);
      await until(() => element.shadowRoot?.querySelector('[part]') != null, `<${tag}> to draw itself`);
      const parts = new Set([...element.shadowRoot!.querySelectorAll('[part]')].flatMap((node) => node.getAttribute('part')!.split(/\s+/)));
      const names = (documented.get(tag)?.cssParts ?? []).map((part) => part.name);
      for (const part of parts) if (!names.includes(part)) undocumented.push(`<${tag}> draws part ${part}, undocumented`);
      element.remove();
    }
    expect(undocumented).to.deep.equal([]);
  });
});

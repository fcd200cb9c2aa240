import { expect } from '@open-wc/testing';
import { parsePopupConfig } from '../../src/core/config/parse.ts';
import { POPUP_TYPES, type PopupType } from '../../src/core/config/types.ts';
import { sanitizeTemplate } from '../../src/core/sanitize.ts';
import type { ElementKind } from '../../src/registry.ts';
import { createElementOf, createSurface, ELEMENT_KINDS, tagOf } from '../../src/registry-lookups.ts';
import type { PopupModel } from '../../src/stores/popup-model.ts';
import { ALWAYS_WIN, FOUR_PRIZES } from '../browser-support/games.ts';

// A pop-up of the kind, with some text, a heading and a field.
const popupOf = (type: PopupType): PopupModel => ({
  config: parsePopupConfig({
    poptin_id: 'isolation0001',
    poptin_name: 'Isolation',
    poptin_type: type,
    viewer_id: 'v1',
    x_close_button: 'yes',
    design_properties: {},
  }),
  html: sanitizeTemplate(
    '<div data-poptin-screen="form"><h2>Heading</h2><p>Some <strong>text</strong></p><form><label>Email <input name="Email" type="email"></label><button type="submit">Join</button></form></div>',
  ),
  lang: 'en',
  trigger: 'manual',
});

async function drawn(element: HTMLElement): Promise<void> {
  while (!element.shadowRoot?.querySelector('[part~="base"]'))
    await new Promise((resolve) => requestAnimationFrame(resolve));
}

// What a hostile or careless host page does (surface kit issue): every element red, big and inline, root font at 62.5%.
const HOSTILE_CSS = `* { color: rgb(255, 0, 0) !important; font-size: 40px !important; display: inline !important } html { font-size: 62.5% }`;
const PROPERTIES = [
  'color',
  'font-size',
  'font-family',
  'font-weight',
  'line-height',
  'display',
  'text-align',
  'letter-spacing',
  'width',
  'padding-top',
  'margin-top',
];

function computedInside(root: ShadowRoot, properties: readonly string[] = PROPERTIES): string[] {
  return [...root.querySelectorAll('*')]
    .filter((element) => element.tagName !== 'STYLE')
    .map((element) => {
      const style = getComputedStyle(element);
      return `${element.tagName.toLowerCase()}${element.getAttribute('part') ? `[part=${element.getAttribute('part')}]` : ''}: ${properties.map((name) => `${name}=${style.getPropertyValue(name)}`).join('; ')}`;
    });
}

/** A pop-up of the kind in `parent`, once it has shown. */
async function shownPopup(type: PopupType, parent: HTMLElement = document.body): Promise<HTMLElement> {
  const element = await createSurface('popup');
  const afterShow = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
  element.model.set(popupOf(type));
  parent.append(element);
  await afterShow;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  return element;
}

/** The element of the kind, defined, set up by its attributes and drawn in the page. */
async function drawnWith(kind: ElementKind, attributes: Record<string, string>): Promise<HTMLElement> {
  const element = await createSurface(kind);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  await drawn(element);
  return element;
}

interface Placed {
  /** What draws in its own shadow root. */
  surface: HTMLElement;
  /** What the test put in the page, removed after it. */
  placed: HTMLElement;
  /** Only these many elements drawn inside, at least. */
  fewestElements?: number;
  properties?: readonly string[];
}
const alone = (surface: HTMLElement, fewestElements?: number): Placed => ({ surface, placed: surface, fewestElements });

// Pop-ups in the page's flow (a pushing bar, embedded and content forms) are as wide as the page around them:
// the hostile sheet makes the page itself inline, so only their width may follow.
const IN_FLOW_KINDS: readonly PopupType[] = ['bar', 'embedded', 'content'];
const WITHOUT_WIDTH = PROPERTIES.filter((name) => name !== 'width');

// One fixture per element of the registry (the type makes each required), drawn with some content.
const FIXTURES: { [Kind in ElementKind]: () => Promise<Placed> } = {
  popup: async () => alone(await shownPopup('lightbox')),
  countdown: async () => {
    const countdown = await createSurface('countdown');
    countdown.model.set({ end: { kind: 'duration', ms: 330_000 }, layout: 1 });
    document.body.append(countdown);
    await drawn(countdown);
    return alone(countdown);
  },
  'chat-button': async () =>
    alone(await drawnWith('chat-button', { settings: JSON.stringify({ telephone: '15550100', button_delay: -1 }) }), 2),
  // A placeholder of no shadow root: what draws in it is its embedded pop-up.
  embed: async () => {
    const embed = createElementOf('embed');
    embed.setAttribute('poptin-id', 'isolation0001');
    await createSurface('embed');
    document.body.append(embed);
    return { surface: await shownPopup('embedded', embed), placed: embed, properties: WITHOUT_WIDTH };
  },
  // Just its base and its button.
  teaser: async () => alone(await drawnWith('teaser', { 'poptin-id': 'isolation0001', label: 'Ten percent off' }), 2),
  'spin-wheel': async () => alone(await drawnWith('spin-wheel', { prizes: JSON.stringify(FOUR_PRIZES) })),
  'scratch-card': async () => alone(await drawnWith('scratch-card', { prizes: JSON.stringify(ALWAYS_WIN) })),
  'gift-box': async () => alone(await drawnWith('gift-box', { prizes: JSON.stringify(ALWAYS_WIN) })),
  recommendations: async () =>
    alone(
      await drawnWith('recommendations', {
        products: JSON.stringify([{ product_id: 7003, title: 'Headlamp', price: 34, handle: 'headlamp' }]),
        currency: 'EUR',
      }),
    ),
};

/** No computed style inside the surface changes once the hostile stylesheet is on the page; what was placed is removed after. */
function expectUnchangedUnderHostileCss({
  surface,
  placed,
  fewestElements = 4,
  properties = PROPERTIES,
}: Placed): void {
  const before = computedInside(surface.shadowRoot!, properties);
  expect(before.length).to.be.at.least(fewestElements);
  const hostile = document.createElement('style');
  hostile.textContent = HOSTILE_CSS;
  document.head.append(hostile);
  try {
    expect(computedInside(surface.shadowRoot!, properties)).to.deep.equal(before);
    const heading = surface.shadowRoot!.querySelector('h2');
    if (heading) expect(getComputedStyle(heading).color).not.to.equal('rgb(255, 0, 0)');
  } finally {
    hostile.remove();
    placed.remove();
  }
}

describe('every element of the registry: the host page cannot restyle what is drawn inside it', () => {
  for (const kind of ELEMENT_KINDS) {
    it(`${kind} (<${tagOf(kind)}>)`, async () => expectUnchangedUnderHostileCss(await FIXTURES[kind]()));
  }
});

describe('pop-ups of every kind: the host page cannot restyle them', () => {
  for (const type of POPUP_TYPES) {
    it(`a ${type} pop-up`, async () => {
      const popup = await shownPopup(type);
      expectUnchangedUnderHostileCss({
        surface: popup,
        placed: popup,
        properties: IN_FLOW_KINDS.includes(type) ? WITHOUT_WIDTH : PROPERTIES,
      });
    });
  }
});

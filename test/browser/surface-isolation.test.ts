import { expect } from '@open-wc/testing';
import { parsePopupConfig } from '../../src/core/config/parse.ts';
import { POPUP_TYPES, type PopupType } from '../../src/core/config/types.ts';
import '../../elements/poptin-spin-wheel/define.ts';
import '../../elements/poptin-scratch-card/define.ts';
import '../../elements/poptin-gift-box/define.ts';
import '../../elements/poptin-teaser/define.ts';
import { ALWAYS_WIN, FOUR_PRIZES } from '../browser-support/games.ts';
import { createSurface, sanitizeTemplate, surfaceRegistry, type SurfaceKind, type SurfaceModels } from '../../src/surfaces.ts';

// Every surface of the registry, with a model that shows it and some text, a heading and a field.
const popupOf = (type: PopupType): SurfaceModels['popup'] => ({
  config: parsePopupConfig({ poptin_id: 'isolation0001', poptin_name: 'Isolation', poptin_type: type, viewer_id: 'v1', x_close_button: 'yes', design_properties: {} }),
  html: sanitizeTemplate('<div data-poptin-screen="form"><h2>Heading</h2><p>Some <strong>text</strong></p><form><label>Email <input name="Email" type="email"></label><button type="submit">Join</button></form></div>'),
  lang: 'en',
  trigger: 'manual',
});

const fixtures: { [Kind in SurfaceKind]: () => SurfaceModels[Kind] } = {
  popup: () => ({
    config: parsePopupConfig({ poptin_id: 'isolation0001', poptin_name: 'Isolation', poptin_type: 'lightbox', viewer_id: 'v1', design_properties: {} }),
    html: sanitizeTemplate('<div data-poptin-screen="form"><h2>Heading</h2><p>Some <strong>text</strong></p><form><label>Email <input name="Email" type="email"></label><button type="submit">Join</button></form></div>'),
    lang: 'en',
    trigger: 'manual',
  }),
  countdown: () => ({ end: { kind: 'duration', ms: 330_000 }, layout: 1 }),
};

// Surfaces drawn in place, with no show event of their own: ready once their view has drawn its base.
const INLINE_SURFACES: ReadonlySet<SurfaceKind> = new Set<SurfaceKind>(['countdown']);

async function drawn(element: HTMLElement): Promise<void> {
  while (!element.shadowRoot?.querySelector('[part~="base"]')) await new Promise((resolve) => requestAnimationFrame(resolve));
}

// What a hostile or careless host page does (surface kit issue): every element red, big and inline, root font at 62.5%.
const HOSTILE_CSS = `* { color: rgb(255, 0, 0) !important; font-size: 40px !important; display: inline !important } html { font-size: 62.5% }`;
const PROPERTIES = ['color', 'font-size', 'font-family', 'font-weight', 'line-height', 'display', 'text-align', 'letter-spacing', 'width', 'padding-top', 'margin-top'];

function computedInside(root: ShadowRoot, properties: readonly string[] = PROPERTIES): string[] {
  return [...root.querySelectorAll('*')]
    .filter((element) => element.tagName !== 'STYLE')
    .map((element) => {
      const style = getComputedStyle(element);
      return `${element.tagName.toLowerCase()}${element.getAttribute('part') ? `[part=${element.getAttribute('part')}]` : ''}: ${properties.map((name) => `${name}=${style.getPropertyValue(name)}`).join('; ')}`;
    });
}

async function shown(kind: SurfaceKind, model: unknown = fixtures[kind]()): Promise<HTMLElement> {
  const element = await createSurface(kind);
  const afterShow = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
  (element.model as { set(value: unknown): void }).set(model);
  document.body.append(element);
  await (INLINE_SURFACES.has(kind) ? drawn(element) : afterShow);
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  return element;
}

/** No computed style inside the surface changes once the hostile stylesheet is on the page; the surface is removed after. */
function expectUnchangedUnderHostileCss(element: HTMLElement, properties: readonly string[] = PROPERTIES, fewestElements = 4): void {
  const before = computedInside(element.shadowRoot!, properties);
  expect(before.length).to.be.at.least(fewestElements);
  const hostile = document.createElement('style');
  hostile.textContent = HOSTILE_CSS;
  document.head.append(hostile);
  try {
    expect(computedInside(element.shadowRoot!, properties)).to.deep.equal(before);
    const heading = element.shadowRoot!.querySelector('h2');
    if (heading) expect(getComputedStyle(heading).color).not.to.equal('rgb(255, 0, 0)');
  } finally {
    hostile.remove();
    element.remove();
  }
}

// Pop-ups in the page's flow (a pushing bar, embedded and content forms) are as wide as the page around them:
// the hostile sheet makes the page itself inline, so only their width may follow.
const IN_FLOW_KINDS: readonly PopupType[] = ['bar', 'embedded', 'content'];
const WITHOUT_WIDTH = PROPERTIES.filter((name) => name !== 'width');

describe('pop-ups of every kind and the games: the host page cannot restyle them', () => {
  for (const type of POPUP_TYPES) {
    it(`a ${type} pop-up`, async () => expectUnchangedUnderHostileCss(await shown('popup', popupOf(type)), IN_FLOW_KINDS.includes(type) ? WITHOUT_WIDTH : PROPERTIES));
  }
  it('<poptin-teaser>', async () => {
    const teaser = document.createElement('poptin-teaser');
    teaser.setAttribute('poptin-id', 'isolation0001');
    teaser.setAttribute('label', 'Ten percent off');
    document.body.append(teaser);
    await drawn(teaser);
    // Just its base and its button.
    expectUnchangedUnderHostileCss(teaser, PROPERTIES, 2);
  });
  for (const [tag, prizes] of [['poptin-spin-wheel', FOUR_PRIZES], ['poptin-scratch-card', ALWAYS_WIN], ['poptin-gift-box', ALWAYS_WIN]] as const) {
    it(`<${tag}>`, async () => {
      const game = document.createElement(tag);
      game.setAttribute('prizes', JSON.stringify(prizes));
      document.body.append(game);
      await drawn(game);
      expectUnchangedUnderHostileCss(game);
    });
  }
});

describe('surfaces: the host page cannot restyle what is inside a surface', () => {
  for (const kind of Object.keys(surfaceRegistry) as SurfaceKind[]) {
    it(`${kind} (<${surfaceRegistry[kind].tag}>): no computed style inside changes under hostile page CSS`, async () => {
      const element = await shown(kind);
      const before = computedInside(element.shadowRoot!);
      expect(before.length).to.be.greaterThan(3);
      const hostile = document.createElement('style');
      hostile.textContent = HOSTILE_CSS;
      document.head.append(hostile);
      try {
        expect(computedInside(element.shadowRoot!)).to.deep.equal(before);
        const heading = element.shadowRoot!.querySelector('h2');
        if (heading) expect(getComputedStyle(heading).color).not.to.equal('rgb(255, 0, 0)');
      } finally {
        hostile.remove();
        element.remove();
      }
    });
  }
});

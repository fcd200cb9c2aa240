import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { POPUP_TYPES, type PopupType } from '../../src/core/config/types.ts';
import { sanitizeTemplate } from '../../src/core/sanitize.ts';
import { formTemplate, nextFrame, part, popupConfig, removePopups, until } from '../../test/browser-support/popup.ts';
import { runAxe } from '../../test/browser-support/run-axe.ts';
import type { PoptinPopupElement } from './poptin-popup.ts';

const TEMPLATE = formTemplate('<h2>Ten percent off</h2><input name="Email" aria-label="Email">');
const VIEWPORT = { width: 1000, height: 700 };

/** Shows a pop-up of `type` where the controller puts it: a pushing bar first in the body, the others last. */
async function show(
  type: PopupType,
  design: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): Promise<PoptinPopupElement> {
  const element = document.createElement('poptin-popup') as PoptinPopupElement;
  element.popup = {
    config: popupConfig({ poptin_type: type, x_close_button: 'yes', design_properties: design, ...extra }),
    html: sanitizeTemplate(TEMPLATE),
    lang: 'en',
    trigger: 'manual',
  };
  const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
  if (type === 'bar' && !String(design.poptin_location ?? '').includes('bottom')) document.body.prepend(element);
  else document.body.append(element);
  await shown;
  await nextFrame();
  return element;
}

const box = (element: Element) => part(element, 'base').getBoundingClientRect();

describe('<poptin-popup> kinds and positions (widget §1, §2)', () => {
  let marker: HTMLElement;
  before(async () => {
    await setViewport(VIEWPORT);
  });
  beforeEach(() => {
    marker = document.createElement('p');
    marker.textContent = 'The page';
    // No margin of its own to collapse with the body's: what moves it is the bar alone.
    marker.style.margin = '0';
    document.body.append(marker);
  });
  afterEach(() => {
    removePopups();
    marker.remove();
  });

  it('a bar at the top pushes the page down by exactly its height, and takes no room before it shows', async () => {
    const before = marker.getBoundingClientRect().top;
    const element = document.createElement('poptin-popup') as PoptinPopupElement;
    element.popup = {
      config: popupConfig({ poptin_type: 'bar', design_properties: { poptin_location: 'center-top' } }),
      html: sanitizeTemplate(TEMPLATE),
      lang: 'en',
      trigger: 'manual',
      visible: false,
    };
    document.body.prepend(element);
    await until(() => element.shadowRoot?.querySelector('[part~="base"]') != null, 'the prepared bar');
    expect(marker.getBoundingClientRect().top).to.equal(before, 'a prepared bar takes no room');
    const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
    element.popup = { ...element.popup!, visible: true };
    await shown;
    await nextFrame();
    const height = box(element).height;
    expect(height).to.be.greaterThan(20);
    expect(marker.getBoundingClientRect().top - before).to.equal(height);
    expect(element.dataset.rendering).to.equal('in-flow');
    expect(box(element).width).to.equal(document.body.getBoundingClientRect().width, 'the bar spans the page');
    expect(part(element, 'base').getAttribute('role')).to.equal('region');
  });

  it('a bar built as the controller builds it, named and given its model before it is in the page, still pushes the page down', async () => {
    const before = marker.getBoundingClientRect().top;
    const element = document.createElement('poptin-popup') as PoptinPopupElement;
    element.setAttribute('poptin-id', 'barbuiltahead');
    element.popup = {
      config: popupConfig({ poptin_type: 'bar', design_properties: { poptin_location: 'center-top' } }),
      html: sanitizeTemplate(TEMPLATE),
      lang: 'en',
      trigger: 'manual',
    };
    // The controller yields to the page between building the pop-up and putting it in the page.
    await nextFrame();
    const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
    document.body.prepend(element);
    await shown;
    await nextFrame();
    expect(element.dataset.rendering).to.equal('in-flow');
    expect(part(element, 'base').matches(':popover-open')).to.equal(false, 'not over the page');
    expect(marker.getBoundingClientRect().top - before).to.equal(box(element).height);
  });

  it('modal kinds are top-layer modal dialogs; the others leave the page usable', async () => {
    for (const type of POPUP_TYPES) {
      const element = await show(type);
      const base = part(element, 'base');
      const modal = base instanceof HTMLDialogElement && base.matches(':modal');
      expect([type, modal]).to.deep.equal([type, type === 'lightbox' || type === 'gamified' || type === 'fullpage']);
      expect(base.dataset.kind).to.equal(type);
      removePopups();
    }
  });

  it('slide-ins sit in the corner their position names', async () => {
    const corners: [string, (rect: DOMRect) => boolean][] = [
      ['top-left', (rect) => rect.left <= 12.5 && rect.top <= 12.5],
      ['top-right', (rect) => VIEWPORT.width - rect.right <= 12.5 && rect.top <= 12.5],
      ['bottom-left', (rect) => rect.left <= 12.5 && VIEWPORT.height - rect.bottom <= 12.5],
      ['bottom-right', (rect) => VIEWPORT.width - rect.right <= 12.5 && VIEWPORT.height - rect.bottom <= 12.5],
      ['middle-right', (rect) => Math.abs((rect.top + rect.bottom) / 2 - VIEWPORT.height / 2) <= 1],
      ['bottom-center', (rect) => Math.abs((rect.left + rect.right) / 2 - VIEWPORT.width / 2) <= 1],
    ];
    for (const [position, where] of corners) {
      const element = await show('sside', { poptin_location: position });
      expect([position, where(box(element))]).to.deep.equal([position, true]);
      removePopups();
    }
  });

  it('a lightbox may sit at the top; fullpage fills the screen; a mobile pop-up runs along the bottom edge', async () => {
    const top = await show('lightbox', { poptin_location: 'center-top' });
    expect(box(top).top).to.equal(12);
    removePopups();
    const fullpage = await show('fullpage');
    expect([box(fullpage).width, box(fullpage).height]).to.deep.equal([VIEWPORT.width, VIEWPORT.height]);
    removePopups();
    const mobile = await show('mobile');
    expect([box(mobile).left, box(mobile).width, box(mobile).bottom]).to.deep.equal([
      0,
      VIEWPORT.width,
      VIEWPORT.height,
    ]);
  });

  it('formats: a bar runs its content in a row; a format the kind does not have is laid out as format 1, with a warning', async () => {
    const bar = await show('bar', { poptin_location: 'center-bottom' }, { poptin_format: 'format_17' });
    expect(part(bar, 'base').dataset.format).to.equal('17');
    expect(part(bar, 'base').dataset.orientation).to.equal('horizontal');
    expect(getComputedStyle(bar.shadowRoot!.querySelector('form')!).flexDirection).to.equal('row');
    removePopups();
    const wrong = await show('gamified', {}, { poptin_format: 'format_9' });
    expect(part(wrong, 'base').dataset.format).to.equal('1');
  });

  it('the close icon is 44 px, enlarged from 32 (widget §9)', async () => {
    const element = await show('lightbox');
    const close = part(element, 'close-button');
    expect([close.offsetWidth, close.offsetHeight]).to.deep.equal([44, 44]);
  });

  it('every kind passes axe-core while shown', async () => {
    for (const type of POPUP_TYPES) {
      const element = await show(type);
      // Contrast is judged on the settled panel, not halfway through its fade-in.
      await until(
        () =>
          part(element, 'panel')
            .getAnimations()
            .every((animation) => animation.playState === 'finished'),
        'the entry animation to end',
      );
      const { violations } = await runAxe(element);
      expect([type, violations.map((violation) => violation.id)]).to.deep.equal([type, []]);
      removePopups();
    }
  });
});

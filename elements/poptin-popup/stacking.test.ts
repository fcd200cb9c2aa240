import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PopupType } from '../../src/core/config/types.ts';
import { ESCAPE_GUARD_MS } from '../../src/core/popup/timing.ts';
import { sanitizeTemplate } from '../../src/core/sanitize.ts';
import {
  closeSources,
  formTemplate,
  nextFrame,
  part,
  popupConfig,
  removePopups,
  until,
} from '../../test/browser-support/popup.ts';
import type { PoptinPopupElement } from './poptin-popup.ts';

async function show(id: string, type: PopupType, location = ''): Promise<PoptinPopupElement> {
  const element = document.createElement('poptin-popup') as PoptinPopupElement;
  element.popup = {
    config: popupConfig({
      poptin_id: id,
      poptin_type: type,
      x_close_button: 'yes',
      design_properties: { poptin_location: location },
    }),
    html: sanitizeTemplate(formTemplate(`<h2>Offer ${id}</h2><input name="Email" aria-label="Email">`)),
    lang: 'en',
    trigger: 'manual',
  };
  const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
  document.body.append(element);
  await shown;
  await nextFrame();
  return element;
}

describe('<poptin-popup> accessibility of stacked and modal pop-ups', () => {
  afterEach(() => removePopups());

  it('a modal pop-up is aria-modal and named by its template’s heading', async () => {
    const element = await show('modal0000001', 'lightbox');
    const base = part(element, 'base');
    expect(base.getAttribute('aria-modal')).to.equal('true');
    const heading = element.shadowRoot!.getElementById(base.getAttribute('aria-labelledby')!);
    expect(heading?.textContent).to.equal('Offer modal0000001');
  });

  it('Escape on the page closes floating pop-ups one at a time, the last shown first', async () => {
    const first = await show('float0000001', 'sside', 'bottom-left');
    const second = await show('float0000002', 'bside', 'bottom-right');
    const firstSources = closeSources(first);
    const secondSources = closeSources(second);
    // Escape closes a pop-up once it has been on screen 800 ms (widget §4).
    await new Promise((resolve) => setTimeout(resolve, ESCAPE_GUARD_MS));
    (document.activeElement as HTMLElement | null)?.blur();
    await sendKeys({ press: 'Escape' });
    await until(() => secondSources.length === 1, 'the last one to close', 3_000);
    expect(firstSources).to.deep.equal([]);
    expect(secondSources).to.deep.equal(['escape']);
    await until(
      () =>
        second.shadowRoot!.querySelector('[part~="base"]') === null || !part(second, 'base').matches(':popover-open'),
      'it to hide',
    );
    await sendKeys({ press: 'Escape' });
    await until(() => firstSources.length === 1, 'the first one to close', 3_000);
    expect(firstSources).to.deep.equal(['escape']);
  });
});

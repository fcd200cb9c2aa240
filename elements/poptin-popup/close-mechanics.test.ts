import { expect } from '@open-wc/testing';
import { emulateMedia, sendKeys, sendMouse } from '@web/test-runner-commands';
import sinon from 'sinon';
import {
  closeSources,
  formTemplate,
  inShadow,
  mountPopup,
  part,
  removePopups,
  until,
} from '../../test/browser-support/popup.ts';
import { macrotask } from '../../test/browser-support/waiting.ts';

const TEMPLATE = `${formTemplate('<input name="Email" aria-label="Email">')}<button type="button" data-poptin-close>No thanks</button>`;
const FAKE = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as (
    | 'setTimeout'
    | 'clearTimeout'
    | 'setInterval'
    | 'clearInterval'
    | 'Date'
  )[],
};
const dialogOpen = (element: Element) =>
  part(element, 'base') instanceof HTMLDialogElement && (part(element, 'base') as HTMLDialogElement).open;
const panelAnimation = (element: Element) => getComputedStyle(part(element, 'panel'));

describe('<poptin-popup> close mechanics (widget §4)', () => {
  let clock: sinon.SinonFakeTimers | undefined;
  afterEach(async () => {
    clock?.restore();
    clock = undefined;
    removePopups();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('the small note beside the close button closes it', async () => {
    const element = await mountPopup(TEMPLATE, {
      config: {
        x_close_button: 'yes',
        design_properties: { poptin_design_show_x_comment: 'No thanks, I pay full price' },
      },
    });
    const sources = closeSources(element);
    const note = part(element, 'close-note');
    expect(note.textContent).to.equal('No thanks, I pay full price');
    expect(note.localName).to.equal('button');
    note.click();
    expect(sources).to.deep.equal(['x-button']);
  });

  it('closes by itself poptin_design_auto_close_sec seconds after it shows', async () => {
    clock = sinon.useFakeTimers(FAKE);
    const element = await mountPopup(TEMPLATE, {
      config: { design_properties: { poptin_design_auto_close: 'yes', poptin_design_auto_close_sec: '6' } },
    });
    const sources = closeSources(element);
    clock.tick(5_999);
    expect(sources).to.deep.equal([]);
    clock.tick(1);
    expect(sources).to.deep.equal(['auto-close']);
  });

  it('the close option "button" leaves the × out and closing to the template’s own button; "none" draws no ×', async () => {
    const byButton = await mountPopup(TEMPLATE, {
      config: {
        x_close_button: 'yes',
        design_properties: { poptin_design_close_options_type: 'closing_options-button' },
      },
    });
    expect(byButton.shadowRoot!.querySelector('[part~="close-button"]')).to.equal(null);
    const sources = closeSources(byButton);
    inShadow(byButton, '[data-poptin-close]').click();
    expect(sources).to.deep.equal(['x-button']);
    removePopups();
    const none = await mountPopup(TEMPLATE, {
      config: { x_close_button: 'yes', design_properties: { poptin_design_close_options_type: 'none' } },
    });
    expect(none.shadowRoot!.querySelector('[part~="close-button"]')).to.equal(null);
    const shown = await mountPopup(TEMPLATE, { config: { x_close_button: 'yes' } });
    expect(shown.shadowRoot!.querySelector('[part~="close-button"]')).to.not.equal(null, 'the × by default');
  });

  it('content lock: no ×, no note, and neither Escape, a click outside nor a template button closes it', async () => {
    const element = await mountPopup(TEMPLATE, {
      config: {
        x_close_button: 'yes',
        design_properties: {
          poptin_design_content_lock: 'yes',
          poptin_design_show_x_comment: 'No thanks',
          poptin_design_close_on_screen_click: 'yes',
        },
      },
    });
    const sources = closeSources(element);
    expect(element.shadowRoot!.querySelector('[part~="close-button"], [part~="close-note"]')).to.equal(null);
    inShadow(element, '[data-poptin-close]').click();
    inShadow<HTMLInputElement>(element, 'input[name="Email"]').focus();
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'Escape' });
    await sendMouse({ type: 'click', position: [3, 3] });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(sources).to.deep.equal([]);
    expect(dialogOpen(element)).to.equal(true, 'still open after a repeated Escape');
  });

  it('fullpage: the skip button waits its seconds like the ×, showing them, then skips', async () => {
    clock = sinon.useFakeTimers(FAKE);
    const element = await mountPopup(TEMPLATE, {
      config: {
        poptin_type: 'fullpage',
        x_close_button: 'yes',
        design_properties: { poptin_design_show_x_after_sec: '3' },
      },
    });
    const skip = () => part(element, 'skip-button') as HTMLButtonElement;
    expect([skip().disabled, skip().textContent]).to.deep.equal([true, 'Skip (3)']);
    for (let second = 0; second < 3; second += 1) {
      clock.tick(1_000);
      await macrotask();
    }
    await until(() => !skip().disabled, 'the skip button to be enabled');
    expect(skip().textContent).to.equal('Skip');
    const sources = closeSources(element);
    skip().click();
    expect(sources).to.deep.equal(['skip-button']);
  });
});

describe('<poptin-popup> entry and exit effects (widget §9)', () => {
  afterEach(async () => {
    removePopups();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('plays the mapped entry animation for 1 s: "up" slides in down', async () => {
    const element = await mountPopup(TEMPLATE, {
      config: { design_properties: { poptin_design_entry_effect: 'form-up' } },
    });
    expect(part(element, 'panel').dataset.animation).to.equal('slideInDown');
    expect([panelAnimation(element).animationName, panelAnimation(element).animationDuration]).to.deep.equal([
      'poptin-slideInDown',
      '1s',
    ]);
  });

  it('social formats 3 and 7 come in with no animation at all', async () => {
    const element = await mountPopup(TEMPLATE, {
      config: {
        poptin_type: 'social',
        poptin_format: 'format_7',
        design_properties: { poptin_design_entry_effect: 'form-bounce' },
      },
    });
    expect(panelAnimation(element).animationName).to.equal('none');
  });

  it('the exit effect plays 0.8 s with the pop-up still on screen, then it hides', async () => {
    const clock = sinon.useFakeTimers(FAKE);
    try {
      const element = await mountPopup(TEMPLATE, {
        config: { x_close_button: 'yes', design_properties: { poptin_design_exit_effect: 'form-up' } },
      });
      const hidden = sinon.spy();
      element.addEventListener('poptin-after-hide', hidden);
      element.requestClose('x-button');
      await until(() => part(element, 'panel')?.dataset.animationPhase === 'exit', 'the exit effect');
      expect(part(element, 'panel').dataset.animation).to.equal('slideOutDown');
      expect(panelAnimation(element).animationName).to.equal('poptin-slideOutDown');
      expect(dialogOpen(element)).to.equal(true);
      clock.tick(799);
      await macrotask();
      expect(hidden.called).to.equal(false);
      clock.tick(1);
      await until(() => hidden.called, 'the pop-up to hide');
    } finally {
      clock.restore();
    }
  });

  it('under reduced motion every effect is a short fade', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const element = await mountPopup(TEMPLATE, {
      config: { design_properties: { poptin_design_entry_effect: 'form-shake' } },
    });
    expect([panelAnimation(element).animationName, panelAnimation(element).animationDuration]).to.deep.equal([
      'poptin-fadeIn',
      '0.15s',
    ]);
  });
});

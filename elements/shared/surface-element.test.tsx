import { expect } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { useCallback, useState } from 'react';
import type { SurfaceEventMap } from '../../src/components/shared/surface.ts';
import { SurfaceFrame, useRequestClose } from '../../src/components/shared/surface-frame.tsx';
import { useSurfaceHost } from '../../src/components/shared/surface-host.ts';
import { useStore } from '../../src/components/shared/use-store.ts';
import { ESCAPE_GUARD_MS } from '../../src/core/popup/timing.ts';
import type { CloseSource } from '../../src/core/public-types.ts';
import { until } from '../../test/browser-support/waiting.ts';
import { createSurfaceElement } from './surface-element.ts';
import { surfaceView } from './surface-view.ts';

// A surface made the kit's way, as a new element would be: a model, a view on SurfaceFrame, the factory.
interface KitModel {
  modal: boolean;
  closeOnBackdrop?: boolean;
  throws?: boolean;
}

function KitView(): React.JSX.Element | null {
  const host = useSurfaceHost<KitModel>();
  const model = useStore(host.model);
  const [state, setState] = useState<'open' | 'closed'>('open');
  const [source, setSource] = useState<CloseSource | null>(null);
  const close = useCallback((closedBy: CloseSource) => {
    setSource(closedBy);
    setState('closed');
  }, []);
  const open = model !== null && state === 'open';
  const requestClose = useRequestClose('kit0000000001', open, close);
  if (!model) return null;
  if (model.throws) throw new Error('the view cannot render');
  host.shownCoupon = 'KIT10';
  return (
    <SurfaceFrame
      poptinId="kit0000000001"
      label="Kit surface"
      modal={model.modal}
      open={open}
      state={state}
      kind="kit"
      dir="ltr"
      lang="en"
      placement="at-bottom at-right"
      closeOnBackdrop={model.closeOnBackdrop ?? true}
      closeLabel="Close"
      closeSlot={<span part="countdown">5</span>}
      hideDetail={{ source, submitted: false }}
      requestClose={requestClose}
    >
      <h2>Kit heading</h2>
      <a href="#first">First link</a>
      <input name="Email" aria-label="Email" />
      <button type="button">Last button</button>
    </SurfaceFrame>
  );
}

class KitSurface extends createSurfaceElement<KitModel>({
  view: surfaceView({ name: 'kit surface', view: KitView, styles: 'h2 { margin: 0; }' }),
}) {}
customElements.define('kit-surface', KitSurface);

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

async function mount(model: KitModel): Promise<KitSurface> {
  const element = document.createElement('kit-surface') as KitSurface;
  const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
  element.model.set(model);
  document.body.append(element);
  await shown;
  await nextFrame();
  return element;
}

const base = (element: KitSurface) => element.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!;
const inside = <T extends HTMLElement>(element: KitSurface, selector: string) =>
  element.shadowRoot!.querySelector<T>(selector)!;
const activeInside = (element: KitSurface) => element.shadowRoot!.activeElement;

describe('surface kit: a surface made with createSurfaceElement and SurfaceFrame', () => {
  afterEach(() => {
    document.querySelectorAll('kit-surface, button.opener').forEach((node) => node.remove());
  });

  describe('shell', () => {
    it('a modal surface is a top-layer dialog opened with showModal', async () => {
      const element = await mount({ modal: true });
      expect(base(element).tagName).to.equal('DIALOG');
      expect(base(element).matches(':modal')).to.equal(true);
      expect(base(element).getAttribute('aria-label')).to.equal('Kit surface');
    });

    it('a non-modal surface is a manual popover that leaves the page usable', async () => {
      const element = await mount({ modal: false });
      expect(base(element).getAttribute('popover')).to.equal('manual');
      expect(base(element).matches(':popover-open')).to.equal(true);
      expect(base(element).getAttribute('aria-modal')).to.equal('false');
      expect(base(element).matches(':modal')).to.equal(false);
    });

    it('has a labelled close button, with the close slot drawn beside it', async () => {
      const element = await mount({ modal: true });
      const button = inside(element, '[part~="close-button"]');
      expect(button.getAttribute('aria-label')).to.equal('Close');
      expect(inside(element, '[part~="countdown"]').nextElementSibling).to.equal(button);
    });
  });

  describe('closing', () => {
    it('the close button asks through the cancelable poptin-request-close, then hides with its source', async () => {
      const element = await mount({ modal: true });
      const events: string[] = [];
      let hidden: SurfaceEventMap['poptin-after-hide'] | null = null;
      element.addEventListener('poptin-request-close', (event) =>
        events.push(`request:${(event as CustomEvent).detail.source}`),
      );
      element.addEventListener('poptin-hide', () => events.push('hide'));
      element.on('poptin-after-hide', (detail) => (hidden = detail));
      inside(element, '[part~="close-button"]').click();
      await nextFrame();
      expect(events).to.deep.equal(['request:x-button', 'hide']);
      // poptin-after-hide follows the frame that hid it.
      await until(() => hidden !== null, 'poptin-after-hide');
      expect(hidden).to.deep.equal({ poptinId: 'kit0000000001', source: 'x-button', submitted: false });
      expect((base(element) as HTMLDialogElement).open).to.equal(false);
    });

    it('requestClose(source) returns false and keeps it open when the page refuses, true when it allows', async () => {
      const element = await mount({ modal: true });
      const refuse = (event: Event) => event.preventDefault();
      element.addEventListener('poptin-request-close', refuse);
      expect(element.requestClose('timer')).to.equal(false);
      await nextFrame();
      expect((base(element) as HTMLDialogElement).open).to.equal(true);
      element.removeEventListener('poptin-request-close', refuse);
      const hidden = new Promise<SurfaceEventMap['poptin-after-hide']>((resolve) =>
        element.on('poptin-after-hide', resolve),
      );
      expect(element.requestClose('timer')).to.equal(true);
      expect((await hidden).source).to.equal('timer');
      expect(element.requestClose('timer')).to.equal(false);
    });

    it('Escape closes at once once the surface has been on screen 800 ms (widget §4)', async () => {
      const element = await mount({ modal: true });
      const shownAt = performance.now();
      const sources: string[] = [];
      element.on('poptin-request-close', (detail) => sources.push(detail.source));
      inside(element, 'input').focus();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, shownAt + ESCAPE_GUARD_MS - performance.now())));
      expect((base(element) as HTMLDialogElement).open).to.equal(true);
      await sendKeys({ press: 'Escape' });
      expect(sources).to.deep.equal(['escape']);
    });

    it('a backdrop click closes with source overlay only when configured', async () => {
      const refusing = await mount({ modal: true, closeOnBackdrop: false });
      base(refusing).dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, clientX: 1, clientY: 1 }));
      await nextFrame();
      expect((base(refusing) as HTMLDialogElement).open).to.equal(true);
      refusing.remove();

      const element = await mount({ modal: true });
      const hidden = new Promise<SurfaceEventMap['poptin-after-hide']>((resolve) =>
        element.on('poptin-after-hide', resolve),
      );
      base(element).dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, clientX: 1, clientY: 1 }));
      expect((await hidden).source).to.equal('overlay');
    });
  });

  describe('layout', () => {
    it('a shown modal whose content grows, shrinks or narrows on its own keeps its place, shifting nothing on the page (CLS); content too tall to fit below its top edge is centred again', async () => {
      const element = await mount({ modal: true });
      const dialog = base(element);
      const panel = inside(element, '[part~="panel"]');
      // A first screen wider than the next, as a game's wheel is wider than its result.
      const wide = document.createElement('div');
      wide.style.width = '480px';
      panel.append(wide);
      await nextFrame();
      await nextFrame();
      const shifts: number[] = [];
      const observer = new PerformanceObserver((list) =>
        list.getEntries().forEach((entry) => shifts.push((entry as PerformanceEntry & { value: number }).value)),
      );
      observer.observe({ type: 'layout-shift' });
      try {
        const shown = { top: dialog.offsetTop, left: dialog.offsetLeft };
        expect(shown.top).to.be.greaterThan(100, 'shown in the middle of the viewport');
        // Within a pixel, the rounding of the width it keeps; the browser counts no move under 3 px as a shift.
        const place = () => ({
          top: dialog.offsetTop,
          left: Math.abs(dialog.offsetLeft - shown.left) <= 1 ? shown.left : dialog.offsetLeft,
        });
        wide.remove();
        await nextFrame();
        await nextFrame();
        expect(place()).to.deep.equal(shown, 'narrowed, where it was');
        const result = document.createElement('div');
        result.style.height = '150px';
        panel.append(result);
        await nextFrame();
        await nextFrame();
        expect(place()).to.deep.equal(shown, 'grown, where it was');
        result.remove();
        await nextFrame();
        await nextFrame();
        expect(place()).to.deep.equal(shown, 'shrunk, where it was');
        expect(shifts).to.deep.equal([], 'no layout shift');

        result.style.height = `${innerHeight}px`;
        panel.append(result);
        await nextFrame();
        await nextFrame();
        const box = dialog.getBoundingClientRect();
        expect(box.top).to.be.lessThan(shown.top, 'too tall to fit below its edge: centred again');
        expect(box.bottom).to.be.at.most(innerHeight);
      } finally {
        observer.disconnect();
      }
    });
  });

  describe('keyboard and focus', () => {
    it('Tab from the last control of a modal surface goes back to the first, Shift+Tab from the first to the last', async () => {
      const element = await mount({ modal: true });
      const last = inside(element, 'button:not([part])');
      last.focus();
      await sendKeys({ press: 'Tab' });
      expect(activeInside(element)).to.equal(inside(element, '[part~="close-button"]'));
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      expect(activeInside(element)).to.equal(last);
    });

    it('gives focus back to what had it before a modal surface opened', async () => {
      const opener = document.createElement('button');
      opener.className = 'opener';
      opener.textContent = 'Open';
      document.body.append(opener);
      opener.focus();
      const element = await mount({ modal: true });
      expect(document.activeElement).to.equal(element);
      inside(element, '[part~="close-button"]').click();
      await nextFrame();
      expect(document.activeElement).to.equal(opener);
    });
  });

  describe('reduced motion', () => {
    afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

    it('the panel animates in, and does not under prefers-reduced-motion', async () => {
      const animated = await mount({ modal: true });
      expect(getComputedStyle(inside(animated, '[part~="panel"]')).animationName).to.equal('poptin-enter');
      animated.remove();
      await emulateMedia({ reducedMotion: 'reduce' });
      const still = await mount({ modal: true });
      expect(getComputedStyle(inside(still, '[part~="panel"]')).animationName).to.equal('none');
    });
  });

  describe('element', () => {
    it('exposes the coupon its view shows', async () => {
      const element = await mount({ modal: false });
      expect(element.coupon).to.equal('KIT10');
    });

    it('draws nothing while it is out of the page, even given its id and model, and draws once put in the page', async () => {
      // Its first render reads where it sits (a bar first in <body> pushes the page down): a controller names and
      // fills the element before it puts it in the page.
      const element = document.createElement('kit-surface') as KitSurface;
      element.setAttribute('poptin-id', 'kit0000000001');
      element.model.set({ modal: false });
      await nextFrame();
      expect(element.shadowRoot!.querySelector('[part~="base"]')).to.equal(null);
      const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
      document.body.append(element);
      await shown;
      expect(base(element).matches(':popover-open')).to.equal(true);
    });

    it('a view that throws renders nothing, says so with poptin-error and throws nothing into the page', async () => {
      const element = document.createElement('kit-surface') as KitSurface;
      const failed = new Promise<SurfaceEventMap['poptin-error']>((resolve) => element.on('poptin-error', resolve));
      const originalError = console.error;
      console.error = () => undefined;
      try {
        element.model.set({ modal: true, throws: true });
        document.body.append(element);
        expect((await failed).message).to.equal('the view cannot render');
      } finally {
        console.error = originalError;
      }
      expect(element.shadowRoot!.querySelector('[part~="base"]')).to.equal(null);
      expect(element.requestClose('x-button')).to.equal(false);
    });
  });
});

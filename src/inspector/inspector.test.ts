import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { runAxe } from '../../test/browser-support/run-axe.ts';
import { $popups, type PopupRecord } from '../stores/popups.ts';
import { openInspector } from './inspector.ts';

const T0 = Date.UTC(2025, 2, 14, 9, 30, 0);

function lightbox(): PopupRecord {
  return {
    id: 'demolightbox1',
    name: 'Demo newsletter lightbox',
    type: 'lightbox',
    state: 'armed',
    trigger: '',
    closeCause: '',
    viewId: '',
    explanation: {
      id: 'demolightbox1',
      allowed: true,
      rules: [{ allowed: true, rule: 'page targeting', reason: 'URL contains /examples/lightbox.html' }],
      blockedBy: [],
      frequencyCapExpiresAt: null,
      retryAt: null,
      triggers: { planned: ['time-on-page'], armedAt: T0, fired: [] },
      shownAt: null,
      summary: 'allowed; waiting for time-on-page',
    },
  };
}

function cappedBar(): PopupRecord {
  return {
    id: 'springbar0001',
    name: 'Spring sale bar',
    type: 'bar',
    state: 'blocked',
    trigger: '',
    closeCause: '',
    viewId: '',
    explanation: {
      id: 'springbar0001',
      allowed: false,
      rules: [
        { allowed: false, rule: 'frequency (d_f_r)', reason: 'shown once in the last day', expiresAt: T0 + 86_400_000 },
      ],
      blockedBy: [
        { allowed: false, rule: 'frequency (d_f_r)', reason: 'shown once in the last day', expiresAt: T0 + 86_400_000 },
      ],
      frequencyCapExpiresAt: T0 + 86_400_000,
      retryAt: T0 + 86_400_000,
      triggers: { planned: ['scroll'], armedAt: null, fired: [] },
      shownAt: null,
      summary: 'blocked by frequency (d_f_r): shown once in the last day (until 2025-03-15T09:30:00.000Z)',
    },
  };
}

function shown(record: PopupRecord, trigger: string, at: number): PopupRecord {
  const explanation = structuredClone(record.explanation);
  explanation.triggers.fired.push({ trigger, at });
  explanation.shownAt = at;
  explanation.summary = `shown at ${new Date(at).toISOString()} after ${trigger}`;
  return { ...record, state: 'shown', trigger, viewId: 'view-1', explanation };
}

const hosts = () => document.querySelectorAll<HTMLElement>('[data-poptin-inspector]');
const shadowOf = () => {
  const found = hosts();
  expect(found.length, 'one inspector on the page').to.equal(1);
  return found[0].shadowRoot as ShadowRoot;
};
const section = (root: ShadowRoot, id: string) => root.querySelector<HTMLElement>(`[data-popup-id="${id}"]`);
const cell = (root: ShadowRoot, id: string, row: string) =>
  section(root, id)?.querySelector(`[data-row="${row}"] dd`)?.textContent?.replace(/\s+/g, ' ').trim();
const items = (root: ShadowRoot, id: string, row: string) =>
  Array.from(section(root, id)?.querySelectorAll(`[data-row="${row}"] li`) ?? []).map((li) => li.textContent?.trim());
const closeButton = (root: ShadowRoot) => root.querySelector('button') as HTMLButtonElement;

describe('the ?poptin-debug inspector', () => {
  let close: (() => void) | null = null;

  afterEach(() => {
    close?.();
    close = null;
    $popups.set({});
    document.documentElement.removeAttribute('dir');
  });

  describe('content', () => {
    it('says so when the display answer has no pop-ups yet', () => {
      close = openInspector();
      const root = shadowOf();
      expect(hosts()[0].parentElement).to.equal(document.body);
      expect(root.mode).to.equal('open');
      expect(root.querySelector('h2')?.textContent).to.equal('Poptin inspector');
      expect(root.textContent).to.include('No pop-ups in the display answer yet');
      expect(root.querySelectorAll('[data-popup-id]').length).to.equal(0);
    });

    it('lists each pop-up: name, id, type, state, triggers, blocking rules, frequency cap, close cause and summary', () => {
      $popups.set({ demolightbox1: lightbox(), springbar0001: cappedBar() });
      close = openInspector();
      const root = shadowOf();
      expect(
        Array.from(root.querySelectorAll<HTMLElement>('[data-popup-id]')).map((popup) => [
          popup.dataset.popupId,
          popup.dataset.state,
        ]),
      ).to.deep.equal([
        ['demolightbox1', 'armed'],
        ['springbar0001', 'blocked'],
      ]);
      expect(root.textContent).not.to.include('No pop-ups in the display answer yet');

      const heading = section(root, 'demolightbox1')?.querySelector('h3')?.textContent?.replace(/\s+/g, ' ');
      expect(heading).to.include('Demo newsletter lightbox').and.include('demolightbox1').and.include('lightbox');
      expect(cell(root, 'demolightbox1', 'state')).to.equal('armed');
      expect(cell(root, 'demolightbox1', 'trigger')).to.equal('none');
      expect(cell(root, 'demolightbox1', 'planned')).to.equal('time-on-page (armed at 2025-03-14T09:30:00.000Z)');
      expect(cell(root, 'demolightbox1', 'fired')).to.equal('none');
      expect(cell(root, 'demolightbox1', 'blocked-by')).to.equal('none');
      expect(cell(root, 'demolightbox1', 'frequency-cap')).to.equal('none');
      expect(cell(root, 'demolightbox1', 'summary')).to.equal('allowed; waiting for time-on-page');

      expect(cell(root, 'springbar0001', 'state')).to.equal('blocked');
      expect(cell(root, 'springbar0001', 'blocked-by')).to.equal(
        'frequency (d_f_r): shown once in the last day (until 2025-03-15T09:30:00.000Z)',
      );
      expect(cell(root, 'springbar0001', 'frequency-cap')).to.equal('2025-03-15T09:30:00.000Z');
      expect(cell(root, 'springbar0001', 'close-cause')).to.equal('none');
    });

    it('follows the store live: a pop-up that shows, one that closes, one that arrives later', () => {
      $popups.set({ demolightbox1: lightbox() });
      close = openInspector();
      const root = shadowOf();
      expect(section(root, 'demolightbox1')?.dataset.state).to.equal('armed');

      $popups.setKey('demolightbox1', shown(lightbox(), 'time-on-page', T0 + 3_000));
      expect(section(root, 'demolightbox1')?.dataset.state).to.equal('shown');
      expect(cell(root, 'demolightbox1', 'state')).to.equal('shown');
      expect(cell(root, 'demolightbox1', 'trigger')).to.equal('time-on-page');
      expect(cell(root, 'demolightbox1', 'fired')).to.equal('time-on-page at 2025-03-14T09:30:03.000Z');

      const again = shown(lightbox(), 'time-on-page', T0 + 3_000);
      again.explanation.triggers.fired.push({ trigger: 'exit-intent', at: T0 + 8_000 });
      $popups.setKey('demolightbox1', { ...again, state: 'closed', closeCause: 'x_click' });
      expect(section(root, 'demolightbox1')?.dataset.state).to.equal('closed');
      expect(cell(root, 'demolightbox1', 'close-cause')).to.equal('x_click');
      expect(items(root, 'demolightbox1', 'fired')).to.deep.equal([
        'time-on-page at 2025-03-14T09:30:03.000Z',
        'exit-intent at 2025-03-14T09:30:08.000Z',
      ]);

      $popups.setKey('springbar0001', cappedBar());
      expect(section(root, 'springbar0001')?.dataset.state).to.equal('blocked');

      $popups.set({});
      expect(root.textContent).to.include('No pop-ups in the display answer yet');
    });

    it('opening it twice keeps one panel and returns the same close', () => {
      close = openInspector();
      expect(openInspector()).to.equal(close);
      expect(hosts().length).to.equal(1);
    });

    it('opens a new panel when the page removed the old one', () => {
      const first = openInspector();
      hosts()[0].remove();
      close = openInspector();
      expect(close).not.to.equal(first);
      expect(hosts().length).to.equal(1);
      $popups.set({ demolightbox1: lightbox() });
      expect(section(shadowOf(), 'demolightbox1')).to.exist;
    });
  });

  describe('closing', () => {
    it('the close button removes the panel and stops following the store', () => {
      $popups.set({ demolightbox1: lightbox() });
      close = openInspector();
      const root = shadowOf();
      closeButton(root).click();
      expect(hosts().length).to.equal(0);
      $popups.setKey('demolightbox1', shown(lightbox(), 'time-on-page', T0));
      expect(section(root, 'demolightbox1')?.dataset.state, 'a closed panel no longer renders').to.equal('armed');
      expect($popups.lc, 'no listener left on $popups').to.equal(0);
    });

    it('Escape inside the panel closes it; Escape elsewhere on the page does not', async () => {
      close = openInspector();
      const outside = await fixture<HTMLInputElement>(html`<input aria-label="Page field" />`);
      outside.focus();
      await sendKeys({ press: 'Escape' });
      expect(hosts().length).to.equal(1);

      closeButton(shadowOf()).focus();
      await sendKeys({ press: 'Escape' });
      expect(hosts().length).to.equal(0);
      expect($popups.lc).to.equal(0);
    });

    it('the returned close removes the panel; calling it again does nothing', () => {
      const closeIt = openInspector();
      closeIt();
      closeIt();
      expect(hosts().length).to.equal(0);
      expect($popups.lc).to.equal(0);
    });
  });

  describe('keyboard and accessibility', () => {
    it('is a labelled region whose close button is reached with Tab and pressed with Enter', async () => {
      const before = await fixture<HTMLButtonElement>(html`<button>Page button</button>`);
      close = openInspector();
      const root = shadowOf();
      const region = root.querySelector('[role="region"]');
      expect(region?.getAttribute('aria-label')).to.equal('Poptin inspector');
      expect(closeButton(root).getAttribute('aria-label')).to.match(/close/i);

      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(root.activeElement).to.equal(closeButton(root));
      await sendKeys({ press: 'Enter' });
      expect(hosts().length).to.equal(0);
    });

    it('has no axe-core violations (WCAG 2.1 AA and best practices), empty and with pop-ups', async () => {
      close = openInspector();
      const empty = await runAxe({ include: [['[data-poptin-inspector]']] });
      expect(empty.violations.map((violation) => violation.id)).to.deep.equal([]);

      $popups.set({ demolightbox1: shown(lightbox(), 'time-on-page', T0), springbar0001: cappedBar() });
      const full = await runAxe({ include: [['[data-poptin-inspector]']] });
      expect(
        full.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
      ).to.deep.equal([]);
      expect(full.passes.length, 'axe looked inside the shadow root').to.be.greaterThan(0);
    });
  });

  describe('style isolation and direction', () => {
    it('hostile page CSS does not change its colour, font or placement', async () => {
      close = openInspector();
      const root = shadowOf();
      const probe = () => {
        const panel = getComputedStyle(root.querySelector('.panel') as Element);
        const heading = getComputedStyle(root.querySelector('h2') as Element);
        const host = getComputedStyle(hosts()[0]);
        return {
          color: panel.color,
          fontSize: panel.fontSize,
          fontFamily: panel.fontFamily,
          headingColor: heading.color,
          headingSize: heading.fontSize,
          display: host.display,
          position: host.position,
          zIndex: host.zIndex,
        };
      };
      const calm = probe();
      expect(calm).to.include({ fontSize: '12px', position: 'fixed', display: 'block' });

      await fixture(html`<div>
        <style>
          html { font-size: 40px !important; }
          * { color: red !important; font-size: 2rem !important; font-family: fantasy !important; line-height: 5 !important; }
          div { display: none !important; position: static !important; z-index: 0 !important; }
        </style>
      </div>`);
      expect(getComputedStyle(document.body).color, 'the hostile CSS is active').to.equal('rgb(255, 0, 0)');
      expect(probe()).to.deep.equal(calm);
    });

    it('sits at the bottom of the inline-start edge: left in left-to-right pages, right in right-to-left ones', () => {
      close = openInspector();
      const host = hosts()[0];
      expect(getComputedStyle(host)).to.include({ left: '12px', bottom: '12px' });
      expect(host.getBoundingClientRect().left).to.equal(12);

      document.documentElement.dir = 'rtl';
      expect(getComputedStyle(host)).to.include({ right: '12px', bottom: '12px' });
      expect(Math.round(host.getBoundingClientRect().right)).to.equal(document.documentElement.clientWidth - 12);
    });
  });
});

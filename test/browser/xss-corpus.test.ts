// 119 known XSS payloads (test/fixtures/xss-payloads.json) as pop-up templates, through the real sanitiser
// and the real pop-up, in Chromium: every payload calls window.__xss if any of its script ever runs.
import { expect, nextFrame } from '@open-wc/testing';
import '../../elements/poptin-popup/define.ts';
import { popupConfig } from '../../elements/poptin-popup/test-support.ts';
import { sanitizeTemplate } from '../../src/core/sanitize.ts';
import '../../elements/poptin-countdown/define.ts';

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'srcdoc', 'codebase', 'dynsrc', 'lowsrc'];
const FORBIDDEN_TAGS = ['script', 'iframe', 'object', 'embed', 'base', 'meta', 'link', 'style', 'frame', 'frameset', 'applet', 'noscript', 'template', 'poptin-controller'];
const DANGEROUS_URL = /^(javascript|vbscript|data:text\/html)/i;

declare global {
  interface Window {
    __xss?: (id: number) => void;
  }
}

function everyElement(root: ParentNode): Element[] {
  const found: Element[] = [];
  for (const element of root.querySelectorAll('*')) {
    found.push(element);
    if (element.shadowRoot) found.push(...everyElement(element.shadowRoot));
  }
  return found;
}

/** What a hostile visitor-side script would hope to trigger: pointer, focus, animation and form events. */
function poke(root: ShadowRoot): void {
  for (const element of everyElement(root)) {
    for (const type of ['mouseover', 'pointerenter', 'focus', 'blur', 'animationstart', 'transitionend', 'toggle', 'load', 'error', 'begin']) {
      element.dispatchEvent(new Event(type));
    }
    if (element instanceof HTMLElement && !(element instanceof HTMLAnchorElement) && !(element instanceof HTMLButtonElement)) element.click();
  }
}

describe('sanitising proven: the XSS corpus as pop-up templates', () => {
  const hits: number[] = [];
  let payloads: string[] = [];

  before(async () => {
    payloads = (await (await fetch('/test/fixtures/xss-payloads.json')).json()) as string[];
    window.__xss = (id: number) => hits.push(id);
  });
  after(() => {
    delete window.__xss;
    document.querySelectorAll('poptin-popup').forEach((popup) => popup.remove());
  });

  it('holds at least 100 payloads', () => {
    expect(payloads.length).to.be.at.least(100);
  });

  it('no payload runs a script or keeps a handler, a script URL or a forbidden element, shown and poked', async () => {
    const problems: string[] = [];
    for (const [index, payload] of payloads.entries()) {
      const element = document.createElement('poptin-popup') as HTMLElement & { popup: unknown };
      element.popup = { config: popupConfig({ poptin_id: `xsscorpus${String(index).padStart(4, '0')}`, poptin_type: 'bar' }), html: sanitizeTemplate(payload), lang: 'en', trigger: 'manual' };
      const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
      document.body.append(element);
      await shown;
      const root = element.shadowRoot!;
      poke(root);
      for (const node of everyElement(root)) {
        const tag = node.localName;
        if (FORBIDDEN_TAGS.includes(tag)) problems.push(`#${index} kept <${tag}>: ${payload}`);
        for (const attribute of node.getAttributeNames()) {
          if (attribute.toLowerCase().startsWith('on')) problems.push(`#${index} kept ${attribute} on <${tag}>: ${payload}`);
          if (URL_ATTRIBUTES.includes(attribute.toLowerCase()) && DANGEROUS_URL.test((node.getAttribute(attribute) ?? '').replace(/[\s\u0000-\u001f]/g, ''))) {
            problems.push(`#${index} kept ${attribute}="${node.getAttribute(attribute)}": ${payload}`);
          }
        }
      }
    }
    // Image errors, media and animations fire late: give them time, then poke everything once more.
    await new Promise((resolve) => setTimeout(resolve, 800));
    for (const popup of document.querySelectorAll('poptin-popup')) poke(popup.shadowRoot!);
    await nextFrame();
    expect(problems).to.deep.equal([]);
    expect(hits, `payloads that ran: ${hits.map((id) => payloads[id]).join('\n')}`).to.deep.equal([]);
    expect(document.querySelectorAll('poptin-popup').length).to.equal(payloads.length);
  });
});

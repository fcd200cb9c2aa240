// 119 known XSS payloads (test/fixtures/xss-payloads.json) as pop-up templates, through the real sanitiser
// and the real pop-up, in Chromium: every payload calls window.__xss if any of its script ever runs. Then script,
// data and control-character addresses (test/fixtures/xss-urls.json) in every setting and attribute that holds one.
import { expect, nextFrame } from '@open-wc/testing';
import sinon from 'sinon';
import '../../elements/poptin-popup/define.ts';
import { configuredRedirect, REDIRECT_LINK_SUBMIT_MS } from '../../src/components/template/after-submit.ts';
import { followRedirect, type PopupNavigation } from '../../src/components/template/navigation.ts';
import { loadTemplateParts } from '../../src/components/template/template-parts.ts';
import { productUrl } from '../../src/core/products/recommendations.ts';
import { safeNavigationUrl } from '../../src/core/safe-url.ts';
import { sanitizeTemplate } from '../../src/core/sanitize.ts';
import { ALWAYS_LOSE } from '../browser-support/games.ts';
import { popupConfig, removePopups, until } from '../browser-support/popup.ts';
import '../../elements/poptin-countdown/define.ts';

const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'srcdoc',
  'codebase',
  'dynsrc',
  'lowsrc',
];
const FORBIDDEN_TAGS = [
  'script',
  'iframe',
  'object',
  'embed',
  'base',
  'meta',
  'link',
  'style',
  'frame',
  'frameset',
  'applet',
  'noscript',
  'template',
  'poptin-controller',
];
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
    for (const type of [
      'mouseover',
      'pointerenter',
      'focus',
      'blur',
      'animationstart',
      'transitionend',
      'toggle',
      'load',
      'error',
      'begin',
    ]) {
      element.dispatchEvent(new Event(type));
    }
    if (
      element instanceof HTMLElement &&
      !(element instanceof HTMLAnchorElement) &&
      !(element instanceof HTMLButtonElement)
    )
      element.click();
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

  it('no payload runs a script or keeps a handler, a script URL or a forbidden element, shown and poked', async function () {
    // One pop-up shown per payload, over a hundred in turn: a busy machine takes longer than one test's usual wait.
    this.timeout(60_000);
    const problems: string[] = [];
    for (const [index, payload] of payloads.entries()) {
      const element = document.createElement('poptin-popup') as HTMLElement & { popup: unknown };
      element.popup = {
        config: popupConfig({ poptin_id: `xsscorpus${String(index).padStart(4, '0')}`, poptin_type: 'bar' }),
        html: sanitizeTemplate(payload),
        lang: 'en',
        trigger: 'manual',
      };
      const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
      document.body.append(element);
      await shown;
      const root = element.shadowRoot!;
      poke(root);
      for (const node of everyElement(root)) {
        const tag = node.localName;
        if (FORBIDDEN_TAGS.includes(tag)) problems.push(`#${index} kept <${tag}>: ${payload}`);
        for (const attribute of node.getAttributeNames()) {
          if (attribute.toLowerCase().startsWith('on'))
            problems.push(`#${index} kept ${attribute} on <${tag}>: ${payload}`);
          if (
            URL_ATTRIBUTES.includes(attribute.toLowerCase()) &&
            DANGEROUS_URL.test((node.getAttribute(attribute) ?? '').replace(/[\s\u0000-\u001f]/g, ''))
          ) {
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

/** Every address a pop-up tried to follow, instead of leaving the test page. */
function recordingNavigation(followed: string[]): PopupNavigation {
  return {
    openWindow: (url) => (followed.push(url), {} as Window),
    clickAnchor: (url) => (followed.push(url), true),
    assign: (url) => void followed.push(url),
  };
}

/** An address whose scheme, read as the browser reads it, runs script or loads content in the page. */
const isDangerous = (url: string) =>
  /^(javascript|vbscript|data|blob|file):/i.test(url.replace(/[\s\u0000-\u001f]/g, ''));
const attributeValue = (value: string) => value.replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** A safe address that each path must follow, so that a path which follows nothing cannot pass. */
const SAFE_URL = 'https://example.com/next';

const PRIZE_TEMPLATE =
  '<div data-poptin-screen="play"><poptin-spin-wheel></poptin-spin-wheel></div><div data-poptin-screen="lose" hidden><p>Not this time</p></div>';
const losingPrizeTo = (url: string) => ({
  none: {
    ...ALWAYS_LOSE.none,
    redirect_to: 1,
    redirect_to_options: { redirect_to_url: url, redirect_close: 1, redirect_close_delay: 0 },
  },
  ten: ALWAYS_LOSE.ten,
});

describe('sanitising proven: the URL corpus in every attribute and setting that holds an address', () => {
  let urls: string[] = [];
  let clock: sinon.SinonFakeTimers | undefined;
  before(async () => {
    urls = (await (await fetch('/test/fixtures/xss-urls.json')).json()) as string[];
  });
  afterEach(() => {
    clock?.restore();
    clock = undefined;
    removePopups();
  });

  it('holds at least 30 script, data and control-character addresses', () => {
    expect(urls.length).to.be.at.least(30);
  });

  it('the one check refuses every one, whichever way a redirect is followed', () => {
    const followed: string[] = [];
    for (const url of urls) {
      expect(safeNavigationUrl(url), url).to.satisfy((safe: string | null) => safe === null || !isDangerous(safe));
      for (const newWindow of [true, false]) followRedirect(recordingNavigation(followed), url, newWindow);
    }
    expect(followed.filter(isDangerous)).to.deep.equal([]);
    followRedirect(recordingNavigation(followed), SAFE_URL, false);
    expect(followed.at(-1)).to.equal(SAFE_URL);
  });

  it('redirect_url, poptin_design_redirect_url and a mobile pop-up’s call redirect never give a script address', () => {
    for (const url of [...urls, SAFE_URL]) {
      const redirects = [
        configuredRedirect(popupConfig({ redirect_url: url })),
        configuredRedirect(
          popupConfig({ design_properties: { poptin_design_redirect: 'yes', poptin_design_redirect_url: url } }),
        ),
        configuredRedirect(popupConfig({ poptin_type: 'mobile', poptin_format: 'format_1', redirect_url: url })),
      ];
      const kept = redirects.map((redirect) => redirect?.url ?? null);
      if (url === SAFE_URL) expect(kept).to.deep.equal([SAFE_URL, SAFE_URL, SAFE_URL]);
      else
        expect(
          kept.filter((found) => found !== null && isDangerous(found)),
          url,
        ).to.deep.equal([]);
    }
  });

  it('a product card’s link, from the product’s path or the store’s root, is never a script address', () => {
    for (const url of urls) {
      const product = { path: url } as Parameters<typeof productUrl>[0];
      for (const link of [productUrl(product, '/'), productUrl({ ...product, path: 'products/a' }, url)]) {
        expect(link === null || !isDangerous(link), `${url} gave ${link}`).to.equal(true);
      }
    }
  });

  it('a game prize’s redirect_to_url: played and lost, the pop-up follows none of them', async () => {
    for (const url of [...urls, SAFE_URL]) {
      const followed: string[] = [];
      await loadTemplateParts(PRIZE_TEMPLATE);
      const element = document.createElement('poptin-popup') as HTMLElement & {
        popup: unknown;
        navigation: PopupNavigation;
      };
      element.popup = {
        config: popupConfig({
          poptin_id: 'xssprizeurl01',
          poptin_type: 'gamified',
          gamified_prize: losingPrizeTo(url),
        }),
        html: sanitizeTemplate(PRIZE_TEMPLATE),
        lang: 'en',
        trigger: 'manual',
      };
      element.navigation = recordingNavigation(followed);
      const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
      document.body.append(element);
      await shown;
      const wheel = () =>
        element
          .shadowRoot!.querySelector('poptin-spin-wheel')
          ?.shadowRoot?.querySelector<HTMLElement>('[part~="wheel"]') ?? null;
      await until(() => wheel() !== null, 'the wheel');
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      wheel()!.click();
      clock.tick(7_000 + 4_000);
      await nextFrame();
      clock.restore();
      clock = undefined;
      if (url === SAFE_URL) expect(followed).to.deep.equal([SAFE_URL]);
      expect(followed.filter(isDangerous), JSON.stringify(url)).to.deep.equal([]);
      element.remove();
    }
  });

  it('a template’s redirect link (data-poptin-redirect or its href): clicked, the pop-up follows none of them', async () => {
    for (const url of [...urls, SAFE_URL]) {
      const followed: string[] = [];
      const template = `<p><a data-poptin-redirect="${attributeValue(url)}">Go</a> <a href="${attributeValue(url)}" data-poptin-redirect>Go too</a></p>`;
      const element = document.createElement('poptin-popup') as HTMLElement & {
        popup: unknown;
        navigation: PopupNavigation;
      };
      element.popup = {
        config: popupConfig({ poptin_id: 'xsslinkurl001', poptin_type: 'bar', poptin_target: 'click' }),
        html: sanitizeTemplate(template),
        lang: 'en',
        trigger: 'manual',
      };
      element.navigation = recordingNavigation(followed);
      const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
      document.body.append(element);
      await shown;
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      for (const link of element.shadowRoot!.querySelectorAll<HTMLElement>('a')) {
        link.click();
        clock.tick(REDIRECT_LINK_SUBMIT_MS);
      }
      await nextFrame();
      clock.restore();
      clock = undefined;
      if (url === SAFE_URL) expect(followed).to.include(SAFE_URL);
      expect(followed.filter(isDangerous), JSON.stringify(url)).to.deep.equal([]);
      element.remove();
    }
  });
});

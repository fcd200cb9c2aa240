import { controllerSourceOf, ensureController } from '../../src/core/loading/controller-tag.ts';
import { loaderScript } from '../../src/core/loading/loader-script.ts';
import { guard, log } from '../../src/core/safety.ts';

// The block and its `height` are given by rules of no specificity, which any rule of the page's own for the tag
// overrides (a media query giving more room on a phone), unlike styles set on the element itself.
const reservedHeights = new WeakMap<Document, { sheet: CSSStyleSheet; heights: Set<string> }>();

function reserveHeightRule(document: Document, height: string | null): void {
  let reserved = reservedHeights.get(document);
  if (!reserved) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(':where(poptin-embed){display:block}');
    reserved = { sheet, heights: new Set() };
    reservedHeights.set(document, reserved);
  }
  // A page script that sets the document's sheets anew drops this one: it is added back.
  if (!document.adoptedStyleSheets.includes(reserved.sheet))
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, reserved.sheet];
  const pixels = Number(height);
  if (height === null || reserved.heights.has(height) || !Number.isFinite(pixels) || pixels <= 0) return;
  reserved.heights.add(height);
  reserved.sheet.insertRule(
    `:where(poptin-embed[height="${CSS.escape(height)}"]){min-height:${pixels}px}`,
    reserved.sheet.cssRules.length,
  );
}

/**
 * The place of an embedded pop-up in a page: an owner or a CMS block puts the tag where the form belongs, and
 * the `<poptin-controller>` of the page renders that pop-up inside it once it is scrolled into view (widget §2).
 * A page without a controller gets one, for the tag's `client-id` or else the loader script's `?id=`.
 * It is also the place of a bar that pushes the page down (a center-top bar, widget §2): put the bar's block first
 * in the body with its `height`, and the bar shows there without moving the page; without one, the bar goes
 * before everything else on the page and moves it down when it appears.
 * Its `height` is reserved as soon as the element is defined; to reserve it at the very first paint, give
 * `poptin-embed[poptin-id="…"]` that `min-height` in the page's own stylesheet. A rule of the page's own for the tag
 * wins over `height`, so a page can reserve more where the pop-up is taller (a narrow screen) or hide the block.
 * Once the pop-up in it has closed, the room is given back to the page.
 *
 * @tag poptin-embed
 * @summary Where an embedded pop-up shows in the page.
 *
 * @attr {string} poptin-id - The embedded pop-up's 13-character id.
 * @attr {number | string} height - Pixels reserved for it before it shows, so the page does not move when it appears.
 * @attr {string} client-id - The site's client id, for a page whose loader script carries none.
 */
export class PoptinEmbedElement extends HTMLElement {
  static get observedAttributes(): string[] {
    return ['height'];
  }

  /** The pop-up it held has closed: an empty block kept open for it would stay in the page as a gap. */
  private released = false;

  constructor() {
    super();
    this.addEventListener('poptin-after-hide', (event) =>
      guard('<poptin-embed>', () => {
        const closed = (event as CustomEvent<{ poptinId?: string }>).detail?.poptinId;
        if ((event.target as Element).parentElement !== this || closed !== this.getAttribute('poptin-id')) return;
        this.released = true;
        this.reserve();
      }),
    );
  }

  connectedCallback(): void {
    guard('<poptin-embed>', () => {
      this.reserve();
      this.findController();
    });
  }

  attributeChangedCallback(): void {
    guard('<poptin-embed>', () => this.reserve());
  }

  private reserve(): void {
    // Released, it also overrides a min-height the page's own stylesheet gave it for the first paint.
    if (this.released) return void (this.style.minHeight = '0px');
    if ('adoptedStyleSheets' in this.ownerDocument)
      return reserveHeightRule(this.ownerDocument, this.getAttribute('height'));
    // A browser without constructable stylesheets: the element's own styles, which the page cannot override.
    const height = Number(this.getAttribute('height'));
    this.style.display = 'block';
    this.style.minHeight = Number.isFinite(height) && height > 0 ? `${height}px` : '';
  }

  private findController(): void {
    if (!this.getAttribute('poptin-id')) log.warn('<poptin-embed> needs the poptin-id of the pop-up it shows');
    if (this.ownerDocument.querySelector('poptin-controller')) return;
    const script = loaderScript(this.ownerDocument);
    // Without a loader script tag the server is this page's own origin.
    const source = controllerSourceOf(
      script,
      script?.src ?? new URL('/', location.href).href,
      this.getAttribute('client-id') ?? '',
    );
    if (source) ensureController(this.ownerDocument, source);
    else
      log.error(
        '<poptin-embed> shows nothing: no <poptin-controller> on the page and no client id; add ?id=CLIENT to the poptin.js script or client-id to the tag',
      );
  }
}

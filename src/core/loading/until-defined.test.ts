import { expect, fixture, html } from '@open-wc/testing';
import { hidePopupsUntilDefined } from './until-defined.ts';

describe('hidePopupsUntilDefined', () => {
  let sheetsBefore: CSSStyleSheet[];
  beforeEach(() => (sheetsBefore = [...document.adoptedStyleSheets]));
  afterEach(() => (document.adoptedStyleSheets = sheetsBefore));

  it("takes a pop-up whose element is not defined yet out of the page, so that its offer does not show as the page's text", async () => {
    const page = await fixture<HTMLElement>(html`<main>
      <poptin-popup kind="lightbox" trigger="click:#open"><h2>Today's offer</h2><p>Ten percent off</p></poptin-popup>
      <p id="after">The article goes on.</p>
    </main>`);
    const popup = page.querySelector('poptin-popup')!;
    const after = page.querySelector<HTMLElement>('#after')!;
    expect(popup.getBoundingClientRect().height).to.be.above(0);
    const articleTop = after.getBoundingClientRect().top;

    hidePopupsUntilDefined(document);
    expect(getComputedStyle(popup).display).to.equal('none');
    expect(after.getBoundingClientRect().top).to.be.below(articleTop);
    expect(popup.querySelector('h2')!.checkVisibility()).to.equal(false);
  });

  it("yields to the page's own rules for the tag, and leaves other elements alone", async () => {
    const page = await fixture<HTMLElement>(html`<main>
      <style>
        poptin-popup.shown-by-the-page { display: block; }
      </style>
      <poptin-popup class="shown-by-the-page"><p>Shown by the page</p></poptin-popup>
      <poptin-embed poptin-id="x"></poptin-embed>
      <section><p>Content</p></section>
    </main>`);
    hidePopupsUntilDefined(document);
    expect(getComputedStyle(page.querySelector('poptin-popup')!).display).to.equal('block');
    expect(getComputedStyle(page.querySelector('poptin-embed')!).display).to.equal('inline');
    expect(getComputedStyle(page.querySelector('section')!).display).to.equal('block');
  });

  it('adds its one rule once, however many pop-ups the page shows', async () => {
    const { LOADERS } = await import('../../registry.ts');
    const { createSurface } = await import('../../registry-lookups.ts');
    hidePopupsUntilDefined(document);
    const sheets = document.adoptedStyleSheets.length;
    await LOADERS.popup();
    for (let shown = 0; shown < 3; shown++) await createSurface('popup');
    hidePopupsUntilDefined(document);
    expect(document.adoptedStyleSheets.length).to.equal(sheets);
  });

  it('does nothing, and throws nothing, in a browser without constructable stylesheets, where the loader must still start', () => {
    const withoutSheets = { defaultView: window } as unknown as Document;
    expect(() => hidePopupsUntilDefined(withoutSheets)).not.to.throw();
    expect('adoptedStyleSheets' in withoutSheets).to.equal(false);
  });
});

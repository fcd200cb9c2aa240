import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import './define.ts';

/** A <poptin-embed> with these attributes, not yet in the page. */
function embed(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement('poptin-embed');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** Runs `test` with `css` as one of the page's own stylesheets. */
function withPageStyles(css: string, test: () => void): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  try {
    test();
  } finally {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
  }
}

describe('<poptin-embed>', () => {
  afterEach(() => {
    document.querySelectorAll('poptin-embed, poptin-controller').forEach((element) => element.remove());
    sinon.restore();
  });

  it('is a block that reserves its height', () => {
    const element = embed({ 'poptin-id': 'a1b2c3d4e5f6g', height: '240', 'client-id': 'embedtest' });
    document.body.append(element);
    expect(element.offsetHeight).to.equal(240);
    element.setAttribute('height', '120');
    expect(element.offsetHeight).to.equal(120);
  });

  it("yields to the page's own rules for the tag: more room on a narrow screen, or none where the page hides it", () => {
    const css = `
      @media (min-width: 1px) { poptin-embed[poptin-id="a1b2c3d4e5f6g"] { min-height: 330px; } }
      poptin-embed.hidden-by-the-page { display: none; }`;
    withPageStyles(css, () => {
      const taller = embed({ 'poptin-id': 'a1b2c3d4e5f6g', height: '260', 'client-id': 'embedtest' });
      const hidden = embed({ 'poptin-id': 'b1b2c3d4e5f6g', height: '260', class: 'hidden-by-the-page' });
      const plain = embed({ 'poptin-id': 'c1b2c3d4e5f6g', height: '260' });
      document.body.append(taller, hidden, plain);
      expect(taller.offsetHeight).to.equal(330);
      expect(hidden.offsetHeight).to.equal(0);
      expect(plain.offsetHeight).to.equal(260);
    });
  });

  it("gives its room back once the pop-up it holds has closed, over a min-height from the page's stylesheet too", () => {
    withPageStyles('poptin-embed[poptin-id="a1b2c3d4e5f6g"] { display: block; min-height: 90px; }', () => {
      const element = embed({ 'poptin-id': 'a1b2c3d4e5f6g', height: '90', 'client-id': 'embedtest' });
      const popup = document.createElement('div');
      element.append(popup);
      document.body.append(element);
      const hidden = (from: Element, poptinId: string) =>
        from.dispatchEvent(
          new CustomEvent('poptin-after-hide', {
            bubbles: true,
            composed: true,
            detail: { poptinId, source: 'x-button', submitted: false },
          }),
        );
      hidden(popup, 'zzzzzzzzzzzzz');
      expect(element.offsetHeight).to.equal(90, 'another pop-up closing changes nothing');
      const nested = document.createElement('span');
      popup.append(nested);
      hidden(nested, 'a1b2c3d4e5f6g');
      expect(element.offsetHeight).to.equal(90, 'only the pop-up placed in it counts');
      hidden(popup, 'a1b2c3d4e5f6g');
      expect(element.offsetHeight).to.equal(0);
      element.setAttribute('height', '120');
      expect(element.offsetHeight).to.equal(0, 'it stays given back');
    });
  });

  // <poptin-controller> is not defined in this test: the tag is added, and does nothing until the loader defines it.
  it('on a page with no controller it brings one for its client-id, talking to this origin', () => {
    document.body.append(embed({ 'poptin-id': 'a1b2c3d4e5f6g', 'client-id': 'embedtest' }));
    const controller = document.querySelector('poptin-controller');
    expect(controller?.getAttribute('client-id')).to.equal('embedtest');
    expect(controller?.getAttribute('api-base')).to.equal(location.origin);
    document.body.append(embed({ 'poptin-id': 'b1b2c3d4e5f6g' }));
    expect(document.querySelectorAll('poptin-controller').length).to.equal(1, 'one controller for the page');
  });

  it('without a controller or any client id it says what is missing', () => {
    const error = sinon.stub(console, 'error');
    document.body.append(embed({ 'poptin-id': 'a1b2c3d4e5f6g' }));
    expect(document.querySelector('poptin-controller')).to.equal(null);
    expect(error.args.map((args) => args.join(' '))).to.deep.include(
      '[poptin] <poptin-embed> shows nothing: no <poptin-controller> on the page and no client id; add ?id=CLIENT to the poptin.js script or client-id to the tag',
    );
  });
});

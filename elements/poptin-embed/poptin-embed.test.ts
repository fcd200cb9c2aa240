import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import './define.ts';

describe('<poptin-embed>', () => {
  afterEach(() => {
    document.querySelectorAll('poptin-embed, poptin-controller').forEach((element) => element.remove());
    sinon.restore();
  });

  it('is a block that reserves its height', () => {
    const element = document.createElement('poptin-embed');
    element.setAttribute('poptin-id', 'a1b2c3d4e5f6g');
    element.setAttribute('height', '240');
    element.setAttribute('client-id', 'embedtest');
    document.body.append(element);
    expect(element.offsetHeight).to.equal(240);
    element.setAttribute('height', '120');
    expect(element.offsetHeight).to.equal(120);
  });

  it('gives its room back once the pop-up it holds has closed, over a min-height from the page\'s stylesheet too', () => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('poptin-embed[poptin-id="a1b2c3d4e5f6g"] { display: block; min-height: 90px; }');
    document.adoptedStyleSheets = [sheet];
    try {
      const element = document.createElement('poptin-embed');
      element.setAttribute('poptin-id', 'a1b2c3d4e5f6g');
      element.setAttribute('height', '90');
      element.setAttribute('client-id', 'embedtest');
      const popup = document.createElement('div');
      element.append(popup);
      document.body.append(element);
      const hidden = (from: Element, poptinId: string) => from.dispatchEvent(new CustomEvent('poptin-after-hide', { bubbles: true, composed: true, detail: { poptinId, source: 'x-button', submitted: false } }));
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
    } finally {
      document.adoptedStyleSheets = [];
    }
  });

  // <poptin-controller> is not defined in this test: the tag is added, and does nothing until the loader defines it.
  it('on a page with no controller it brings one for its client-id, talking to this origin', () => {
    const element = document.createElement('poptin-embed');
    element.setAttribute('poptin-id', 'a1b2c3d4e5f6g');
    element.setAttribute('client-id', 'embedtest');
    document.body.append(element);
    const controller = document.querySelector('poptin-controller');
    expect(controller?.getAttribute('client-id')).to.equal('embedtest');
    expect(controller?.getAttribute('api-base')).to.equal(location.origin);
    const second = document.createElement('poptin-embed');
    second.setAttribute('poptin-id', 'b1b2c3d4e5f6g');
    document.body.append(second);
    expect(document.querySelectorAll('poptin-controller').length).to.equal(1, 'one controller for the page');
  });

  it('without a controller or any client id it says what is missing', () => {
    const error = sinon.stub(console, 'error');
    const element = document.createElement('poptin-embed');
    element.setAttribute('poptin-id', 'a1b2c3d4e5f6g');
    document.body.append(element);
    expect(document.querySelector('poptin-controller')).to.equal(null);
    expect(error.args.map((args) => args.join(' '))).to.deep.include(
      '[poptin] <poptin-embed> shows nothing: no <poptin-controller> on the page and no client id; add ?id=CLIENT to the poptin.js script or client-id to the tag',
    );
  });
});

import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import { armClickToOpen, poptinIdOf } from './click-to-open.ts';

describe('click-to-open (widget §2 triggering by click)', () => {
  const ID = 'a1b2c3d4e5f6g';
  let disarm = () => {};
  afterEach(() => disarm());

  async function arm(template: ReturnType<typeof html>) {
    const root = await fixture(template);
    const open = sinon.spy();
    disarm = armClickToOpen({ document, open });
    return { root, open };
  }

  /** Clicks and reports whether the click-to-open listener prevented it; the page itself never follows the link. */
  function click(element: Element): boolean {
    let prevented = false;
    const guard = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', guard);
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    window.removeEventListener('click', guard);
    return prevented;
  }

  it('a link whose href contains /click/ plus the 13-character id opens it and is prevented', async () => {
    const { root, open } = await arm(
      html`<div><a href="https://pop.example/api/display/click/${ID}"><span>Get 10%</span></a></div>`,
    );
    expect(click(root.querySelector('span')!)).to.equal(true);
    expect(open.calledOnceWith(ID)).to.equal(true);
  });

  it('a button with an onclick action and a 13-character id opens it', async () => {
    const { root, open } = await arm(html`<div><button type="button">Open</button></div>`);
    const button = root.querySelector('button')!;
    // Set as a string attribute without running it: the page's own onclick function is not under test.
    button.setAttribute('onclick', `void 0 && showPoptinOnClick('${ID}')`);
    expect(click(button)).to.equal(true);
    expect(open.calledOnceWith(ID)).to.equal(true);
  });

  it('data-poptin-id opens the pop-up', async () => {
    const { root, open } = await arm(html`<div><button data-poptin-id=${ID}>Open</button></div>`);
    click(root.querySelector('button')!);
    expect(open.calledOnceWith(ID)).to.equal(true);
  });

  it('ignores ordinary links, ids that are not 13 characters, and onclick handlers that do not call poptin', async () => {
    const { root, open } = await arm(html`<div>
      <a href="/products/shoes">a</a>
      <a href="/click/abc">b</a>
      <a href="/click/${ID}extra">c</a>
      <button>d</button>
    </div>`);
    root.querySelector('button')!.setAttribute('onclick', `void 0 && trackEvent('${ID}')`);
    for (const element of root.querySelectorAll('a, button')) expect(click(element)).to.equal(false);
    expect(open.called).to.equal(false);
  });

  it('every click opens again (a visitor may reopen a closed pop-up); disarm stops it', async () => {
    const { root, open } = await arm(html`<div><a href="/click/${ID}">x</a></div>`);
    click(root.querySelector('a')!);
    click(root.querySelector('a')!);
    disarm();
    click(root.querySelector('a')!);
    expect(open.callCount).to.equal(2);
  });

  it('poptinIdOf reads each form', () => {
    const link = document.createElement('a');
    link.href = `/click/${ID}?utm=x`;
    expect(poptinIdOf(link)).to.equal(ID);
    const div = document.createElement('div');
    div.setAttribute('href', `/click/${ID}`);
    expect(poptinIdOf(div)).to.equal(null);
    const calling = document.createElement('a');
    calling.href = '/offers';
    calling.setAttribute('onclick', `showPoptinOnClick('${ID}')`);
    expect(poptinIdOf(calling)).to.equal(ID, 'a link elsewhere that calls poptin');
  });
});

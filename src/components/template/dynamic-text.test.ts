// Dynamic text in a mounted pop-up, with the project's XSS corpus (test/fixtures/xss-payloads.json) as the page's
// query string: every payload calls window.__xss if any of its script ever runs.
import { expect } from '@open-wc/testing';
import {
  field,
  formTemplate,
  inShadow,
  mountPopup,
  nextFrame,
  removePopups,
  submit,
  typeInto,
  until,
} from '../../../test/browser-support/popup.ts';

declare global {
  interface Window {
    __xss?: (id: number) => void;
  }
}

const TEMPLATE = `<h2 title="{{utm_campaign|t}}">Sale: {{utm_campaign|our sale}}</h2>
<p>For {{query.q}} in {{country|your country}}, {{page_title|this page}}</p>
<img alt="{{utm_campaign}}" src="https://example.com/a.png">
<a href="https://example.com/?c={{utm_campaign}}" aria-label="{{utm_campaign}}">Go</a>
<form><input name="Email" placeholder="{{utm_campaign}}"><button type="submit" value="{{utm_campaign}}">Send</button></form>`;

/** What a value reads as: white space and control characters made one space, trimmed, at most 100 characters. */
const literal = (value: string) =>
  Array.from(
    value
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, 100)
    .join('')
    .trim();

/** Every element under the root with its attribute names: what markup would have added to. */
const shape = (root: ParentNode) =>
  [...root.querySelectorAll('*')].map((element) => `${element.localName}[${element.getAttributeNames().sort()}]`);

describe('dynamic text in a pop-up', () => {
  const originalUrl = location.href;
  const originalTitle = document.title;
  afterEach(() => {
    history.replaceState(null, '', originalUrl);
    document.title = originalTitle;
    removePopups();
  });

  it('fills tags from the query string, the country and the page title, and the fallback without them', async () => {
    history.replaceState(null, '', '?utm_campaign=Spring%20sale&q=shoes');
    document.title = 'Shoe shop';
    let element = await mountPopup(TEMPLATE, { model: { countryCode: 'FR' } });
    expect(inShadow(element, 'h2').textContent).to.equal('Sale: Spring sale');
    expect(inShadow(element, 'p').textContent).to.equal('For shoes in France, Shoe shop');
    expect(inShadow(element, 'input[name=Email]').getAttribute('placeholder')).to.equal('Spring sale');
    expect(inShadow(element, 'form button').getAttribute('value')).to.equal('Spring sale');
    expect(inShadow(element, 'img').getAttribute('alt')).to.equal('Spring sale');
    // An address is not text: its tag stays as written.
    expect(inShadow(element, 'a').getAttribute('href')).to.equal('https://example.com/?c={{utm_campaign}}');
    removePopups();

    history.replaceState(null, '', originalUrl.split('?')[0]);
    document.title = '';
    element = await mountPopup(TEMPLATE);
    expect(inShadow(element, 'h2').textContent).to.equal('Sale: our sale');
    expect(inShadow(element, 'p').textContent).to.equal('For  in your country, this page');
  });

  it('shows the cart of a store page', async () => {
    const element = await mountPopup('<p>{{cart_count|0}} items, {{cart_total}} in all</p>', {
      model: { cart: { itemCount: 2, total: 35.5 } },
    });
    expect(inShadow(element, 'p').textContent).to.equal('2 items, 35.50 in all');
  });

  it("counts the days left of the pop-up's timer", async () => {
    const inThreeDays = new Date(Date.now() + 2.5 * 86_400_000);
    const date = inThreeDays.toISOString().slice(0, 10);
    const time = inThreeDays.toISOString().slice(11, 16);
    const element = await mountPopup('<p>Ends in {{countdown_days|a few}} days</p>', {
      config: { design_properties: { timer: { date, time, gmt: '+00:00' } } },
    });
    expect(inShadow(element, 'p').textContent).to.equal('Ends in 3 days');
    removePopups();
    const untimed = await mountPopup('<p>Ends in {{countdown_days|a few}} days</p>');
    expect(inShadow(untimed, 'p').textContent).to.equal('Ends in a few days');
  });

  it('greets the visitor by the name typed, on the thank-you screen, as text', async () => {
    const template = formTemplate('<input name="first_name" aria-label="First name">').replace(
      '<p>Thank you!</p>',
      '<p>Thank you, {{first_name|friend}}!</p>',
    );
    const element = await mountPopup(template, {
      config: { design_properties: { poptin_design_thank_screen: 'yes' } },
    });
    const thanks = inShadow(element, '[data-poptin-screen="thank-you"] p');
    expect(thanks.textContent).to.equal('Thank you, friend!');
    typeInto(field(element, 'first_name'), ' Dana &amp; "Co" ');
    submit(element);
    await until(() => !inShadow(element, '[data-poptin-screen="thank-you"]').hidden, 'the thank-you screen');
    expect(thanks.textContent).to.equal('Thank you, Dana &amp; "Co"!');
    expect(thanks.children.length).to.equal(0);
  });

  it('every string of the XSS corpus in the query string reads literally and adds no element or attribute', async function () {
    // One pop-up mounted per payload, over a hundred in turn: a busy machine takes longer than one test's usual wait.
    this.timeout(60_000);
    const payloads = (await (await fetch('/test/fixtures/xss-payloads.json')).json()) as string[];
    expect(payloads.length).to.be.at.least(100);
    const hits: number[] = [];
    window.__xss = (id: number) => hits.push(id);
    try {
      history.replaceState(null, '', originalUrl.split('?')[0]);
      const plain = shape((await mountPopup(TEMPLATE)).shadowRoot!);
      removePopups();
      const problems: string[] = [];
      for (const [index, payload] of payloads.entries()) {
        const value = encodeURIComponent(payload);
        history.replaceState(null, '', `?utm_campaign=${value}&q=${value}`);
        const element = await mountPopup(TEMPLATE);
        const root = element.shadowRoot!;
        const text = literal(payload);
        if (JSON.stringify(shape(root)) !== JSON.stringify(plain))
          problems.push(`#${index} changed the DOM: ${payload}`);
        if (inShadow(element, 'h2').textContent !== `Sale: ${text || 'our sale'}`)
          problems.push(`#${index} heading reads ${inShadow(element, 'h2').textContent}`);
        if (inShadow(element, 'input[name=Email]').getAttribute('placeholder') !== text)
          problems.push(`#${index} placeholder reads ${inShadow(element, 'input').getAttribute('placeholder')}`);
        removePopups();
      }
      await nextFrame();
      expect(problems).to.deep.equal([]);
      expect(hits).to.deep.equal([]);
    } finally {
      delete window.__xss;
    }
  });
});

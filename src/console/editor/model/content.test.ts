import { expect } from '@open-wc/testing';
import { coloursOf, fieldsOf, htmlForScreen, screensOf, textsOf, withColour, withField, withText } from './content.ts';
import { sanitizerRemovals } from './sanitizer.ts';

const TEMPLATE =
  '<div data-poptin-screen="form" style="color:#1f2937;background:#ffffff"><h2>Join us</h2><p>Get <strong>10%</strong> off.</p>' +
  '<form><label for="e">Email</label><input id="e" type="email" name="Email" required data-validation="check-typos">' +
  '<button type="submit" style="background-color:#4338ca">Subscribe</button></form></div>' +
  '<div data-poptin-screen="thank-you" hidden><h2>Thanks!</h2></div>';

describe('console model: template content', () => {
  it('lists the texts that hold text alone, and edits one without touching the markup around it', () => {
    expect(textsOf(TEMPLATE).map((item) => item.text)).to.deep.equal([
      'Join us',
      '10%',
      'Email',
      'Subscribe',
      'Thanks!',
    ]);
    const heading = textsOf(TEMPLATE)[0];
    const edited = withText(TEMPLATE, heading.index, 'Welcome <b>back</b>');
    expect(edited).to.contain('<h2>Welcome &lt;b&gt;back&lt;/b&gt;</h2>');
    expect(edited.replace('<h2>Welcome &lt;b&gt;back&lt;/b&gt;</h2>', '<h2>Join us</h2>')).to.equal(
      TEMPLATE.replace('hidden>', 'hidden="">').replace(' required ', ' required="" '),
    );
  });

  it('edits colours as hex, and refuses a value that is not one', () => {
    const colours = coloursOf(TEMPLATE);
    expect(colours.map((item) => `${item.tag} ${item.property}`)).to.deep.equal([
      'div color',
      'div background',
      'button background-color',
    ]);
    const button = colours[2];
    const edited = withColour(TEMPLATE, button.index, button.property, '#ff0000');
    expect(edited).to.equal(
      TEMPLATE.replace('background-color:#4338ca', 'background-color:#ff0000')
        .replace('hidden>', 'hidden="">')
        .replace(' required ', ' required="" '),
    );
    expect(coloursOf(edited)[2].value).to.equal('#ff0000');
    // "background" is not "background-color": each declaration is its own.
    expect(
      coloursOf(withColour(TEMPLATE, colours[1].index, 'background', '#000000')).map((item) => item.value),
    ).to.deep.equal(['#1f2937', '#000000', '#4338ca']);
    expect(withColour(TEMPLATE, button.index, button.property, 'red;position:fixed')).to.equal(TEMPLATE);
  });

  it("changes a field's validation mode and whether it is required", () => {
    expect(fieldsOf(TEMPLATE)).to.deep.equal([
      { index: 0, name: 'Email', type: 'email', required: true, validation: 'check-typos', placeholder: '' },
    ]);
    const edited = withField(TEMPLATE, 0, { required: false, validation: 'business-email' });
    expect(fieldsOf(edited)[0]).to.include({ required: false, validation: 'business-email' });
  });

  it('gives each screen alone, unmarked and shown; the form screen is the template itself', () => {
    expect(screensOf(TEMPLATE)).to.deep.equal(['form', 'thank-you']);
    expect(screensOf('<p>plain</p>')).to.deep.equal(['form']);
    expect(htmlForScreen(TEMPLATE, 'form')).to.equal(TEMPLATE);
    expect(htmlForScreen(TEMPLATE, 'thank-you')).to.equal('<div><h2>Thanks!</h2></div>');
    expect(htmlForScreen(TEMPLATE, 'win')).to.equal(TEMPLATE);
  });

  it('runs nothing while it parses: a handler in the template does not fire', async () => {
    const fired: string[] = [];
    (window as unknown as { consoleParsed: (what: string) => void }).consoleParsed = (what) => fired.push(what);
    textsOf('<img src="data:," onerror="consoleParsed(\'img\')"><p>x</p>');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fired).to.deep.equal([]);
  });
});

describe("console model: the sanitiser's verdict", () => {
  it('finds nothing to remove in a clean template', () => {
    expect(sanitizerRemovals(TEMPLATE)).to.deep.equal([]);
  });

  it('names the scripts, frames and handlers it removes, once each', () => {
    const removed = sanitizerRemovals(
      '<p onclick="x()">a</p><p onclick="y()">b</p><script>alert(1)</script><iframe src="https://example.com"></iframe><poptin-spin-wheel onplay="z()"></poptin-spin-wheel>',
    );
    expect(removed).to.deep.include({ element: 'p', attribute: 'onclick' });
    expect(removed).to.deep.include({ element: 'script' });
    expect(removed).to.deep.include({ element: 'iframe' });
    expect(removed.filter((item) => item.attribute === 'onclick')).to.have.length(1);
  });
});

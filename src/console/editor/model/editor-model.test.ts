import { expect } from '@open-wc/testing';
import { OLD_TEMPLATE_HTML, PARTS_TEMPLATE_HTML } from '../../../../test/console/parts-template.ts';
import { addConsent, addField, moveField, readFields, removeField, setField } from './fields.ts';
import { applyPartChange, hasParts, imageAddressProblem, readParts } from './parts.ts';
import { splitForm } from './steps.ts';
import { applyTokens, readTokens } from './tokens.ts';

const html = PARTS_TEMPLATE_HTML;

describe('editor model: parts', () => {
  it('reads exactly the declared parts, by screen, with their words', () => {
    expect(readParts(html).map((part) => `${part.screen}/${part.role}/${part.kind}/${part.text}`)).to.deep.equal([
      'form/eyebrow/text/Members only',
      'form/image/image/',
      'form/headline/text/Join our newsletter',
      'form/body/text/Get 10% off your first order.',
      'form/fields/built/',
      'form/button/text/Subscribe',
      'form/decline/text/No thanks',
      'form/note/text/No spam. Unsubscribe in one click.',
      'thank-you/thank-you-headline/text/Thank you!',
      'thank-you/thank-you-body/text/Check your inbox.',
    ]);
    expect(hasParts(OLD_TEMPLATE_HTML)).to.equal(false);
    expect(readParts(OLD_TEMPLATE_HTML)).to.deep.equal([]);
  });

  it('changes a part’s words as text, and nothing else of the markup', () => {
    const edited = applyPartChange(html, { screen: 'form', role: 'headline', text: 'Hello <b>there</b>' });
    expect(readParts(edited).find((part) => part.role === 'headline')?.text).to.equal('Hello <b>there</b>');
    expect(edited).to.contain('>Hello &lt;b&gt;there&lt;/b&gt;</h2>');
    const back = applyPartChange(edited, { screen: 'form', role: 'headline', text: 'Join our newsletter' });
    expect(back).to.equal(applyPartChange(html, { screen: 'form', role: 'headline', text: 'Join our newsletter' }));
  });

  it('changes an image to an https address or our own upload, and refuses any other', () => {
    const own = `${location.origin}/images/abc`;
    const edited = applyPartChange(html, { screen: 'form', role: 'image', src: own, alt: 'A cake' });
    expect(readParts(edited).find((part) => part.role === 'image')).to.include({ src: own, alt: 'A cake' });
    expect(applyPartChange(html, { screen: 'form', role: 'image', src: 'javascript:alert(1)' })).to.equal(html);
    expect(imageAddressProblem('http://example.org/a.png')).to.equal('https-only');
    expect(imageAddressProblem('https://example.org/a.png')).to.equal(null);
  });
});

describe('editor model: tokens', () => {
  it('reads the declared tokens and writes a change to every screen', () => {
    expect(readTokens(html)['--poptin-accent']).to.equal('#4338ca');
    expect(readTokens(html)['--poptin-radius']).to.equal('12px');
    const edited = applyTokens(html, { '--poptin-accent': '#e11d48', '--poptin-radius': '4px' });
    expect(readTokens(edited)).to.include({ '--poptin-accent': '#e11d48', '--poptin-radius': '4px' });
    expect(edited.match(/--poptin-accent:#e11d48;/g)?.length).to.equal(2);
    expect(applyTokens(html, { '--poptin-accent': 'red;background:url(x)' })).to.equal(html);
    expect(applyTokens(html, { '--poptin-font': 'x;}' })).to.equal(html);
    expect(readTokens(OLD_TEMPLATE_HTML)).to.deep.equal({});
  });
});

describe('editor model: form fields', () => {
  it('adds, moves, requires and removes fields named as the widget names them', () => {
    let edited = addField(html, 'phone', 'Phone number');
    edited = addField(edited, 'phone', 'Second phone');
    expect(readFields(edited).map((field) => `${field.name}:${field.type}:${field.label}`)).to.deep.equal([
      'Email:email:Email address',
      'Phone:tel:Phone number',
      'Phone2:tel:Second phone',
    ]);
    // The new row looks like the template's own rows (its style copied).
    expect(edited).to.match(/<label style="display:block[^"]*"><span>Phone number<\/span><input style="display:block/);
    edited = moveField(edited, 1, -1);
    expect(readFields(edited).map((field) => field.name)).to.deep.equal(['Phone', 'Email', 'Phone2']);
    expect(moveField(edited, 0, -1)).to.equal(edited);
    edited = setField(edited, 0, { required: true, validation: 'international' });
    expect(readFields(edited)[0]).to.include({ required: true, validation: 'international' });
    edited = removeField(edited, 2);
    expect(readFields(edited).map((field) => field.name)).to.deep.equal(['Phone', 'Email']);
  });

  it('adds one consent checkbox whose words are the consent part', () => {
    const edited = addConsent(html, 'I agree to receive e-mails');
    const consent = readFields(edited).find((field) => field.consent);
    expect(consent).to.include({
      name: 'consent',
      type: 'checkbox',
      required: true,
      label: 'I agree to receive e-mails',
    });
    expect(readParts(edited).find((part) => part.role === 'consent')?.text).to.equal('I agree to receive e-mails');
    expect(addConsent(edited, 'again')).to.equal(edited);
  });
});

describe('editor model: a form split over steps', () => {
  it('lays each step out as the fields box was, so Next sits a gap below the e-mail field', () => {
    const row = 'display:flex;flex-direction:column;gap:4px';
    const html =
      '<div data-poptin-screen="form"><form style="display:flex;flex-direction:column;gap:12px">' +
      '<div data-poptin-part="fields" style="display:flex;flex-direction:column;gap:12px">' +
      `<label style="${row}"><span>Email</span><input type="email" name="Email"></label>` +
      `<label style="${row}"><span>Name</span><input name="Name"></label></div>` +
      '<button type="submit" style="display:inline-flex;width:100%;min-height:48px">Go</button></form></div>';
    const host = document.createElement('div');
    host.style.width = '400px';
    host.innerHTML = splitForm(html, { next: 'Next', back: 'Back' });
    document.body.append(host);
    const email = host.querySelector('input[type=email]')!.getBoundingClientRect();
    const next = host.querySelector('[data-poptin-step-go="details"]')!.getBoundingClientRect();
    const back = host.querySelector('[data-poptin-step-go="back"]')!.getBoundingClientRect();
    host.remove();
    expect(next.top - email.bottom).to.equal(12);
    expect(back.width, 'Back stays a small link, not a bar across the step').to.be.below(next.width / 2);
  });
});

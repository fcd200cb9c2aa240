import { expect } from '@open-wc/testing';
import { sanitizeTemplate } from './sanitize.ts';

const sanitized = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = String(sanitizeTemplate(html));
  return box;
};

describe('sanitizeTemplate: the widget elements a template may hold', () => {
  it('keeps <poptin-countdown> and its attributes', () => {
    const countdown = sanitized('<poptin-countdown minutes="5" timer-ver="1"></poptin-countdown>').querySelector('poptin-countdown');
    expect(countdown?.getAttribute('minutes')).to.equal('5');
    expect(countdown?.getAttribute('timer-ver')).to.equal('1');
  });

  it('drops on* handlers from the widget elements', () => {
    const countdown = sanitized('<poptin-countdown onclick="alert(1)" onmouseover="x()" minutes="1"></poptin-countdown>').querySelector('poptin-countdown');
    expect(countdown).not.to.equal(null);
    expect(countdown!.getAttributeNames()).to.deep.equal(['minutes']);
  });

  it('drops widget elements that have no place in a template, such as a second controller', () => {
    const box = sanitized('<poptin-controller client-id="x" api-base="https://evil.example"></poptin-controller><poptin-popup poptin-id="a"></poptin-popup><p>kept</p>');
    expect(box.querySelector('poptin-controller, poptin-popup')).to.equal(null);
    expect(box.textContent).to.equal('kept');
  });
});

import { expect } from '@open-wc/testing';
import { restoreInlineStyles } from './inline-styles.ts';
import { sanitizeTemplate } from './sanitize.ts';

const sanitized = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = String(sanitizeTemplate(html));
  return box;
};

describe('sanitizeTemplate: the widget elements a template may hold', () => {
  it('keeps <poptin-countdown> and its attributes', () => {
    const countdown = sanitized('<poptin-countdown minutes="5" timer-ver="1"></poptin-countdown>').querySelector(
      'poptin-countdown',
    );
    expect(countdown?.getAttribute('minutes')).to.equal('5');
    expect(countdown?.getAttribute('timer-ver')).to.equal('1');
  });

  it('drops on* handlers from the widget elements', () => {
    const countdown = sanitized(
      '<poptin-countdown onclick="alert(1)" onmouseover="x()" minutes="1"></poptin-countdown>',
    ).querySelector('poptin-countdown');
    expect(countdown).not.to.equal(null);
    expect(countdown!.getAttributeNames()).to.deep.equal(['minutes']);
  });

  it('drops widget elements that have no place in a template, such as a second controller', () => {
    const box = sanitized(
      '<poptin-controller client-id="x" api-base="https://evil.example"></poptin-controller><poptin-popup poptin-id="a"></poptin-popup><p>kept</p>',
    );
    expect(box.querySelector('poptin-controller, poptin-popup')).to.equal(null);
    expect(box.textContent).to.equal('kept');
  });
});

describe('sanitizeTemplate: inline styles wait for the CSSOM', () => {
  it('sets style attributes aside, and restoreInlineStyles applies them as the elements’ own styles', () => {
    const box = sanitized(
      '<div style="color: rgb(4, 5, 6); padding: 9px"><span style="font-weight: 700">a</span><svg style="width: 20px"></svg></div>',
    );
    expect(box.querySelector('[style]')).to.equal(null);
    expect(box.querySelectorAll('[data-poptin-style]').length).to.equal(3);
    document.body.append(box);
    try {
      restoreInlineStyles(box);
      const div = box.querySelector('div')!;
      expect(getComputedStyle(div).color).to.equal('rgb(4, 5, 6)');
      expect(getComputedStyle(div).paddingTop).to.equal('9px');
      expect(getComputedStyle(box.querySelector('span')!).fontWeight).to.equal('700');
      expect(getComputedStyle(box.querySelector('svg')!).width).to.equal('20px');
      expect(box.querySelector('[data-poptin-style]')).to.equal(null);
    } finally {
      box.remove();
    }
  });

  it('does not let a style attribute smuggle markup past the sanitiser', () => {
    const box = sanitized(
      `<p style="x" title='"><img src=x onerror=alert(1)>'>t</p><img style=a src=x onerror="alert(2)">`,
    );
    expect(box.querySelector('[onerror]')).to.equal(null);
    expect(box.querySelectorAll('img').length).to.equal(1);
  });
});

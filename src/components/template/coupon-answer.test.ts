import { expect } from '@open-wc/testing';
import { showCouponAnswer } from './coupon-answer.ts';

function template(html: string): HTMLElement {
  const content = document.createElement('div');
  content.innerHTML = html;
  document.body.append(content);
  return content;
}

describe("the visitor's own coupon code in a template", () => {
  it("replaces a game prize's code in every coupon of the template", () => {
    const content = template(
      '<section data-poptin-screen="win"><span data-poptin-coupon="TEN">TEN</span></section><section data-poptin-screen="thank-you"><button data-poptin-coupon></button></section>',
    );
    showCouponAnswer(content, 'TEN-7KQ2MZ', 'en');
    const coupons = [...content.querySelectorAll<HTMLElement>('[data-poptin-coupon]')];
    expect(coupons.map((coupon) => [coupon.dataset.poptinCoupon, coupon.textContent])).to.deep.equal([
      ['TEN-7KQ2MZ', 'TEN-7KQ2MZ'],
      ['TEN-7KQ2MZ', 'TEN-7KQ2MZ'],
    ]);
    expect(content.querySelector('[data-poptin-coupon-answer]')).to.equal(null, 'nothing added');
    content.remove();
  });

  it('adds a copyable code to the thank-you screen of a template without a coupon, in the pop-up language', () => {
    const content = template('<form></form><div data-poptin-screen="thank-you" hidden><h2>Thanks</h2></div>');
    showCouponAnswer(content, 'WELCOME-P8H3XD', 'he');
    const added = content.querySelector('[data-poptin-screen="thank-you"] [data-poptin-coupon-answer]');
    expect(added?.textContent).to.equal('הקוד שלך: WELCOME-P8H3XD');
    expect(added?.querySelector('button')?.getAttribute('role')).to.equal('button');
    content.remove();
  });

  it('says in words that no code was left, in place of the coupons', () => {
    const content = template('<div data-poptin-screen="thank-you"><span data-poptin-coupon>CODE</span></div>');
    showCouponAnswer(content, '', 'en');
    expect(content.querySelector('[data-poptin-coupon]')).to.equal(null);
    expect(content.querySelector('[data-poptin-coupon-none]')?.textContent).to.equal(
      'Your details are saved, but there is no code left to give you right now.',
    );
    content.remove();
  });
});

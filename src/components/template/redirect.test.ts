import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  closeSources,
  collectSubmits,
  field,
  formTemplate,
  inShadow,
  mountPopup,
  type PoptinPopupElement,
  removePopups,
  submit,
  typeInto,
  until,
} from '../../../test/browser-support/popup.ts';
import { REDIRECT_LINK_SUBMIT_MS } from './after-submit.ts';
import { followRedirect, type PopupNavigation } from './navigation.ts';

interface FakeNavigation extends PopupNavigation {
  openWindow: sinon.SinonStub<[string], Window | null>;
  clickAnchor: sinon.SinonStub<[string], boolean>;
  assign: sinon.SinonStub<[string], void>;
}

function fakeNavigation({ windowOpens = true, anchorWorks = true } = {}): FakeNavigation {
  return {
    openWindow: sinon.stub<[string], Window | null>().returns(windowOpens ? ({} as Window) : null),
    clickAnchor: sinon.stub<[string], boolean>().returns(anchorWorks),
    assign: sinon.stub<[string], void>(),
  };
}

const EMAIL = '<input name="Email" aria-label="Email">';
/** Not a lead form and no thank-you screen: what follows the submit happens at once. */
const AT_ONCE = { poptin_target: 'click', design_properties: { poptin_design_thank_screen: 'no' } };
const THANK_YOU_5S = {
  poptin_design_thank_screen: 'yes',
  poptin_design_thank_screen_auto_close: 'yes',
  poptin_design_thank_screen_auto_close_sec: '5',
};

async function mountWithRedirect(
  config: Record<string, unknown>,
  navigation: FakeNavigation,
  template = formTemplate(EMAIL),
): Promise<PoptinPopupElement> {
  return mountPopup(template, { config, before: (element) => (element.navigation = navigation) });
}

async function submitEmail(element: PoptinPopupElement, email = 'dan@example.com') {
  typeInto(field(element, 'Email'), email);
  submit(element);
}

describe('<poptin-popup> redirects', () => {
  afterEach(() => {
    removePopups();
    sinon.restore();
  });

  describe('after a submit (widget §4, §5)', () => {
    it('follows the design redirect after the thank-you auto-close, as close source "redirect", without poptinClose', async () => {
      const navigation = fakeNavigation();
      const element = await mountWithRedirect(
        {
          design_properties: {
            ...THANK_YOU_5S,
            poptin_design_redirect: 'yes',
            poptin_design_redirect_url: 'shop.example/welcome',
          },
        },
        navigation,
      );
      const sources = closeSources(element);
      const hidden = new Promise<CustomEvent>((resolve) =>
        element.addEventListener('poptin-after-hide', (e) => resolve(e as CustomEvent)),
      );
      const windowClose = sinon.spy();
      window.addEventListener('poptinClose', windowClose);
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      await submitEmail(element);
      await until(() => !inShadow(element, '[data-poptin-screen="thank-you"]').hidden, 'the thank-you screen');
      clock.tick(4_999);
      expect(navigation.assign.called).to.equal(false);
      clock.tick(1);
      expect(navigation.assign.args).to.deep.equal([['http://shop.example/welcome']]);
      expect(sources).to.deep.equal(['redirect']);
      expect((await hidden).detail).to.deep.include({ source: 'redirect', submitted: true });
      window.removeEventListener('poptinClose', windowClose);
      expect(windowClose.called).to.equal(false);
    });

    it('uses the configuration’s redirect_url and redirect_target when design_properties set none', async () => {
      const navigation = fakeNavigation();
      const element = await mountWithRedirect(
        { ...AT_ONCE, redirect_url: 'https://shop.example/a', redirect_target: '_blank' },
        navigation,
      );
      await submitEmail(element);
      await until(() => navigation.openWindow.called, 'the redirect');
      expect(navigation.openWindow.args).to.deep.equal([['https://shop.example/a']]);
      expect(navigation.assign.called).to.equal(false);
    });

    it('a lead pop-up without thank-you screen redirects after the sent message', async () => {
      const navigation = fakeNavigation();
      const element = await mountWithRedirect(
        {
          design_properties: {
            poptin_design_thank_screen: 'no',
            poptin_design_redirect: 'yes',
            poptin_design_redirect_url: 'https://shop.example/',
          },
        },
        navigation,
        formTemplate(EMAIL, { thankYou: false }),
      );
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      await submitEmail(element);
      expect(inShadow(element, '[type=submit]').textContent).to.equal('Sent!');
      await until(() => element.shadowRoot!.querySelector('[data-state="thank-you"]') !== null, 'the finished state');
      clock.tick(999);
      expect(navigation.assign.called).to.equal(false);
      clock.tick(1);
      expect(navigation.assign.args).to.deep.equal([['https://shop.example/']]);
    });

    it('appends the form data when poptin_design_redirect_send_form_data is on', async () => {
      const navigation = fakeNavigation();
      const element = await mountWithRedirect(
        {
          ...AT_ONCE,
          design_properties: {
            poptin_design_thank_screen: 'no',
            poptin_design_redirect: 'yes',
            poptin_design_redirect_url: 'https://shop.example/welcome?src=pop#top',
            poptin_design_redirect_send_form_data: 'yes',
          },
        },
        navigation,
        formTemplate(`${EMAIL}<input name="Name" aria-label="Name">`),
      );
      typeInto(field(element, 'Name'), 'Dan Levi');
      await submitEmail(element, 'dan@example.com');
      await until(() => navigation.assign.called, 'the redirect');
      expect(navigation.assign.firstCall.args[0]).to.equal(
        'https://shop.example/welcome?src=pop&Email=dan%40example.com&Name=Dan+Levi#top',
      );
    });

    it('keeps tel:, sms: and mailto: links, and never opens them in a new window', async () => {
      for (const url of ['tel:+972501234567', 'sms:+972501234567', 'mailto:sales@shop.example']) {
        const navigation = fakeNavigation();
        const element = await mountWithRedirect(
          {
            ...AT_ONCE,
            redirect_target: '_blank',
            design_properties: {
              poptin_design_thank_screen: 'no',
              poptin_design_redirect: 'yes',
              poptin_design_redirect_url: url,
            },
          },
          navigation,
        );
        await submitEmail(element);
        await until(() => navigation.assign.called, `the redirect to ${url}`);
        expect(navigation.assign.args, url).to.deep.equal([[url]]);
        expect(navigation.openWindow.called).to.equal(false);
        removePopups();
      }
    });

    it('on mobile pop-ups a number becomes a tel: link', async () => {
      const navigation = fakeNavigation();
      const element = await mountWithRedirect(
        {
          ...AT_ONCE,
          poptin_type: 'mobile',
          poptin_format: 'format_1',
          design_properties: {
            poptin_design_thank_screen: 'no',
            poptin_design_redirect: 'yes',
            poptin_design_redirect_url: '+972 50-123-4567',
          },
        },
        navigation,
      );
      await submitEmail(element);
      await until(() => navigation.assign.called, 'the redirect');
      expect(navigation.assign.args).to.deep.equal([['tel:+972501234567']]);
    });

    it('mobile formats 1, 6 and 11 turn the button of a form with nothing to fill in into a phone call; other formats do not', async () => {
      const callTemplate =
        '<div data-poptin-screen="form"><h2>Questions?</h2><form><button type="submit">Call us</button></form></div>';
      const design = {
        poptin_design_thank_screen: 'no',
        poptin_design_redirect: 'yes',
        poptin_design_redirect_url: '+1 (555) 010-0100',
      };
      const navigation = fakeNavigation();
      const element = await mountWithRedirect(
        { ...AT_ONCE, poptin_type: 'mobile', poptin_format: 'format_6', design_properties: design },
        navigation,
        callTemplate,
      );
      const sources = closeSources(element);
      inShadow<HTMLButtonElement>(element, 'button[data-poptin-call]').click();
      expect(navigation.assign.args).to.deep.equal([['tel:+15550100100']]);
      expect(sources).to.deep.equal(['redirect']);
      removePopups();
      const other = await mountWithRedirect(
        { ...AT_ONCE, poptin_type: 'mobile', poptin_format: 'format_2', design_properties: design },
        fakeNavigation(),
        callTemplate,
      );
      expect(other.shadowRoot!.querySelector('[data-poptin-call]')).to.equal(null);
    });

    it('a javascript: address is never followed', async () => {
      const navigation = fakeNavigation();
      const element = await mountWithRedirect(
        {
          ...AT_ONCE,
          design_properties: {
            poptin_design_thank_screen: 'no',
            poptin_design_redirect: 'yes',
            poptin_design_redirect_url: 'javascript:alert(1)',
          },
        },
        navigation,
      );
      const sources = closeSources(element);
      await submitEmail(element);
      await until(() => sources.length > 0, 'the close');
      expect(sources).to.deep.equal(['submit']);
      expect(navigation.assign.called || navigation.openWindow.called).to.equal(false);
    });
  });

  describe('a blocked window (widget §8)', () => {
    it('falls back to an anchor click', async () => {
      const navigation = fakeNavigation({ windowOpens: false });
      expect(followRedirect(navigation, 'https://shop.example/', true)).to.equal('anchor');
      expect(navigation.clickAnchor.args).to.deep.equal([['https://shop.example/']]);
      expect(navigation.assign.called).to.equal(false);
    });

    it('then to this tab', async () => {
      const navigation = fakeNavigation({ windowOpens: false, anchorWorks: false });
      const element = await mountWithRedirect(
        { ...AT_ONCE, redirect_url: 'https://shop.example/', redirect_target: '_blank' },
        navigation,
      );
      await submitEmail(element);
      await until(() => navigation.assign.called, 'the same-tab redirect');
      expect([
        navigation.openWindow.callCount,
        navigation.clickAnchor.callCount,
        navigation.assign.callCount,
      ]).to.deep.equal([1, 1, 1]);
    });
  });

  describe('redirect links in the template', () => {
    const LINK_TEMPLATE = formTemplate(`${EMAIL}<a data-poptin-redirect href="shop.example/offer">Get the offer</a>`);

    it('submit the form 1.5 s after the click, then follow after the thank-you auto-close', async () => {
      const navigation = fakeNavigation();
      const element = await mountWithRedirect({ design_properties: THANK_YOU_5S }, navigation, LINK_TEMPLATE);
      const submits = collectSubmits(element);
      const sources = closeSources(element);
      typeInto(field(element, 'Email'), 'dan@example.com');
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      inShadow<HTMLAnchorElement>(element, '[data-poptin-redirect]').click();
      clock.tick(REDIRECT_LINK_SUBMIT_MS - 1);
      expect(submits).to.deep.equal([]);
      clock.tick(1);
      expect(submits).to.have.length(1);
      await until(() => !inShadow(element, '[data-poptin-screen="thank-you"]').hidden, 'the thank-you screen');
      clock.tick(5_000);
      expect(navigation.assign.args).to.deep.equal([['http://shop.example/offer']]);
      expect(sources).to.deep.equal(['redirect']);
    });

    it('an invalid form is not submitted, and nothing is followed', async () => {
      const navigation = fakeNavigation();
      const element = await mountWithRedirect({ design_properties: THANK_YOU_5S }, navigation, LINK_TEMPLATE);
      const submits = collectSubmits(element);
      typeInto(field(element, 'Email'), 'dan@');
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      inShadow<HTMLAnchorElement>(element, '[data-poptin-redirect]').click();
      clock.tick(REDIRECT_LINK_SUBMIT_MS + 10_000);
      expect(submits).to.deep.equal([]);
      expect(field(element, 'Email').getAttribute('aria-invalid')).to.equal('true');
      expect(navigation.assign.called).to.equal(false);
    });

    it('without a form, the link is followed after 1.5 s', async () => {
      const navigation = fakeNavigation();
      const element = await mountWithRedirect(
        {},
        navigation,
        '<p>Sale!</p><a data-poptin-redirect href="https://shop.example/sale" target="_blank">Shop now</a>',
      );
      const sources = closeSources(element);
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      inShadow<HTMLAnchorElement>(element, '[data-poptin-redirect]').click();
      clock.tick(REDIRECT_LINK_SUBMIT_MS);
      expect(navigation.openWindow.args).to.deep.equal([['https://shop.example/sale']]);
      expect(sources).to.deep.equal(['redirect']);
    });
  });
});

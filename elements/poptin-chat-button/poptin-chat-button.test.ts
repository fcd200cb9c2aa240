import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import sinon from 'sinon';
import { runAxe } from '../../test/browser-support/run-axe.ts';
import './define.ts';
import { macrotask, until } from '../../test/browser-support/waiting.ts';
import type { PoptinChatButtonElement } from './poptin-chat-button.ts';

const part = (element: Element, name: string) =>
  element.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null;

async function mount(attributes: Record<string, string>): Promise<PoptinChatButtonElement> {
  const element = document.createElement('poptin-chat-button');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  await macrotask();
  return element;
}

describe('<poptin-chat-button>', () => {
  let opened: unknown[][];
  let open: sinon.SinonStub;
  beforeEach(() => {
    localStorage.removeItem('joinchat_views');
    localStorage.removeItem('joinchat_hashes');
    opened = [];
    open = sinon.stub(window, 'open').callsFake((...args: unknown[]) => {
      opened.push(args);
      return null;
    });
  });
  afterEach(() => {
    open.restore();
    document.querySelectorAll('poptin-chat-button, .chat-test').forEach((node) => node.remove());
    delete (window as { dataLayer?: unknown }).dataLayer;
  });

  it('without a telephone it draws nothing and says why', async () => {
    const warn = sinon.stub(console, 'warn');
    try {
      const element = await mount({ 'button-delay': '-1' });
      await macrotask();
      expect(part(element, 'button')).to.equal(null);
      expect(warn.args.some((args) => String(args[1]).includes('no telephone set'))).to.equal(true);
    } finally {
      warn.restore();
    }
  });

  it('opens the chatbox, then the messaging app in a new window with the right link, pushing analytics', async () => {
    (window as { dataLayer?: unknown[] }).dataLayer = [];
    const element = await mount({
      settings: JSON.stringify({
        telephone: '+62 812 000',
        message_send: 'Halo',
        message_hash: 'm1',
        button_delay: -1,
      }),
    });
    await until(() => part(element, 'button') !== null, 'the button');
    await new Promise((resolve) => setTimeout(resolve, 650));
    part(element, 'button')!.click();
    await until(() => part(element, 'chatbox') !== null, 'the chatbox');
    expect(part(element, 'button')!.getAttribute('aria-expanded')).to.equal('true');
    expect(localStorage.getItem('joinchat_hashes')).to.contain('m1');
    part(element, 'optin')!.querySelector('input')!.click();
    await macrotask();
    part(element, 'button')!.click();
    expect(opened).to.deep.equal([['https://wa.me/62812000?text=Halo', 'joinchat', 'noopener']]);
    const pushed = (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer[0];
    expect(pushed).to.deep.include({
      event_category: 'JoinChat',
      event_action: 'whatsapp: 62812000',
      trigger: 'button',
    });
  });

  it('opening the chat reports a gtag event (ga_event), a Google Ads conversion (gads) and a pixel event with the phone masked', async () => {
    const page = window as unknown as { gtag?: sinon.SinonSpy; fbq?: sinon.SinonSpy };
    page.gtag = sinon.spy();
    page.fbq = sinon.spy();
    try {
      const element = await mount({
        settings: JSON.stringify({
          telephone: '+62 812 3456 7890',
          message_send: 'Halo',
          message_hash: 'm9',
          button_delay: -1,
          gads: 'AW-123/abc',
        }),
      });
      await until(() => part(element, 'button') !== null, 'the button');
      await new Promise((resolve) => setTimeout(resolve, 650));
      part(element, 'button')!.click();
      await until(() => part(element, 'chatbox') !== null, 'the chatbox');
      part(element, 'optin')!.querySelector('input')!.click();
      await macrotask();
      part(element, 'button')!.click();
      const gtagCalls = page.gtag.args.map(([kind, name, params]) => [
        kind,
        name,
        (params as Record<string, unknown>).send_to ?? (params as Record<string, unknown>).transport_type,
      ]);
      expect(gtagCalls).to.deep.equal([
        ['event', 'generate_lead', 'beacon'],
        ['event', 'conversion', 'AW-123/abc'],
      ]);
      expect(page.fbq.args[0]!.slice(0, 2)).to.deep.equal(['trackCustom', 'JoinChat']);
      expect(page.fbq.args[0]![2]).to.include({ chat_id: '628XXXXXXXX90', event_action: 'whatsapp: 628XXXXXXXX90' });
    } finally {
      delete page.gtag;
      delete page.fbq;
    }
  });

  it('the opt-in starts unticked, and the chat goes to the app only once the visitor ticks it', async () => {
    const element = await mount({
      settings: JSON.stringify({ telephone: '+62 812 000', message_send: '', button_delay: -1 }),
    });
    await until(() => part(element, 'button') !== null, 'the button');
    await new Promise((resolve) => setTimeout(resolve, 650));
    part(element, 'button')!.click();
    await until(() => part(element, 'chatbox') !== null, 'the chatbox');
    const optIn = part(element, 'optin')!.querySelector('input')!;
    expect(optIn.checked).to.equal(false);
    part(element, 'button')!.click();
    expect(opened).to.deep.equal([]);
    optIn.click();
    await macrotask();
    expect(optIn.checked).to.equal(true);
    part(element, 'button')!.click();
    expect(opened).to.deep.equal([['https://wa.me/62812000', 'joinchat', 'noopener']]);
  });

  it('a cancelled poptin-chat-open keeps the chatbox shut', async () => {
    const element = await mount({
      telephone: '62812',
      'message-send': 'Hi',
      'message-hash': 'm2',
      'button-delay': '-1',
    });
    element.addEventListener('poptin-chat-open', (event) => event.preventDefault());
    await until(() => part(element, 'button') !== null, 'the button');
    await new Promise((resolve) => setTimeout(resolve, 650));
    part(element, 'button')!.click();
    await macrotask();
    expect(part(element, 'chatbox')).to.equal(null);
  });

  it('a#whatsapp link with data-phone and data-message opens that chat', async () => {
    await mount({ telephone: '62812', 'button-delay': '-1' });
    const link = Object.assign(document.createElement('a'), {
      href: '#whatsapp',
      className: 'chat-test',
      textContent: 'WA',
    });
    link.dataset.phone = '0811 22';
    link.dataset.message = 'Tanya';
    document.body.append(link);
    await macrotask();
    link.click();
    expect(opened).to.deep.equal([['https://wa.me/81122?text=Tanya', 'joinchat', 'noopener']]);
  });
});

describe('<poptin-chat-button> QR', () => {
  afterEach(() => document.querySelectorAll('poptin-chat-button').forEach((node) => node.remove()));
  it('shows a QR code of the link in the chatbox on desktop when qr is set', async () => {
    localStorage.removeItem('joinchat_hashes');
    const element = await mount({
      telephone: '62812',
      'message-send': 'Hi',
      'message-hash': 'm3',
      'button-delay': '-1',
      qr: '',
    });
    await until(() => part(element, 'button') !== null, 'the button');
    await new Promise((resolve) => setTimeout(resolve, 650));
    part(element, 'button')!.click();
    await until(() => part(element, 'qr') !== null, 'the QR code');
    expect(part(element, 'qr')!.getAttribute('aria-label')).to.equal('QR code of the chat link');
    const result = await runAxe({ include: [['poptin-chat-button']] });
    expect(
      result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).to.deep.equal([]);
    expect(result.passes.length).to.be.greaterThan(0);
  });
});

describe('<poptin-chat-button> right to left and reduced motion', () => {
  afterEach(async () => {
    document.querySelectorAll('poptin-chat-button').forEach((node) => node.remove());
    document.documentElement.removeAttribute('dir');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('sits at the inline end: bottom right on a left-to-right page, bottom left on a Hebrew right-to-left one', async () => {
    const ltr = await mount({ telephone: '62812', 'button-delay': '-1' });
    await until(() => part(ltr, 'button') !== null, 'the button');
    expect(part(ltr, 'button')!.getBoundingClientRect().left).to.be.above(window.innerWidth / 2);
    ltr.remove();
    document.documentElement.dir = 'rtl';
    const rtl = await mount({ telephone: '62812', 'button-delay': '-1' });
    await until(() => part(rtl, 'button') !== null, 'the button');
    expect(part(rtl, 'button')!.getBoundingClientRect().right).to.be.below(window.innerWidth / 2);
  });

  it('animates in when it appears, and appears with no animation at all when the visitor asks for reduced motion', async () => {
    const moving = await mount({ telephone: '62812', 'button-delay': '0' });
    await until(() => part(moving, 'button') !== null, 'the button');
    expect(moving.shadowRoot!.getAnimations().length).to.be.above(0);
    moving.remove();
    await emulateMedia({ reducedMotion: 'reduce' });
    const still = await mount({ telephone: '62812', 'button-delay': '0' });
    await until(() => part(still, 'button') !== null, 'the button');
    expect(still.shadowRoot!.getAnimations()).to.deep.equal([]);
  });
});

import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { analyticsParams, chatLink, joinchatRequest, maskPhone, phoneDigits } from './link.ts';
import { type ChatMachineOptions, type ChatSnapshot, createChatMachine, HASHES_KEY, VIEWS_KEY } from './machine.ts';
import { type ChatSettings, parseChatSettings } from './settings.ts';
import { type ChatStorage, createChatStorage } from './storage.ts';

/** A Storage kept in a Map, so tests see exactly what was written. */
class MapStorage implements Storage {
  readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

class BlockedStorage extends MapStorage {
  override setItem(): void {
    throw new DOMException('blocked', 'SecurityError');
  }
  override getItem(): string | null {
    throw new DOMException('blocked', 'SecurityError');
  }
}

function settings(overrides: Record<string, unknown> = {}): ChatSettings {
  const parsed = parseChatSettings({
    telephone: '+62 0812-3456-789',
    message_send: 'Halo K3',
    message_hash: 'h1',
    ...overrides,
  });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.settings;
}

describe('chat button machine', () => {
  let clock: sinon.SinonFakeTimers;
  let backing: MapStorage;
  let storage: ChatStorage;
  let sent: { link: string; trigger: string }[];
  let states: ChatSnapshot[];
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    backing = new MapStorage();
    storage = createChatStorage(backing, () => Date.now());
    sent = [];
    states = [];
  });
  afterEach(() => clock.restore());

  const machine = (overrides: Record<string, unknown> = {}, extra: Partial<ChatMachineOptions> = {}) =>
    createChatMachine({
      settings: settings(overrides),
      storage,
      mobile: false,
      now: () => Date.now(),
      onChange: (snapshot) => states.push(snapshot),
      onSend: (link, trigger) => sent.push({ link, trigger }),
      ...extra,
    });

  describe('settings', () => {
    it('without a telephone there is nothing to show, and the reason is given', () => {
      expect(parseChatSettings({})).to.deep.equal({
        ok: false,
        error: 'no telephone set: the chat button stays hidden',
      });
      expect(parseChatSettings('{nope')).to.deep.equal({ ok: false, error: 'settings is not valid JSON' });
      expect(parseChatSettings('[1]')).to.deep.equal({ ok: false, error: 'settings must be a JSON object' });
    });
    it('defaults: button 3 s, 2 views, message 10 s, generate_lead; attributes override the JSON', () => {
      const parsed = parseChatSettings('{"telephone":"1","message_views":5}', { 'message-views': '4', qr: '' });
      expect(parsed.ok && parsed.settings).to.deep.include({
        buttonDelay: 3,
        messageViews: 4,
        messageDelay: 10,
        gaEvent: 'generate_lead',
        qr: true,
      });
    });
  });

  describe('links and analytics', () => {
    it('phone as digits without leading zeros; web form on desktop with whatsapp_web, wa.me otherwise', () => {
      expect(phoneDigits('+00 62 (812) 34')).to.equal('6281234');
      expect(chatLink('0062 812', 'Halo K3', { desktop: true, whatsappWeb: true })).to.equal(
        'https://web.whatsapp.com/send?phone=62812&text=Halo%20K3',
      );
      expect(chatLink('0062 812', 'Halo K3', { desktop: false, whatsappWeb: true })).to.equal(
        'https://wa.me/62812?text=Halo%20K3',
      );
      expect(chatLink('62812', '', { desktop: true, whatsappWeb: false })).to.equal('https://wa.me/62812');
    });
    it('masks the phone: first 3, X in the middle, last 2', () => {
      expect(maskPhone('628123456789')).to.equal('628XXXXXXX89');
    });
    it('truncates analytics values: 100 characters, location 1000, title 300', () => {
      const params = analyticsParams('x'.repeat(150), '62', 'button', true, {
        location: 'l'.repeat(1200),
        title: 't'.repeat(400),
      });
      expect(params.event_label.length).to.equal(100);
      expect(params.page_location.length).to.equal(1000);
      expect(params.page_title.length).to.equal(300);
      expect(params).to.deep.include({ event_category: 'JoinChat', event_action: 'whatsapp: 62', is_mobile: 'yes' });
    });
    it('#joinchat and ?joinchat open at once, #joinchat=N and ?joinchat=N after N seconds, nothing otherwise', () => {
      expect(joinchatRequest('', '#joinchat')).to.deep.equal({ delayMs: 0 });
      expect(joinchatRequest('?joinchat=3', '')).to.deep.equal({ delayMs: 3000 });
      expect(joinchatRequest('?joinchat', '')).to.deep.equal({ delayMs: 0 });
      expect(joinchatRequest('', '#joinchat=5')).to.deep.equal({ delayMs: 5000 });
      expect(joinchatRequest('', '#joinchat=later')).to.deep.equal({ delayMs: 0 });
      expect(joinchatRequest('?x=1', '#top')).to.equal(null);
      expect(joinchatRequest('', '#joinchatter')).to.equal(null);
    });
  });

  describe('storage', () => {
    it('keys expire', () => {
      storage.set('k', 'v', 1000);
      expect(storage.get('k')).to.equal('v');
      clock.tick(1000);
      expect(storage.get('k')).to.equal(null);
      expect(backing.map.has('k')).to.equal(false);
    });
    it('blocked storage falls back to memory for the page', () => {
      const memory = createChatStorage(new BlockedStorage());
      expect(memory.persistent).to.equal(false);
      memory.set('k', 'v');
      expect(memory.get('k')).to.equal('v');
      expect(createChatStorage(null).persistent).to.equal(false);
    });
  });

  describe('showing', () => {
    it('hidden until button_delay seconds, then shown with animation', () => {
      const chat = machine();
      chat.start();
      expect(chat.snapshot().state).to.equal('hidden');
      clock.tick(2999);
      expect(chat.snapshot().state).to.equal('hidden');
      clock.tick(1);
      expect(chat.snapshot()).to.deep.include({ state: 'shown', animate: true });
    });
    it('button_delay -1 shows at once without animation', () => {
      const chat = machine({ button_delay: -1 });
      chat.start();
      expect(chat.snapshot()).to.deep.include({ state: 'shown', animate: false });
    });
    it('mobile_only keeps it off on desktop, shows it on mobile', () => {
      const desktop = machine({ mobile_only: true });
      desktop.start();
      clock.tick(5000);
      expect(desktop.snapshot().state).to.equal('off');
      const phone = machine({ mobile_only: true, button_delay: -1 }, { mobile: true });
      phone.start();
      expect(phone.snapshot().state).to.equal('shown');
    });
  });

  describe('the message', () => {
    it('the view count rises once per page while below message_views', () => {
      const chat = machine();
      chat.start();
      chat.start();
      expect(chat.views()).to.equal(1);
      machine().start();
      expect(chat.views()).to.equal(2);
      machine().start();
      expect(chat.views()).to.equal(2);
    });
    it('below the view threshold a badge slides in after message_delay', () => {
      const chat = machine({ button_delay: -1 });
      chat.start();
      clock.tick(9999);
      expect(chat.snapshot().state).to.equal('shown');
      clock.tick(1);
      expect(chat.snapshot().state).to.equal('badge');
    });
    it('once the views reach message_views the chatbox opens by itself and the hash is saved', () => {
      storage.set(VIEWS_KEY, '1');
      const chat = machine({ button_delay: -1 });
      chat.start();
      clock.tick(10_000);
      expect(chat.snapshot().state).to.equal('chatbox');
      expect(chat.seenHashes()).to.deep.equal(['h1']);
    });
    it('message_badge shows the badge even when the views are reached', () => {
      storage.set(VIEWS_KEY, '2');
      const chat = machine({ button_delay: -1, message_badge: true });
      chat.start();
      clock.tick(10_000);
      expect(chat.snapshot().state).to.equal('badge');
    });
    it('a seen message never opens by itself: the button shows its tooltip', () => {
      storage.set(VIEWS_KEY, '2');
      storage.set(HASHES_KEY, 'h0,h1');
      const chat = machine({ button_delay: -1 });
      chat.start();
      clock.tick(60_000);
      expect(chat.snapshot().state).to.equal('tooltip');
    });
    it('a negative message_delay never opens by itself and saves no hash', () => {
      storage.set(VIEWS_KEY, '2');
      const chat = machine({ button_delay: -1, message_delay: -1 });
      chat.start();
      clock.tick(60_000);
      expect(chat.snapshot().state).to.equal('shown');
      clock.tick(600);
      chat.press();
      chat.close();
      expect(chat.seenHashes()).to.deep.equal([]);
    });
  });

  describe('the visitor', () => {
    it('a press within 600 ms of showing is ignored; later it opens the chatbox, then the app', () => {
      const chat = machine({ button_delay: -1 });
      chat.start();
      clock.tick(599);
      chat.press();
      expect(chat.snapshot().state).to.equal('shown');
      clock.tick(1);
      chat.press();
      expect(chat.snapshot().state).to.equal('chatbox');
      chat.setOptedOut(false);
      chat.press();
      expect(sent).to.deep.equal([{ link: 'https://wa.me/6208123456789?text=Halo%20K3', trigger: 'button' }]);
    });
    it('the chatbox shows typing dots for 400 to 600 ms before its message', () => {
      for (const [random, typingMs] of [
        [0, 400],
        [0.999, 600],
      ] as const) {
        const chat = machine({ button_delay: -1 }, { random: () => random });
        storage.remove(HASHES_KEY);
        chat.start();
        clock.tick(600);
        chat.press();
        expect(chat.snapshot()).to.deep.include({ state: 'chatbox', typing: true });
        clock.tick(typingMs - 1);
        expect(chat.snapshot().typing).to.equal(true);
        clock.tick(1);
        expect(chat.snapshot().typing).to.equal(false);
      }
    });
    it('once opted in, without an unseen message a press goes straight to the app', () => {
      const chat = machine({ button_delay: -1, message_send: '' });
      chat.start();
      clock.tick(600);
      chat.setOptedOut(false);
      chat.press();
      expect(chat.snapshot().state).to.equal('shown');
      expect(sent).to.have.length(1);
    });
    it('the opt-in starts unticked: the chatbox comes first and does not send until it is ticked', () => {
      const chat = machine({ button_delay: -1, message_send: '' });
      chat.start();
      clock.tick(600);
      expect(chat.snapshot().optedOut).to.equal(true);
      chat.press();
      expect(chat.snapshot().state).to.equal('chatbox');
      chat.press();
      expect(sent).to.deep.equal([]);
      chat.setOptedOut(false);
      chat.press();
      expect(sent).to.have.length(1);
    });
    it('hover opens after 1500 ms on desktop; leaving earlier cancels; never on mobile', () => {
      const chat = machine({ button_delay: -1 });
      chat.start();
      chat.hoverStart();
      clock.tick(1499);
      chat.hoverEnd();
      clock.tick(10);
      expect(chat.snapshot().state).to.equal('shown');
      chat.hoverStart();
      clock.tick(1500);
      expect(chat.snapshot().state).to.equal('chatbox');
      storage.remove(HASHES_KEY);
      const phone = machine({ button_delay: -1 }, { mobile: true });
      phone.start();
      phone.hoverStart();
      clock.tick(1500);
      expect(phone.snapshot().state).to.equal('shown');
    });
    it('a link trigger shows the button and opens the chatbox 700 ms later, after its own delay', () => {
      const chat = machine({ button_delay: 30 });
      chat.start();
      chat.linkTrigger(2000);
      clock.tick(2000);
      expect(chat.snapshot().state).to.equal('shown');
      clock.tick(699);
      expect(chat.snapshot().state).to.equal('shown');
      clock.tick(1);
      expect(chat.snapshot().state).to.equal('chatbox');
    });
    it('a chatbox a link opened before the button was due stays open when the button comes due', () => {
      const chat = machine({ button_delay: 3 });
      chat.start();
      chat.linkTrigger(0);
      clock.tick(700);
      expect(chat.snapshot().state).to.equal('chatbox');
      clock.tick(10_000);
      expect(chat.snapshot().state).to.equal('chatbox');
    });
    it('closing saves the hash and can be vetoed', () => {
      let allowClose = false;
      const chat = machine({ button_delay: -1 }, { allow: (action) => action === 'open' || allowClose });
      chat.start();
      clock.tick(600);
      chat.press();
      storage.remove(HASHES_KEY);
      chat.close();
      expect(chat.snapshot().state).to.equal('chatbox');
      allowClose = true;
      chat.close();
      expect(chat.snapshot().state).to.equal('closed');
      expect(chat.seenHashes()).to.deep.equal(['h1']);
    });
    it('a vetoed open keeps the chatbox shut', () => {
      const chat = machine({ button_delay: -1 }, { allow: () => false });
      chat.start();
      clock.tick(600);
      chat.press();
      expect(chat.snapshot().state).to.equal('shown');
    });
    it('a data-phone link sends its own phone and message', () => {
      const chat = machine({ button_delay: -1, whatsapp_web: true });
      chat.send('link', { phone: '0811', message: 'Hi' });
      expect(sent).to.deep.equal([{ link: 'https://web.whatsapp.com/send?phone=811&text=Hi', trigger: 'link' }]);
    });
    it('on mobile a focused text field hides the button after 200 ms, and blur brings it back', () => {
      const chat = machine({ button_delay: -1 }, { mobile: true });
      chat.start();
      chat.textFieldFocus(true);
      clock.tick(199);
      expect(chat.snapshot().yielding).to.equal(false);
      clock.tick(1);
      expect(chat.snapshot().yielding).to.equal(true);
      chat.textFieldFocus(false);
      clock.tick(200);
      expect(chat.snapshot().yielding).to.equal(false);
      const desktop = machine({ button_delay: -1 });
      desktop.textFieldFocus(true);
      clock.tick(200);
      expect(desktop.snapshot().yielding).to.equal(false);
    });
  });
});

describe('chat QR code', () => {
  it('encodes the link as a square of dark modules with a quiet border', async () => {
    const { qrPath } = await import('./qr.ts');
    const { size, path } = qrPath('https://wa.me/62812000?text=Halo');
    expect(size).to.be.within(23, 35);
    expect(path.startsWith('M')).to.equal(true);
    expect(path).not.to.match(/M0 /);
    expect(qrPath('https://wa.me/1').path).not.to.equal(path);
  });
});

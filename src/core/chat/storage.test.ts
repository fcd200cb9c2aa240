import { expect } from '@open-wc/testing';
import { createChatStorage, storageWithheld } from './storage.ts';

function countingStorage(): Storage & { touched: string[] } {
  const values = new Map<string, string>();
  const touched: string[] = [];
  return {
    touched,
    get length() {
      return values.size;
    },
    key: (index: number) => [...values.keys()][index] ?? null,
    getItem: (key: string) => (touched.push(`get ${key}`), values.get(key) ?? null),
    setItem: (key: string, value: string) => void (touched.push(`set ${key}`), values.set(key, value)),
    removeItem: (key: string) => void (touched.push(`remove ${key}`), values.delete(key)),
    clear: () => values.clear(),
  };
}

describe('chat button storage in consent mode (docs/privacy.md)', () => {
  afterEach(() =>
    document.querySelectorAll('poptin-controller, script[data-consent]').forEach((element) => element.remove()),
  );

  it('touches no Web Storage until the visitor consents, then stores', () => {
    const backing = countingStorage();
    let consented = false;
    const storage = createChatStorage(backing, Date.now, () => !consented);
    storage.set('joinchat_views', '1');
    expect(storage.get('joinchat_views')).to.equal('1', 'the page remembers it');
    expect(storage.persistent).to.equal(false);
    expect(backing.touched).to.deep.equal([]);
    consented = true;
    storage.set('joinchat_views', '2');
    expect(storage.persistent).to.equal(true);
    expect(backing.getItem('joinchat_views')).to.contain('"2"');
  });

  it("reads consent mode from the page's controller, or from the loader's data-consent before it exists", () => {
    expect(storageWithheld(document)).to.equal(false, 'no consent mode');
    const script = document.createElement('script');
    script.type = 'application/json';
    script.dataset.consent = 'required';
    document.body.append(script);
    expect(storageWithheld(document)).to.equal(true);
    const controller = document.createElement('poptin-controller');
    controller.setAttribute('consent', 'required');
    document.body.append(controller);
    expect(storageWithheld(document)).to.equal(true);
    controller.setAttribute('consent', 'refused');
    expect(storageWithheld(document)).to.equal(true);
    controller.setAttribute('consent', 'granted');
    expect(storageWithheld(document)).to.equal(false);
  });
});

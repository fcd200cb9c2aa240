import { expect } from '@open-wc/testing';
import { $freeMailDomains, type FreeMailDomains } from './free-mail.ts';

/** A display server that answers the free-mail list `answers` times in a row (a 503 after that), counting its calls. */
function server(answers: (string | null)[]) {
  let calls = 0;
  const fetchImpl = (async () => {
    const answer = answers[calls++];
    return answer === null || answer === undefined
      ? new Response('down', { status: 503 })
      : new Response(answer, { status: 200 });
  }) as typeof fetch;
  return { fetchImpl, calls: () => calls };
}

/** The list's values as a listener sees them, until it settles. */
async function settled(store: ReturnType<typeof $freeMailDomains>): Promise<FreeMailDomains> {
  return new Promise((resolve) => {
    const stop = store.subscribe((value) => {
      if (value === undefined) return;
      queueMicrotask(() => stop());
      resolve(value);
    });
  });
}

describe('the free-mail list, a lazy store', () => {
  it('is not fetched until a listener mounts it, then once for every listener of the page', async () => {
    const { fetchImpl, calls } = server(['gmail.com\nyahoo.com']);
    const store = $freeMailDomains('https://display-a.test/', fetchImpl);
    expect(calls()).to.equal(0);
    expect(store.get()).to.equal(undefined);
    const [first, second] = await Promise.all([
      settled(store),
      settled($freeMailDomains('https://display-a.test', fetchImpl)),
    ]);
    expect([...(first ?? [])]).to.deep.equal(['gmail.com', 'yahoo.com']);
    expect(second).to.equal(first);
    expect(calls()).to.equal(1);
  });

  it('is null when the server cannot give it, and asked again at the next mount', async () => {
    const { fetchImpl, calls } = server([null, 'gmail.com']);
    const store = $freeMailDomains('https://display-b.test', fetchImpl);
    expect(await settled(store)).to.equal(null);
    // nanostores unmounts a store a second after its last listener leaves.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect([...((await settled(store)) ?? [])]).to.deep.equal(['gmail.com']);
    expect(calls()).to.equal(2);
  });
});

// Against the SDK's fake platform (test/sdk-platform), which the test runner starts: real HTTP on 127.0.0.1.
import { expect } from '@open-wc/testing';
import { PlatformControl } from '../../../test/sdk-platform/control.ts';
import { CLIENT_ID, MEMBERS } from '../../../test/sdk-platform/fixtures.ts';
import { PLATFORM_INFO_PATH } from '../../../test/sdk-platform/info-path.ts';
import { createClient, OAuthStrategy } from '../../sdk/index.ts';
import { addToWixCart, createWixIntegration, readWixCart, wixMemberId } from './index.ts';

describe('Wix integration, through the platform SDK client', () => {
  let platform: PlatformControl;
  before(async () => {
    platform = new PlatformControl(((await (await fetch(PLATFORM_INFO_PATH)).json()) as { baseUrl: string }).baseUrl);
  });
  beforeEach(() => platform.reset());
  afterEach(async () => expect((await platform.violations()).join('\n')).to.equal(''));

  const visitorClient = () =>
    createClient({
      auth: OAuthStrategy({ clientId: CLIENT_ID }),
      host: platform.baseUrl,
      cartCurrentHost: platform.baseUrl,
    });

  it('a visitor without a cart has none (404); adding creates it, and the cart reads back with its value', async () => {
    const client = visitorClient();
    expect(await readWixCart(client)).to.equal(null);
    const cart = await addToWixCart(client, { id: 'k3-umum', quantity: 2, redirect: false });
    expect(cart).to.include({ total: 240, itemCount: 2 });
    expect(cart.items).to.deep.equal([{ productId: 'k3-umum', variantId: undefined, quantity: 2 }]);
    await addToWixCart(client, { id: 'helmet-01', quantity: 1, redirect: false });
    expect((await readWixCart(client))?.total).to.equal(275.5);
    const adds = await platform.requests('/ecom/v1/carts/current/add-to-cart');
    expect(adds[0]!.body).to.deep.equal({
      lineItems: [
        { catalogReference: { catalogItemId: 'k3-umum', appId: '1380b703-ce81-ff05-f115-39571d94dfcd' }, quantity: 2 },
      ],
    });
  });

  it('creates the cart outright when adding to the current one finds none', async () => {
    await platform.script({
      method: 'POST',
      path: '/ecom/v1/carts/current/add-to-cart',
      status: 404,
      body: { message: 'Cart not found', details: {} },
    });
    const cart = await addToWixCart(visitorClient(), { id: 'k3-madya', quantity: 1, redirect: false });
    expect(cart.total).to.equal(240);
    expect((await platform.requests('/ecom/v1/carts')).length).to.equal(1);
  });

  it('raises any cart failure other than a 404 (widget §8)', async () => {
    await platform.script({
      method: 'GET',
      path: '/ecom/v1/carts/current',
      status: 500,
      body: { message: 'boom', details: {} },
    });
    const client = visitorClient();
    let failure: unknown;
    try {
      await readWixCart(client);
    } catch (error) {
      failure = error;
    }
    expect((failure as { status?: number })?.status).to.equal(500);
  });

  it("the integration reads an absent cart as empty, and reads the display answer's wix_cart_details", async () => {
    const store = createWixIntegration(window, { clientId: CLIENT_ID, apiHost: platform.baseUrl });
    expect(await store.readCart()).to.deep.equal({ items: [], total: 0, itemCount: 0, cartId: '' });
    const added = await store.addToCart({ id: 'helmet-01', quantity: 1, redirect: true });
    expect(added.added).to.equal(true);
    expect(added.cart?.total).to.equal(35.5);
    expect(
      store.cartFromDisplayAnswer?.({
        lineItems: [{ rootCatalogItemId: 'x', productName: { original: 'X' }, quantity: 1 }],
        subtotal: { amount: '9.90' },
      })?.total,
    ).to.equal(9.9);
    expect(await store.customerId()).to.equal('', 'a visitor is no member');
    localStorage.removeItem(`poptin_wix_${CLIENT_ID}`);
  });

  it('finds the signed-in member through the member lookup', async () => {
    const token = await platform.issue('member', { subjectId: MEMBERS.active.id });
    const auth = OAuthStrategy({
      clientId: CLIENT_ID,
      tokens: {
        accessToken: { value: token, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
        refreshToken: { value: 'refresh', role: 'member' },
      },
    });
    const client = createClient({ auth, host: platform.baseUrl });
    expect(await wixMemberId(client)).to.equal(MEMBERS.active.id);
    expect((await platform.requests(`/_api/apps/current-member/${MEMBERS.active.id}`)).length).to.equal(1);
  });
});

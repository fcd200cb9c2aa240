// The example storefront's own script, standing for a Shopify theme: the globals Shopify prints on every
// page, a product list whose buttons add to the cart with the page's own fetch, and the cart count.
(() => {
  const root = '/examples/shopify-store/';
  const params = new URLSearchParams(location.search);
  window.Shopify = { shop: 'trailhead-outfitters.myshopify.com', routes: { root } };
  const meta = { page: { pageType: document.body.dataset.pageType || 'home' } };
  if (params.get('customer')) meta.page.customerId = params.get('customer');
  const productId = document.body.dataset.productId;
  if (productId)
    meta.product = {
      id: Number(productId),
      title: document.body.dataset.productTitle,
      type: document.body.dataset.productType,
      variants: [],
    };
  window.ShopifyAnalytics = { meta };

  const status = () => document.querySelector('[data-cart-status]');
  async function refreshCount() {
    const response = await fetch(root + 'cart.js').catch(() => null);
    if (!response?.ok) return;
    const cart = await response.json();
    const count = document.querySelector('[data-cart-count]');
    if (count)
      count.textContent = `${cart.item_count} item${cart.item_count === 1 ? '' : 's'}, $${(cart.total_price / 100).toFixed(2)}`;
  }
  document.addEventListener('click', async (event) => {
    const button = event.target.closest('[data-add-variant]');
    const clear = event.target.closest('[data-clear-cart]');
    if (!button && !clear) return;
    const response = clear
      ? await fetch(root + 'cart/clear.js', { method: 'POST' })
      : await fetch(root + 'cart/add.js', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ items: [{ id: Number(button.dataset.addVariant), quantity: 1 }] }),
        });
    const answer = await response.json().catch(() => ({}));
    if (status())
      status().textContent = clear
        ? 'Cart emptied'
        : response.ok
          ? `Added ${button.dataset.title}`
          : answer.description;
    await refreshCount();
  });
  window.addEventListener('poptinClose', () => void refreshCount());
  document.addEventListener('DOMContentLoaded', () => void refreshCount());
})();

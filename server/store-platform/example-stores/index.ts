import type { FastifyInstance } from 'fastify';
import { siteAjaxRoutes } from '../../display/site-ajax.ts';
import type { Repositories } from '../../repositories.ts';
import { shopifyStorefrontRoutes } from './shopify-storefront.ts';
import { wixApiRoutes } from './wix-api.ts';

/** The clients of the example stores (examples/clients/shop-demo.json, wix-demo.json). */
const EXAMPLE_SHOP_CLIENT = 'shop-demo';
const EXAMPLE_WIX_CLIENT = 'wix-demo';

/**
 * The example sites' own platform calls (the brochure site's admin-ajax, a Shopify storefront, Wix's cart API), so
 * their pages work with nothing else running. Mounted by `npm start` (server/main.ts), never by the app itself.
 */
export async function registerExampleSites(
  app: FastifyInstance,
  { configuration }: Pick<Repositories, 'configuration'>,
): Promise<void> {
  await app.register(siteAjaxRoutes);
  await app.register(shopifyStorefrontRoutes, { configuration, clientId: EXAMPLE_SHOP_CLIENT });
  await app.register(wixApiRoutes, { configuration, clientId: EXAMPLE_WIX_CLIENT });
}

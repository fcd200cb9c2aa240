/** The site's attribution window for store revenue (docs/owner-api.md, /store-revenue). */
import type { StoreRevenueSettings } from '../../core/api/insights-contract.ts';
import { call, site } from './client.ts';

export type { StoreRevenueSettings };

export const storeRevenueApi = {
  settings: (clientId: string) => call<StoreRevenueSettings>('GET', `${site(clientId)}/store-revenue`),
  setAttributionDays: (clientId: string, attributionDays: number) =>
    call<StoreRevenueSettings>('PUT', `${site(clientId)}/store-revenue`, { attributionDays }),
};

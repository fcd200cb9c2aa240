import { parseDisplayResponse, parsePopupConfig } from '../config/parse.ts';
import type { DisplayResponse, PopupConfig } from '../config/types.ts';
import type { StorePlatform } from '../products/recommendations.ts';
import {
  type ClickAnswer,
  type ConversionActivityRequest,
  DISPLAY_ROUTES,
  type DisplayRequest,
  displayApiPath,
  type ProductRecommendationAnswer,
  type ProductRecommendationRequest,
  SHOPIFY_BROWSE_ABANDONMENT_PATH,
  type TotalWebsiteSessionRequest,
  VALIDATION_EMAILS_PATH,
  type WixOrderedProductsRequest,
} from './contract.ts';
import { getJson, getText, postJson, request, trimSlash } from './http.ts';

/** One function per call of widget §7, against one display host. */
export class DisplayApi {
  readonly base: string;
  constructor(
    base: string,
    readonly fetchImpl?: typeof fetch,
  ) {
    this.base = trimSlash(base);
  }

  url(path: string): string {
    return `${this.base}${path}`;
  }

  async display(clientId: string, body: DisplayRequest): Promise<DisplayResponse> {
    const answer = await postJson<unknown>(this.url(displayApiPath(DISPLAY_ROUTES.display, { clientId })), body, {
      fetchImpl: this.fetchImpl,
    });
    return parseDisplayResponse(answer);
  }

  /** Views and closes go through the outbox (form-encoded, with an idempotency key), like leads. */
  viewedUrl(poptinId: string): string {
    return this.url(displayApiPath(DISPLAY_ROUTES.viewed, { poptinId }));
  }

  closedUrl(poptinId: string): string {
    return this.url(displayApiPath(DISPLAY_ROUTES.closed, { poptinId }));
  }

  conversionUrl(viewerId: string): string {
    return this.url(displayApiPath(DISPLAY_ROUTES.conversion, { viewerId }));
  }

  async click(poptinId: string): Promise<PopupConfig> {
    const answer = await getJson<ClickAnswer>(this.url(displayApiPath(DISPLAY_ROUTES.click, { poptinId })), {
      fetchImpl: this.fetchImpl,
    });
    return parsePopupConfig(answer.poptin);
  }

  async template(templateUrl: string): Promise<string> {
    return getText(new URL(templateUrl, this.base + '/').href, { fetchImpl: this.fetchImpl });
  }

  async validationEmails(): Promise<string> {
    return getText(this.url(VALIDATION_EMAILS_PATH), { fetchImpl: this.fetchImpl });
  }

  async limitLog(clientId: string, status: string, id: string): Promise<void> {
    const query = new URLSearchParams({ status, id });
    await request(
      this.url(`${displayApiPath(DISPLAY_ROUTES.limitLogs, { clientId })}?${query}`),
      { method: 'GET' },
      { fetchImpl: this.fetchImpl },
    );
  }

  /** The pop-up's recommended products; a failed call, or an answer without success, is an error (widget §8). */
  async productRecommendations(
    platform: StorePlatform,
    poptinId: string,
    body: ProductRecommendationRequest,
  ): Promise<ProductRecommendationAnswer> {
    let answer: ProductRecommendationAnswer;
    try {
      answer = await postJson<ProductRecommendationAnswer>(
        this.url(displayApiPath(DISPLAY_ROUTES.productRecommendation, { platform, poptinId })),
        body,
        { fetchImpl: this.fetchImpl },
      );
    } catch (error) {
      throw new Error(
        `Failed to fetch ${platform} product recommendation data: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!answer?.success || !Array.isArray(answer.data?.products))
      throw new Error(`Failed to fetch ${platform} product recommendation data: the answer has no products`);
    return answer;
  }

  /** The client id of a Shopify shop, for a storefront whose loader names none. */
  async shopifyClientId(shop: string): Promise<string> {
    const answer = await getJson<{ client_id?: string }>(
      this.url(displayApiPath(DISPLAY_ROUTES.shopifyClientId, { shop })),
      { fetchImpl: this.fetchImpl },
    );
    if (!answer?.client_id) throw new Error(`no client id for shop ${shop}`);
    return answer.client_id;
  }

  async shopifyBrowseAbandonment(query: Record<string, string>): Promise<void> {
    await request(
      this.url(`${SHOPIFY_BROWSE_ABANDONMENT_PATH}?${new URLSearchParams(query)}`),
      { method: 'GET' },
      { fetchImpl: this.fetchImpl },
    );
  }

  async wixSaveOrderedProducts(body: WixOrderedProductsRequest): Promise<void> {
    await postJson(this.url(displayApiPath(DISPLAY_ROUTES.wixSaveOrderedProducts, {})), body, {
      fetchImpl: this.fetchImpl,
    });
  }

  async totalWebsiteSession(clientId: string, body: TotalWebsiteSessionRequest): Promise<void> {
    await postJson(this.url(displayApiPath(DISPLAY_ROUTES.totalWebsiteSession, { clientId })), body, {
      fetchImpl: this.fetchImpl,
    });
  }

  async conversionActivity(clientId: string, body: ConversionActivityRequest): Promise<void> {
    await postJson(this.url(displayApiPath(DISPLAY_ROUTES.conversionActivities, { clientId })), body, {
      fetchImpl: this.fetchImpl,
    });
  }
}

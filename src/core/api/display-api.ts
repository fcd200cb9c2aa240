import { parseDisplayResponse, parsePopupConfig } from '../config/parse.ts';
import type { DisplayResponse, PopupConfig } from '../config/types.ts';
import { getJson, getText, postJson, request } from './http.ts';

/** Fields of the display request (widget §7); everything is optional for the server. */
export interface DisplayRequest {
  domain: string;
  referrer: string;
  previous_url: string;
  cookies?: Record<string, string>;
  triggers?: string[];
  cc?: string;
  poptin_forms_id?: string[];
  if_mobile: boolean;
  page_title: string;
  origin_landing_page?: string;
  if_page_refreshed?: boolean;
  poptin_viewed_url: string;
  previous_visited_pages?: string;
  all_visited_pages?: string;
  visitor_id?: string;
  preview_id?: string;
  cancel_visitor_count?: boolean;
  converted_email?: string;
  lang?: string;
}

export interface ViewedRequest {
  viewer_id: string;
  trigger: string;
  client_id: string;
  type: string;
  url: string;
  store_integration?: string;
  store_integration_customer_id?: string;
  converted_email?: string;
}

export interface ClosedRequest {
  client_id: string;
  url: string;
  converted_email?: string;
  store_integration?: string;
  store_integration_customer_id?: string;
}

export interface ConversionAnswer {
  success?: boolean;
  conversion_id?: string | number;
  integration?: { conversion_code?: string };
}

const trimSlash = (base: string) => base.replace(/\/+$/, '');

/** One function per call of widget §7, against one display host. */
export class DisplayApi {
  readonly base: string;
  constructor(base: string, private readonly fetchImpl?: typeof fetch) {
    this.base = trimSlash(base);
  }

  url(path: string): string {
    return `${this.base}${path}`;
  }

  async display(clientId: string, body: DisplayRequest): Promise<DisplayResponse> {
    const answer = await postJson<unknown>(this.url(`/api/display/${encodeURIComponent(clientId)}`), body, { fetchImpl: this.fetchImpl });
    return parseDisplayResponse(answer);
  }

  async viewed(poptinId: string, body: ViewedRequest): Promise<string> {
    const answer = await postJson<{ poptin_view_id?: string | number }>(this.url(`/api/display/viewed/${encodeURIComponent(poptinId)}`), body, { fetchImpl: this.fetchImpl });
    return answer.poptin_view_id === undefined ? '' : String(answer.poptin_view_id);
  }

  /** Sent as text/plain JSON with keepalive: CORS-simple, so it also leaves with a closing page. */
  async closed(poptinId: string, body: ClosedRequest): Promise<void> {
    await request(
      this.url(`/api/display/closed/${encodeURIComponent(poptinId)}`),
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) },
      { keepalive: true, fetchImpl: this.fetchImpl },
    );
  }

  conversionUrl(viewerId: string): string {
    return this.url(`/api/display/conversion/${encodeURIComponent(viewerId)}`);
  }

  async click(poptinId: string): Promise<PopupConfig> {
    const answer = await getJson<{ poptin?: unknown }>(this.url(`/api/display/click/${encodeURIComponent(poptinId)}`), { fetchImpl: this.fetchImpl });
    return parsePopupConfig(answer.poptin);
  }

  async template(templateUrl: string): Promise<string> {
    return getText(new URL(templateUrl, this.base + '/').href, { fetchImpl: this.fetchImpl });
  }

  async validationEmails(): Promise<string> {
    return getText(this.url('/api/display/validation-emails'), { fetchImpl: this.fetchImpl });
  }

  async limitLog(clientId: string, status: string, id: string): Promise<void> {
    const query = new URLSearchParams({ status, id });
    await request(this.url(`/api/display/limitLogs/${encodeURIComponent(clientId)}?${query}`), { method: 'GET' }, { fetchImpl: this.fetchImpl });
  }
}

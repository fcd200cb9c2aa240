import { parseDisplayResponse, parsePopupConfig } from '../config/parse.ts';
import type { DisplayResponse, PopupConfig } from '../config/types.ts';
import {
  DISPLAY_ROUTES, displayApiPath, VALIDATION_EMAILS_PATH,
  type ClickAnswer, type DisplayRequest,
} from './contract.ts';
import { getJson, getText, postJson, request } from './http.ts';


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
    const answer = await postJson<unknown>(this.url(displayApiPath(DISPLAY_ROUTES.display, { clientId })), body, { fetchImpl: this.fetchImpl });
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
    const answer = await getJson<ClickAnswer>(this.url(displayApiPath(DISPLAY_ROUTES.click, { poptinId })), { fetchImpl: this.fetchImpl });
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
    await request(this.url(`${displayApiPath(DISPLAY_ROUTES.limitLogs, { clientId })}?${query}`), { method: 'GET' }, { fetchImpl: this.fetchImpl });
  }
}

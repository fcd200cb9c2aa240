import type { PopupConfig } from '../core/config/types.ts';
import type { RecommendationModel, StorePlatform } from '../core/products/recommendations.ts';

/** What a pop-up element renders; the controller writes it, the view reads it. */
export interface PopupModel {
  config: PopupConfig;
  /** Sanitised template HTML; unused when `slotted`. */
  html: string | TrustedHTML;
  /** The content is the element's own children, slotted (a tag a page builder placed), not a copy of them. */
  slotted?: boolean;
  lang: string;
  /** The trigger that opened it (recorded in the view and conversion calls). */
  trigger: string;
  /** Origin of the display server, for the calls the view makes itself (the free-mail list); this page's origin when absent. */
  apiBase?: string;
  /** The visitor's country (display response `country_code`): the first flag of international phone fields. */
  countryCode?: string;
  /**
   * False while the pop-up is rendered ahead of its trigger (closed dialog, hidden popover): the controller
   * prepares eligible pop-ups at idle so that a fired trigger only has to show them. Absent means visible.
   */
  visible?: boolean;
  /** Placed by hand (`<poptin-popup kind trigger>`): its lead needs a poptin-id and a controller to go anywhere. */
  declarative?: boolean;
  /** Preview mode: a notice says that submitting will not work, and a valid form is not sent. */
  preview?: boolean;
  /** The store the page is on: which add-to-cart settings its buttons read (widget §3). */
  storePlatform?: StorePlatform;
  /** The store's cart when the pop-up was built or shown: its dynamic text's `{{cart_count}}` and `{{cart_total}}`. */
  cart?: { itemCount: number; total: number } | null;
  /** The products its `<poptin-product-recommendations>` show, fetched before it is shown. */
  recommendations?: RecommendationModel;
}

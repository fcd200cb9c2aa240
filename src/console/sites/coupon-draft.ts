// The coupon source form's text, pure: what the owner typed to the owner API's input.
import type { CouponSourceInput, CouponSourceKind } from '../../core/api/coupon-contract.ts';

export interface CouponDraft {
  poptinId: string;
  prizeId: string;
  kind: CouponSourceKind;
  pattern: string;
  shop: string;
  valueType: 'percentage' | 'fixed_amount';
  value: string;
  token: string;
  lowStockThreshold: string;
}

export const EMPTY_COUPON_DRAFT: CouponDraft = {
  poptinId: '',
  prizeId: '',
  kind: 'list',
  pattern: 'WELCOME-XXXXXX',
  shop: '',
  valueType: 'percentage',
  value: '10',
  token: '',
  lowStockThreshold: '50',
};

export function couponInputOf(draft: CouponDraft): CouponSourceInput {
  return {
    poptinId: draft.poptinId,
    ...(draft.prizeId.trim() ? { prizeId: draft.prizeId.trim() } : {}),
    kind: draft.kind,
    ...(draft.kind === 'list' ? {} : { pattern: draft.pattern.trim() }),
    ...(draft.kind === 'shopify'
      ? {
          shopify: {
            shop: draft.shop.trim().toLowerCase(),
            valueType: draft.valueType,
            value: Number(draft.value),
            ...(draft.token.trim() ? { token: draft.token.trim() } : {}),
          },
        }
      : {}),
    lowStockThreshold: Number(draft.lowStockThreshold) || 0,
  };
}

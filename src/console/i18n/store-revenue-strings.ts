/** The console's texts for revenue per pop-up on store sites (stats and the attribution window), in English and Hebrew; part of strings.ts. */
export const storeRevenueEn = {
  revenueTitle: 'Store revenue ({currency})',
  revenue: 'Revenue',
  orders: 'Orders',
  revenuePerView: 'Revenue per view',
  revenueByPopup: 'Revenue by pop-up',
  revenueOtherCurrency: 'Attributed orders paid in another currency, not added here: {count}',
  revenueNote:
    "An order counts for a pop-up when its buyer became a lead of that pop-up (same email or same visitor) within the site's attribution window before ordering; the latest lead wins. Refunds are not subtracted.",
  attributionTitle: 'Revenue from pop-ups',
  attributionLabel: 'Attribution window (days)',
  attributionHint:
    "An order from your store counts for a pop-up when the buyer became a lead of it up to this many days before ordering (1 to 90). The pop-up of the buyer's latest lead gets the order.",
  attributionNoStore:
    'This site has no Shopify or Wix store connected: orders cannot reach it yet. The window applies once a store is connected.',
  attributionStore: 'Connected store: {platform}, amounts in {currency}.',
  attributionSave: 'Save the attribution window',
  attributionSaved: 'Saved.',
};

export const storeRevenueHe: Record<keyof typeof storeRevenueEn, string> = {
  revenueTitle: 'הכנסות מהחנות ({currency})',
  revenue: 'הכנסות',
  orders: 'הזמנות',
  revenuePerView: 'הכנסה לצפייה',
  revenueByPopup: 'הכנסות לפי חלון',
  revenueOtherCurrency: 'הזמנות משויכות ששולמו במטבע אחר ואינן נכללות כאן: {count}',
  revenueNote:
    'הזמנה נזקפת לחלון כשהקונה השאיר בו ליד (אותו אימייל או אותו מבקר) בתוך חלון השיוך של האתר לפני ההזמנה; הליד האחרון קובע. החזרים אינם מנוכים.',
  attributionTitle: 'הכנסות מחלונות',
  attributionLabel: 'חלון שיוך (ימים)',
  attributionHint:
    'הזמנה מהחנות נזקפת לחלון כשהקונה השאיר בו ליד עד מספר הימים הזה לפני ההזמנה (1 עד 90). החלון של הליד האחרון של הקונה מקבל את ההזמנה.',
  attributionNoStore:
    'לאתר הזה לא מחוברת חנות Shopify או Wix, ולכן הזמנות עוד לא מגיעות אליו. החלון יחול כשתחובר חנות.',
  attributionStore: 'חנות מחוברת: {platform}, סכומים ב-{currency}.',
  attributionSave: 'שמירת חלון השיוך',
  attributionSaved: 'נשמר.',
};

// Widget §9: the currency symbol goes before the price. ISO 4217 codes in use today, with the symbol a shopper
// of that currency expects; a code not in the table is shown as the code itself ("XYZ 10.00").
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  AED: 'د.إ', AFN: '؋', ALL: 'L', AMD: '֏', ANG: 'ƒ', AOA: 'Kz', ARS: '$', AUD: 'A$', AWG: 'ƒ', AZN: '₼',
  BAM: 'KM', BBD: 'Bds$', BDT: '৳', BGN: 'лв', BHD: '.د.ب', BIF: 'FBu', BMD: '$', BND: 'B$', BOB: 'Bs.', BRL: 'R$',
  BSD: 'B$', BTN: 'Nu.', BWP: 'P', BYN: 'Br', BZD: 'BZ$', CAD: 'CA$', CDF: 'FC', CHF: 'CHF', CLP: '$', CNY: '¥',
  COP: '$', CRC: '₡', CUP: '₱', CVE: '$', CZK: 'Kč', DJF: 'Fdj', DKK: 'kr', DOP: 'RD$', DZD: 'دج', EGP: 'E£',
  ERN: 'Nfk', ETB: 'Br', EUR: '€', FJD: 'FJ$', FKP: '£', GBP: '£', GEL: '₾', GHS: 'GH₵', GIP: '£', GMD: 'D',
  GNF: 'FG', GTQ: 'Q', GYD: 'G$', HKD: 'HK$', HNL: 'L', HRK: 'kn', HTG: 'G', HUF: 'Ft', IDR: 'Rp', ILS: '₪',
  INR: '₹', IQD: 'ع.د', IRR: '﷼', ISK: 'kr', JMD: 'J$', JOD: 'JD', JPY: '¥', KES: 'KSh', KGS: 'сом', KHR: '៛',
  KMF: 'CF', KPW: '₩', KRW: '₩', KWD: 'KD', KYD: 'CI$', KZT: '₸', LAK: '₭', LBP: 'L£', LKR: 'Rs', LRD: 'L$',
  LSL: 'L', LYD: 'LD', MAD: 'DH', MDL: 'L', MGA: 'Ar', MKD: 'ден', MMK: 'K', MNT: '₮', MOP: 'MOP$', MRU: 'UM',
  MUR: '₨', MVR: 'Rf', MWK: 'MK', MXN: 'MX$', MYR: 'RM', MZN: 'MT', NAD: 'N$', NGN: '₦', NIO: 'C$', NOK: 'kr',
  NPR: 'रू', NZD: 'NZ$', OMR: 'ر.ع.', PAB: 'B/.', PEN: 'S/', PGK: 'K', PHP: '₱', PKR: '₨', PLN: 'zł', PYG: '₲',
  QAR: 'QR', RON: 'lei', RSD: 'дин', RUB: '₽', RWF: 'FRw', SAR: '﷼', SBD: 'SI$', SCR: '₨', SDG: 'ج.س.', SEK: 'kr',
  SGD: 'S$', SHP: '£', SLE: 'Le', SLL: 'Le', SOS: 'Sh', SRD: '$', SSP: '£', STN: 'Db', SVC: '₡', SYP: '£S',
  SZL: 'E', THB: '฿', TJS: 'SM', TMT: 'm', TND: 'DT', TOP: 'T$', TRY: '₺', TTD: 'TT$', TWD: 'NT$', TZS: 'TSh',
  UAH: '₴', UGX: 'USh', USD: '$', UYU: '$U', UZS: 'soʻm', VES: 'Bs.S', VND: '₫', VUV: 'VT', WST: 'WS$', XAF: 'FCFA',
  XCD: 'EC$', XOF: 'CFA', XPF: '₣', YER: '﷼', ZAR: 'R', ZMW: 'ZK', ZWL: 'Z$',
};

/** The symbol of an ISO 4217 code (any case); the code itself when the table does not know it. */
export function currencySymbol(code: string): string {
  const upper = code.trim().toUpperCase();
  return CURRENCY_SYMBOLS[upper] ?? upper;
}

/** Currencies whose prices are whole numbers. */
const NO_MINOR_UNITS = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);

/** A price with its symbol before it: "$19.90", "₪ 49.00" is written "₪49.00"; a code without a symbol keeps a space ("XYZ 5.00"). */
export function formatPrice(amount: number, currency: string): string {
  const code = currency.trim().toUpperCase();
  const digits = NO_MINOR_UNITS.has(code) ? 0 : 2;
  const number = amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const symbol = currencySymbol(code);
  if (!symbol) return number;
  return CURRENCY_SYMBOLS[code] ? `${symbol}${number}` : `${symbol} ${number}`;
}

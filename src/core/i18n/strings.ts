/** Languages the widget speaks (widget §1). */
export const LANGUAGES = ['en', 'he'] as const;
export type Language = (typeof LANGUAGES)[number];

// Hebrew on purpose in both languages: widget §5 gives the advanced (Israeli) phone error only in Hebrew.
const ADVANCED_PHONE_INVALID = 'מספר הטלפון שגוי';

const en = {
  // validation messages, worded as widget §5 writes them
  emailTypos: 'There are typos in the email',
  emailSuggestion: 'Did you mean {address}?',
  emailBusinessOnly: 'Only business emails are allowed',
  phoneInvalid: 'Please enter a valid phone number',
  phoneHint: 'Please enter 7 to 15 digits and avoid using letters or symbols',
  phoneInternationalInvalid: 'Invalid number - please try again',
  phoneAdvancedInvalid: ADVANCED_PHONE_INVALID,
  birthdayInvalid: 'Please enter a valid birthday.',
  nameInvalid: 'Please enter a valid name',
  nameHint: 'Please enter at least 2 or more characters.',
  dateInvalid: 'Please enter a valid date (dd/mm/yyyy)',
  numberInvalid: 'Please enter a number',
  tooLong: 'Please use at most {max} characters',
  required: 'This field is required',
  checkboxRequired: 'Please tick at least one box',
  consentRequired: 'Please tick the box to continue',
  // visible texts of widget §2
  close: 'Close',
  submit: 'Submit',
  search: 'Search...',
  noResults: 'No results found',
  closePopup: 'Close popup',
  skip: 'Skip',
  timerLabel: 'Countdown timer',
  // countdown (<poptin-countdown>)
  timerTimeLeft: 'Time left: {time}',
  timerEnded: 'Time is up',
  timerDay: '1 day',
  timerDays: '{count} days',
  timerHour: '1 hour',
  timerHours: '{count} hours',
  timerMinute: '1 minute',
  timerMinutes: '{count} minutes',
  timerSecond: '1 second',
  timerSeconds: '{count} seconds',
  timerUnitDays: 'Days',
  timerUnitHours: 'Hours',
  timerUnitMinutes: 'Minutes',
  timerUnitSeconds: 'Seconds',
  timerCompactDays: '{count}d',
  couponLabel: 'Coupon code, click to copy',
  copied: 'Copied',
  leadSent: 'Sent!',
  poweredBy: 'Powered by',
  previewNotice: 'This is a preview only: submitting the form will not work.',
  stockLeft: '{count} left',
  // games (<poptin-spin-wheel>, <poptin-scratch-card>, <poptin-gift-box>)
  gameWon: 'You won: {prize}',
  gameLost: 'No prize this time',
  spinWheelLabel: 'Spin the wheel',
  spinWheelSpinning: 'The wheel is spinning…',
  scratchCardLabel: 'Scratch card: scratch it with the mouse, a finger or a pen',
  scratchCardReveal: 'Reveal the prize',
  scratchCardCover: 'Scratch here',
  giftBoxesLabel: 'Pick a gift',
  giftBoxLabel: 'Gift {number} of {count}',
  giftBoxOpening: 'Opening the gift…',
  teaserDefaultLabel: 'Open the offer',
  // date picker
  datePickerLabel: 'Choose a date',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
};

export type MessageKey = keyof typeof en;

const he: Record<MessageKey, string> = {
  emailTypos: 'יש שגיאות הקלדה בכתובת האימייל',
  emailSuggestion: 'האם התכוונת ל-{address}?',
  emailBusinessOnly: 'ניתן להזין כתובת אימייל עסקית בלבד',
  phoneInvalid: 'נא להזין מספר טלפון תקין',
  phoneHint: 'נא להזין 7 עד 15 ספרות, ללא אותיות או סימנים',
  phoneInternationalInvalid: 'המספר אינו תקין - נא לנסות שוב',
  phoneAdvancedInvalid: ADVANCED_PHONE_INVALID,
  birthdayInvalid: 'נא להזין תאריך לידה תקין.',
  nameInvalid: 'נא להזין שם תקין',
  nameHint: 'נא להזין לפחות 2 תווים.',
  dateInvalid: 'נא להזין תאריך תקין (dd/mm/yyyy)',
  numberInvalid: 'נא להזין מספר',
  tooLong: 'נא להזין עד {max} תווים',
  required: 'זהו שדה חובה',
  checkboxRequired: 'נא לסמן לפחות תיבה אחת',
  consentRequired: 'נא לסמן את התיבה כדי להמשיך',
  close: 'סגירה',
  submit: 'שליחה',
  search: 'חיפוש...',
  noResults: 'לא נמצאו תוצאות',
  closePopup: 'סגירת החלון הקופץ',
  skip: 'דילוג',
  timerLabel: 'טיימר ספירה לאחור',
  timerTimeLeft: 'הזמן שנותר: {time}',
  timerEnded: 'הזמן נגמר',
  timerDay: 'יום אחד',
  timerDays: '{count} ימים',
  timerHour: 'שעה אחת',
  timerHours: '{count} שעות',
  timerMinute: 'דקה אחת',
  timerMinutes: '{count} דקות',
  timerSecond: 'שנייה אחת',
  timerSeconds: '{count} שניות',
  timerUnitDays: 'ימים',
  timerUnitHours: 'שעות',
  timerUnitMinutes: 'דקות',
  timerUnitSeconds: 'שניות',
  timerCompactDays: '{count} ימ׳',
  couponLabel: 'קוד קופון, יש ללחוץ כדי להעתיק',
  copied: 'הועתק',
  leadSent: 'נשלח!',
  poweredBy: 'מופעל על ידי',
  previewNotice: 'זוהי תצוגה מקדימה בלבד: שליחת הטופס לא תעבוד.',
  stockLeft: 'נותרו {count}',
  gameWon: 'זכית: {prize}',
  gameLost: 'הפעם לא זכית',
  spinWheelLabel: 'סובבו את הגלגל',
  spinWheelSpinning: 'הגלגל מסתובב…',
  scratchCardLabel: 'כרטיס גירוד: גרדו אותו בעכבר, באצבע או בעט',
  scratchCardReveal: 'חשיפת הפרס',
  scratchCardCover: 'גרדו כאן',
  giftBoxesLabel: 'בחרו מתנה',
  giftBoxLabel: 'מתנה {number} מתוך {count}',
  giftBoxOpening: 'המתנה נפתחת…',
  teaserDefaultLabel: 'לפתיחת ההצעה',
  datePickerLabel: 'בחירת תאריך',
  previousMonth: 'החודש הקודם',
  nextMonth: 'החודש הבא',
};

export const STRINGS: Readonly<Record<Language, Readonly<Record<MessageKey, string>>>> = { en, he };

export type MessageParams = Readonly<Record<string, string | number>>;

/** The text of `key` in `language`, with `{placeholders}` filled from `params` (unknown ones are left as written). */
export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  return STRINGS[language][key].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

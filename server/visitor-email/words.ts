// The words of the visitor's e-mail and of our pages its links open, in the languages a pop-up speaks.
export type EmailLanguage = 'en' | 'he';

/** A name in the other direction kept whole, its punctuation on the right side (Unicode FSI … PDI). */
const isolate = (text: string) => `\u2068${text}\u2069`;

const WORDS = {
  en: {
    confirmIntro: 'Please confirm your address:',
    confirmButton: 'Confirm my address',
    signedUp: (site: string) => `You receive this e-mail because you signed up on ${site}.`,
    unsubscribe: 'Unsubscribe',
    privacy: 'Privacy policy',
    confirmTitle: 'Confirm your address',
    confirmText: 'Press the button to confirm that this address is yours.',
    confirmedTitle: 'Your address is confirmed',
    confirmedText: 'Thank you. You may close this page.',
    expiredTitle: 'This link has expired',
    expiredText: 'Sign up again on the site to get a new one.',
    invalidTitle: 'This link does not work',
    invalidText: 'Copy the whole link from the e-mail into the address bar.',
    unsubscribeTitle: (site: string) => `Stop e-mails from ${site}?`,
    unsubscribeText: 'You will get no more e-mails from this site’s pop-ups.',
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribedText: 'You will get no more e-mails from this site’s pop-ups.',
  },
  he: {
    confirmIntro: 'נא לאשר את כתובת המייל שלך:',
    confirmButton: 'אישור הכתובת שלי',
    signedUp: (site: string) => `קיבלת את המייל הזה כי נרשמת באתר ${isolate(site)}.`,
    unsubscribe: 'הסרה מרשימת התפוצה',
    privacy: 'מדיניות פרטיות',
    confirmTitle: 'אישור כתובת המייל',
    confirmText: 'יש ללחוץ על הכפתור כדי לאשר שהכתובת הזאת שלך.',
    confirmedTitle: 'הכתובת שלך אושרה',
    confirmedText: 'תודה. אפשר לסגור את הדף.',
    expiredTitle: 'תוקף הקישור פג',
    expiredText: 'כדי לקבל קישור חדש יש להירשם שוב באתר.',
    invalidTitle: 'הקישור אינו תקין',
    invalidText: 'יש להעתיק את הקישור המלא מהמייל לשורת הכתובת.',
    unsubscribeTitle: (site: string) => `להפסיק לקבל מיילים מ־${isolate(site)}?`,
    unsubscribeText: 'לא יישלחו אליך עוד מיילים מהחלונות של האתר הזה.',
    unsubscribedTitle: 'הוסרת מרשימת התפוצה',
    unsubscribedText: 'לא יישלחו אליך עוד מיילים מהחלונות של האתר הזה.',
  },
} as const;

export const wordsOf = (language: EmailLanguage) => WORDS[language];

export const languageOf = (value: unknown): EmailLanguage =>
  typeof value === 'string' && /^(he|iw)\b/i.test(value) ? 'he' : 'en';

export const directionOf = (language: EmailLanguage) => (language === 'he' ? 'rtl' : 'ltr');

/** Text made safe to stand in HTML, as text or in a quoted attribute. */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/** The texts of the editor's visitor e-mail panel, in English and Hebrew (spread into strings.ts). */

export const visitorEmailEn = {
  veLegend: 'E-mail to the visitor',
  veEnabled: 'Send the visitor an e-mail after they sign up',
  veSubject: 'Subject',
  veBody: 'Text',
  veTagsHint: 'Fill in what the visitor sent, any form field by its name:',
  veTagsExamples: 'Examples',
  veTagsFallback: 'The text after | is used when the value is missing. A blank line starts a new paragraph.',
  veLanguage: 'Language of the e-mail',
  veLanguageSite: "The site's language",
  veEnglish: 'English',
  veHebrew: 'Hebrew',
  veSiteHint:
    "The sender's name, the reply-to address and the privacy page linked in the e-mail are set in the site's settings. Every e-mail has an unsubscribe link.",
  veDoubleOptIn: 'Double opt-in: ask the visitor to confirm their address',
  veDoubleOptInHint:
    'The e-mail carries a confirmation link. Destinations set to take confirmed leads only get the lead once the visitor clicks it.',
  veConfirmUrl: 'Page shown after confirming (optional, https)',
  veConfirmDays: 'Delete unconfirmed leads after (1–30 days)',
  veDays: 'days',
};

export type VisitorEmailStringKey = keyof typeof visitorEmailEn;

export const visitorEmailHe: Record<VisitorEmailStringKey, string> = {
  veLegend: 'מייל למבקר',
  veEnabled: 'שליחת מייל למבקר אחרי ההרשמה',
  veSubject: 'נושא',
  veBody: 'תוכן',
  veTagsHint: 'אפשר לשלב את מה שהמבקר שלח, כל שדה בטופס לפי שמו:',
  veTagsExamples: 'דוגמאות',
  veTagsFallback: 'הטקסט שאחרי | מוצג כשאין ערך. שורה ריקה פותחת פסקה חדשה.',
  veLanguage: 'שפת המייל',
  veLanguageSite: 'שפת האתר',
  veEnglish: 'אנגלית',
  veHebrew: 'עברית',
  veSiteHint: 'שם השולח, כתובת המענה ודף הפרטיות שבמייל נקבעים בהגדרות האתר. בכל מייל יש קישור להסרה מרשימת התפוצה.',
  veDoubleOptIn: 'אישור כפול: בקשה מהמבקר לאשר את הכתובת',
  veDoubleOptInHint: 'במייל יש קישור לאישור. יעדים שמקבלים רק לידים מאושרים יקבלו את הליד אחרי שהמבקר לוחץ עליו.',
  veConfirmUrl: 'דף שמוצג אחרי האישור (לא חובה, https)',
  veConfirmDays: 'מחיקת לידים שלא אושרו אחרי (1–30 ימים)',
  veDays: 'ימים',
};

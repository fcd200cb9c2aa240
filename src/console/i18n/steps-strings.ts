/** The texts of the editor's steps panel, in English and Hebrew (spread into strings.ts). */

export const stepsEn = {
  stSteps: 'Steps',
  stHint: 'Show the pop-up one step at a time. Try the steps in the preview.',
  stAddQuestion: 'Ask a Yes/No question first',
  stQuestion: 'Question',
  stYes: 'Yes button',
  stNo: 'No button',
  stAnswerHint: 'Yes shows the form, No closes the pop-up. The answer is saved with the lead and counted in the stats.',
  stRemoveQuestion: 'Remove the question',
  stDefaultQuestion: 'Would you like 10% off your first order?',
  stDefaultYes: 'Yes, please',
  stDefaultNo: 'No, thanks',
  stSplit: 'Split the form: e-mail first, then the other fields',
  stSplitNeeds: 'The form needs an e-mail field and at least one other field.',
  stJoin: 'Put the form back on one step',
  stNext: 'Next',
  stBack: 'Back',
  stPartial: 'Keep a partial lead when a visitor leaves after the e-mail step',
  stPartialHint: 'Partial leads are marked "Partial" in the leads list.',
};

export type StepsStringKey = keyof typeof stepsEn;

export const stepsHe: Record<StepsStringKey, string> = {
  stSteps: 'שלבים',
  stHint: 'הצגת החלון שלב אחר שלב. אפשר לנסות את השלבים בתצוגה המקדימה.',
  stAddQuestion: 'לשאול קודם שאלת כן/לא',
  stQuestion: 'שאלה',
  stYes: 'כפתור "כן"',
  stNo: 'כפתור "לא"',
  stAnswerHint: '"כן" מציג את הטופס, "לא" סוגר את החלון. התשובה נשמרת עם הליד ונספרת בסטטיסטיקה.',
  stRemoveQuestion: 'הסרת השאלה',
  stDefaultQuestion: 'רוצים 10% הנחה על ההזמנה הראשונה?',
  stDefaultYes: 'כן, בבקשה',
  stDefaultNo: 'לא, תודה',
  stSplit: 'פיצול הטופס: קודם אימייל, אחר כך שאר השדות',
  stSplitNeeds: 'בטופס צריך להיות שדה אימייל ועוד שדה אחד לפחות.',
  stJoin: 'החזרת הטופס לשלב אחד',
  stNext: 'הבא',
  stBack: 'חזרה',
  stPartial: 'לשמור ליד חלקי כשמבקר עוזב אחרי שלב האימייל',
  stPartialHint: 'לידים חלקיים מסומנים "חלקי" ברשימת הלידים.',
};

import { describe, it } from 'node:test';
import { expect } from 'chai';
import { LANGUAGES, type MessageKey, STRINGS, translate } from './strings.ts';

const HEBREW_LETTER = /[\u05d0-\u05ea]/;

describe('strings: English texts as widget §2 and §5 write them', () => {
  const table: Array<[MessageKey, string]> = [
    ['emailTypos', 'There are typos in the email'],
    ['emailBusinessOnly', 'Only business emails are allowed'],
    ['phoneInvalid', 'Please enter a valid phone number'],
    ['phoneHint', 'Please enter 7 to 15 digits and avoid using letters or symbols'],
    ['phoneInternationalInvalid', 'Invalid number - please try again'],
    ['phoneAdvancedInvalid', 'מספר הטלפון שגוי'],
    ['birthdayInvalid', 'Please enter a valid birthday.'],
    ['nameHint', 'Please enter at least 2 or more characters.'],
    ['required', 'This field is required'],
    ['close', 'Close'],
    ['submit', 'Submit'],
    ['search', 'Search...'],
    ['noResults', 'No results found'],
    ['closePopup', 'Close popup'],
    ['copied', 'Copied'],
    ['skip', 'Skip'],
    ['timerLabel', 'Countdown timer'],
    ['couponLabel', 'Coupon code, click to copy'],
    ['leadSent', 'Sent!'],
  ];
  for (const [key, text] of table) {
    it(`${key} is "${text}"`, () => {
      expect(translate('en', key)).to.equal(text);
    });
  }
  it('the suggestion names the address', () => {
    expect(translate('en', 'emailSuggestion', { address: 'dan@gmail.com' })).to.equal('Did you mean dan@gmail.com?');
  });
});

describe('strings: Hebrew texts', () => {
  const table: Array<[MessageKey, string]> = [
    ['emailTypos', 'יש שגיאות הקלדה בכתובת האימייל'],
    ['emailBusinessOnly', 'ניתן להזין כתובת אימייל עסקית בלבד'],
    ['phoneInvalid', 'נא להזין מספר טלפון תקין'],
    ['phoneHint', 'נא להזין 7 עד 15 ספרות, ללא אותיות או סימנים'],
    ['phoneInternationalInvalid', 'המספר אינו תקין - נא לנסות שוב'],
    ['phoneAdvancedInvalid', 'מספר הטלפון שגוי'],
    ['birthdayInvalid', 'נא להזין תאריך לידה תקין.'],
    ['nameHint', 'נא להזין לפחות 2 תווים.'],
    ['required', 'זהו שדה חובה'],
    ['close', 'סגירה'],
    ['submit', 'שליחה'],
    ['search', 'חיפוש...'],
    ['noResults', 'לא נמצאו תוצאות'],
    ['closePopup', 'סגירת החלון הקופץ'],
    ['copied', 'הועתק'],
    ['skip', 'דילוג'],
    ['leadSent', 'נשלח!'],
  ];
  for (const [key, text] of table) {
    it(`${key} is "${text}"`, () => {
      expect(translate('he', key)).to.equal(text);
    });
  }
  it('the suggestion names the address', () => {
    expect(translate('he', 'emailSuggestion', { address: 'dan@gmail.com' })).to.equal('האם התכוונת ל-dan@gmail.com?');
  });
});

describe('strings: completeness', () => {
  const keys = Object.keys(STRINGS.en) as MessageKey[];
  for (const language of LANGUAGES) {
    it(`${language} has a non-empty text for every key`, () => {
      expect(Object.keys(STRINGS[language]).sort()).to.deep.equal([...keys].sort());
      for (const key of keys) expect(STRINGS[language][key].trim(), key).not.to.equal('');
    });
  }
  it('every Hebrew text is written in Hebrew', () => {
    for (const key of keys) expect(STRINGS.he[key], key).to.match(HEBREW_LETTER);
  });
  it('English texts are English except the Hebrew-only advanced phone message', () => {
    for (const key of keys.filter((k) => k !== 'phoneAdvancedInvalid'))
      expect(STRINGS.en[key], key).not.to.match(HEBREW_LETTER);
  });
  it('Hebrew texts keep the same placeholders as English', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of keys) expect(placeholders(STRINGS.he[key]), key).to.deep.equal(placeholders(STRINGS.en[key]));
  });
});

describe('translate', () => {
  it('fills every placeholder and leaves unknown ones as written', () => {
    expect(translate('en', 'tooLong', { max: 254 })).to.equal('Please use at most 254 characters');
    expect(translate('en', 'tooLong')).to.equal('Please use at most {max} characters');
    expect(translate('he', 'stockLeft', { count: 3 })).to.equal('נותרו 3');
  });
});

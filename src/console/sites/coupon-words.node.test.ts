// The coupon routes' messages, made by the server's own code, each said in Hebrew with the values it gave.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CodeListError, readCodeList } from '../../../server/coupons/code-list.ts';
import { patternProblem } from '../../../server/coupons/code-pattern.ts';
import { STRINGS, type StringKey } from '../i18n/strings.ts';
import { couponMessageWords } from './coupon-words.ts';

const hebrew = (key: StringKey) => STRINGS.he[key];
const english = (key: StringKey) => STRINGS.en[key];

function problemsOf(csv: string): string[] {
  try {
    readCodeList(csv);
  } catch (error) {
    if (error instanceof CodeListError) return error.problems;
    throw error;
  }
  throw new Error('the list was read');
}

describe("the coupon routes' messages in the owner's language", () => {
  it('says each problem of an uploaded list in Hebrew, with the line and the code the server named', () => {
    const problems = [
      ...problemsOf(`GOOD-1\nhas space\ngood-1\n${'A'.repeat(70)}\n`),
      ...problemsOf('code\n\n'),
      ...problemsOf('GOOD-1\n"open\n'),
      ...problemsOf(Array.from({ length: 12 }, (_, index) => `bad ${index}`).join('\n')).slice(-1),
    ];
    assert.deepEqual(
      problems.map((problem) => couponMessageWords(problem, hebrew)),
      [
        'שורה 2: \u2066"has space"\u2069 אינו קוד: מותר להשתמש רק באותיות, בספרות, ב-"-" וב-"_".',
        'שורה 3: \u2066good-1\u2069 כבר מופיע בשורה 1.',
        'שורה 4: קוד יכול להכיל עד 64 תווים (בקוד הזה יש 70).',
        'אין בו קודים: קוד אחד בכל שורה, בעמודה הראשונה.',
        'שורה 2: תא שנפתח במירכאות לא נסגר (חסר ").',
        'ויש עוד: יש לתקן את אלה ולהעלות את הקובץ שוב.',
      ],
    );
  });

  it("says a pattern's problems in Hebrew, and a field's message the owner routes share", () => {
    assert.equal(couponMessageWords(patternProblem('has space')!, hebrew), STRINGS.he.srvCouponPattern);
    assert.equal(
      couponMessageWords(patternProblem('WELCOME-XX')!, hebrew),
      'צריכה לפחות 6 X (תווים אקראיים), למשל WELCOME-XXXXXX; יש בה 2',
    );
    assert.equal(couponMessageWords('is required', hebrew), STRINGS.he.srvRequired);
  });

  it('has English words for each message too, and keeps one it does not know as the server wrote it', () => {
    assert.equal(
      couponMessageWords(problemsOf('GOOD-1\ngood-1\n')[0]!, english),
      'Line 2: good-1 is already on line 1.',
    );
    assert.equal(couponMessageWords('a new kind of problem', hebrew), 'a new kind of problem');
  });
});

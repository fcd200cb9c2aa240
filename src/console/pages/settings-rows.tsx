import { AmountSetting, Select, TextSetting } from '../components/fields.tsx';
import { useLanguage } from '../i18n/language.tsx';
import {
  describeFrequency,
  FREQUENCY_CAPS,
  type FrequencyCap,
  type FrequencyChoice,
  frequencyProblem,
} from '../model/frequency.ts';
import { chanceTotal, newPrize, type PrizeRow, prizesProblem } from '../model/prizes.ts';
import { type EditorSettings, TARGETING_OPERATORS, type TargetingRow } from '../model/settings.ts';

/** The settings form's repeated parts: a frequency rule, targeting rows, game prizes, and what keeps a save back. */

export type Update = (change: (settings: EditorSettings) => EditorSettings) => void;

const CAP_WORDS: Record<FrequencyCap, [string, string]> = {
  every_page: ['Every page view', 'בכל צפייה בדף'],
  once_per_session: ['Once per session', 'פעם בביקור'],
  once_per_visitor: ['Once per visitor', 'פעם לכל מבקר'],
  once_a_day: ['Once a day', 'פעם ביום'],
  every_n_hours: ['Once every N hours', 'פעם ב-N שעות'],
  every_n_days: ['Once every N days', 'פעם ב-N ימים'],
  every_n_weeks: ['Once every N weeks', 'פעם ב-N שבועות'],
};

export function FrequencyFields({
  legend,
  choice,
  onChange,
}: {
  legend: string;
  choice: FrequencyChoice;
  onChange(choice: FrequencyChoice): void;
}) {
  const { language } = useLanguage();
  const w = (en: string, he: string) => (language === 'he' ? he : en);
  const problem = frequencyProblem(choice, language);
  return (
    <fieldset>
      <legend>{legend}</legend>
      <Select
        label={w('Who', 'למי')}
        value={choice.audience}
        onChange={(audience) => onChange({ ...choice, audience })}
        options={[
          ['all', w('All visitors', 'כל המבקרים')],
          ['new', w('New visitors', 'מבקרים חדשים')],
          ['returning', w('Returning visitors', 'מבקרים חוזרים')],
        ]}
      />
      <Select
        label={w('How often', 'כמה פעמים')}
        value={choice.cap}
        onChange={(cap) => onChange({ ...choice, cap, count: cap.startsWith('every_n_') ? (choice.count ?? 1) : null })}
        options={FREQUENCY_CAPS.map((cap) => [cap, w(...CAP_WORDS[cap])] as const)}
      />
      {choice.cap === 'every_page' && (
        <AmountSetting
          label={w('At most, in total', 'לכל היותר, בסך הכול')}
          unit={w('times', 'פעמים')}
          value={choice.count}
          onChange={(count) => onChange({ ...choice, count })}
          fallback={5}
        />
      )}
      {choice.cap.startsWith('every_n_') && (
        <label>
          N
          <input
            type="number"
            min={1}
            step={1}
            value={choice.count ?? ''}
            onChange={(e) => onChange({ ...choice, count: e.target.value === '' ? null : Number(e.target.value) })}
            aria-invalid={problem !== null}
          />
        </label>
      )}
      <p className="in-words" aria-live="polite">
        {problem ?? describeFrequency(choice, language)}
      </p>
    </fieldset>
  );
}

export function TargetingRows({
  legend,
  rows,
  onChange,
}: {
  legend: string;
  rows: TargetingRow[];
  onChange(rows: TargetingRow[]): void;
}) {
  const { language } = useLanguage();
  const w = (en: string, he: string) => (language === 'he' ? he : en);
  const set = (index: number, row: TargetingRow) => onChange(rows.map((old, i) => (i === index ? row : old)));
  return (
    <fieldset>
      <legend>{legend}</legend>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own, and their inputs no state
        <div className="row" key={index}>
          <Select
            label={w('Show or hide', 'הצגה או הסתרה')}
            value={row.show}
            onChange={(show) => set(index, { ...row, show })}
            options={[
              ['show', w('Show when', 'הצג כאשר')],
              ['dont_show', w('Hide when', 'הסתר כאשר')],
            ]}
          />
          <Select
            label={w('The address', 'הכתובת')}
            value={row.operator}
            onChange={(operator) => set(index, { ...row, operator })}
            options={TARGETING_OPERATORS.map((operator) => [operator, operator.replace('_', ' ')] as const)}
          />
          <TextSetting
            label={w('Text', 'טקסט')}
            value={row.value}
            onChange={(value) => set(index, { ...row, value })}
            max={500}
            ltr
          />
          <button
            type="button"
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
            aria-label={`${w('Remove rule', 'הסרת כלל')} ${index + 1}`}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { operator: 'contain', value: '', show: 'show' }])}>
        {w('Add a rule', 'הוספת כלל')}
      </button>
    </fieldset>
  );
}

export function Prizes({ rows, onChange }: { rows: PrizeRow[]; onChange(rows: PrizeRow[]): void }) {
  const { language } = useLanguage();
  const w = (en: string, he: string) => (language === 'he' ? he : en);
  const problem = prizesProblem(rows, language);
  const set = (index: number, row: PrizeRow) => onChange(rows.map((old, i) => (i === index ? row : old)));
  return (
    <fieldset>
      <legend>{w('Game prizes', 'פרסי המשחק')}</legend>
      <table>
        <thead>
          <tr>
            <th scope="col">{w('Label', 'שם')}</th>
            <th scope="col">{w('Coupon code', 'קוד קופון')}</th>
            <th scope="col">{w('Wins', 'זכייה')}</th>
            <th scope="col">{w('Chance %', 'סיכוי %')}</th>
            <th scope="col">
              <span className="visually-hidden">{w('Remove', 'הסרה')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.key}>
              <td>
                <input
                  aria-label={`${w('Label', 'שם')} ${index + 1}`}
                  value={row.label}
                  maxLength={80}
                  onChange={(e) => set(index, { ...row, label: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`${w('Coupon code', 'קוד קופון')} ${index + 1}`}
                  value={row.code}
                  maxLength={80}
                  dir="ltr"
                  onChange={(e) => set(index, { ...row, code: e.target.value })}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${w('Wins', 'זכייה')} ${index + 1}`}
                  checked={row.winner}
                  onChange={(e) => set(index, { ...row, winner: e.target.checked })}
                />
              </td>
              <td>
                <input
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  aria-label={`${w('Chance %', 'סיכוי %')} ${index + 1}`}
                  value={row.chance}
                  aria-invalid={problem !== null}
                  onChange={(e) => set(index, { ...row, chance: Number(e.target.value) })}
                />
              </td>
              <td>
                <button
                  type="button"
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                  aria-label={`${w('Remove prize', 'הסרת פרס')} ${index + 1}`}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={() => onChange([...rows, newPrize(rows)])}>
        {w('Add a prize', 'הוספת פרס')}
      </button>
      <p aria-live="polite" className={problem ? 'field-error' : 'in-words'}>
        {problem ?? w(`Chances total ${chanceTotal(rows)} %`, `סך הסיכויים ${chanceTotal(rows)}%`)}
      </p>
    </fieldset>
  );
}

/** Problems that keep the settings from being saved, in the owner's language. */
export function settingsProblems(settings: EditorSettings, language: 'en' | 'he'): string[] {
  const problems = [
    settings.frequency && frequencyProblem(settings.frequency, language),
    settings.afterClose && frequencyProblem(settings.afterClose, language),
    prizesProblem(settings.prizes, language),
  ];
  const t = settings.triggers;
  const amounts = [
    t.afterSeconds,
    t.scrollPercent,
    t.clicks,
    t.pageVisits,
    t.inactivitySeconds,
    settings.close.xAfterSeconds,
    settings.close.autoCloseSeconds,
    settings.thankYou.autoCloseSeconds,
  ];
  if (
    amounts.some((amount) => amount !== null && (!Number.isInteger(amount) || amount < 1 || amount > 100_000)) ||
    (t.scrollPercent !== null && t.scrollPercent > 100)
  ) {
    problems.push(
      language === 'he'
        ? 'ערך מספרי לא תקין באחת ההגדרות'
        : 'A number in the settings is not a whole number in its range',
    );
  }
  if (settings.abTest.enabled && !/^[A-Za-z0-9]{13}$/.test(settings.abTest.parentId))
    problems.push(
      language === 'he'
        ? 'מזהה החלון של קמפיין ה-A/B הוא 13 אותיות וספרות'
        : "The A/B campaign's pop-up id is 13 letters and digits",
    );
  if (settings.redirect.enabled && !/^https?:\/\//i.test(settings.redirect.url.trim()))
    problems.push(
      language === 'he'
        ? 'כתובת ההפניה חייבת להתחיל ב-https://'
        : 'The redirect address must start with https:// or http://',
    );
  return problems.filter((problem): problem is string => Boolean(problem));
}

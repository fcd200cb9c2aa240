import { FORMAT_COUNTS } from '../../core/popup/layout.ts';
import { Snippet } from '../components/copy-button.tsx';
import { AmountSetting, Select, TextSetting, Toggle } from '../components/fields.tsx';
import { useLanguage } from '../i18n/language.tsx';
import {
  describeFrequency,
  FREQUENCY_CAPS,
  type FrequencyCap,
  type FrequencyChoice,
  frequencyProblem,
} from '../model/frequency.ts';
import { chanceTotal, newPrize, type PrizeRow, prizesProblem } from '../model/prizes.ts';
import { type EditorSettings, POPUP_KINDS, TARGETING_OPERATORS, type TargetingRow } from '../model/settings.ts';
import { clickToOpenTagOf } from '../model/snippet.ts';

type Update = (change: (settings: EditorSettings) => EditorSettings) => void;

const CAP_WORDS: Record<FrequencyCap, [string, string]> = {
  every_page: ['Every page view', 'בכל צפייה בדף'],
  once_per_session: ['Once per session', 'פעם בביקור'],
  once_per_visitor: ['Once per visitor', 'פעם לכל מבקר'],
  once_a_day: ['Once a day', 'פעם ביום'],
  every_n_hours: ['Once every N hours', 'פעם ב-N שעות'],
  every_n_days: ['Once every N days', 'פעם ב-N ימים'],
  every_n_weeks: ['Once every N weeks', 'פעם ב-N שבועות'],
};

function FrequencyFields({
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

function TargetingRows({
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

function Prizes({ rows, onChange }: { rows: PrizeRow[]; onChange(rows: PrizeRow[]): void }) {
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

export function SettingsForm({
  settings,
  update,
  popupId,
}: {
  settings: EditorSettings;
  update: Update;
  popupId: string;
}) {
  const { language } = useLanguage();
  const w = (en: string, he: string) => (language === 'he' ? he : en);
  const t = settings.triggers;
  const setTriggers = (change: Partial<EditorSettings['triggers']>) =>
    update((s) => ({ ...s, triggers: { ...s.triggers, ...change } }));
  const setTargeting = (change: Partial<EditorSettings['targeting']>) =>
    update((s) => ({ ...s, targeting: { ...s.targeting, ...change } }));
  const setClose = (change: Partial<EditorSettings['close']>) =>
    update((s) => ({ ...s, close: { ...s.close, ...change } }));
  const formats = Array.from(
    { length: FORMAT_COUNTS[settings.kind] },
    (_, i) => [String(i + 1), `format_${i + 1}`] as const,
  );
  return (
    <div className="settings">
      <fieldset>
        <legend>{w('Pop-up', 'חלון')}</legend>
        <TextSetting
          label={w('Name', 'שם')}
          value={settings.name}
          onChange={(name) => update((s) => ({ ...s, name }))}
          max={200}
        />
        <Select
          label={w('Kind', 'סוג')}
          value={settings.kind}
          onChange={(kind) => update((s) => ({ ...s, kind, format: 1 }))}
          options={POPUP_KINDS.map((kind) => [kind, kind] as const)}
        />
        <Select
          label={w('Format', 'תבנית')}
          value={String(settings.format)}
          onChange={(format) => update((s) => ({ ...s, format: Number(format) }))}
          options={formats}
        />
        <Select
          label={w('Vertical position', 'מיקום אנכי')}
          value={settings.vertical}
          onChange={(vertical) => update((s) => ({ ...s, vertical }))}
          options={[
            ['top', w('Top', 'למעלה')],
            ['middle', w('Middle', 'באמצע')],
            ['bottom', w('Bottom', 'למטה')],
          ]}
        />
        <Select
          label={w('Horizontal position', 'מיקום אופקי')}
          value={settings.horizontal}
          onChange={(horizontal) => update((s) => ({ ...s, horizontal }))}
          options={[
            ['left', w('Left', 'שמאל')],
            ['center', w('Center', 'מרכז')],
            ['right', w('Right', 'ימין')],
          ]}
        />
      </fieldset>
      <fieldset>
        <legend>{w('When it shows', 'מתי הוא מוצג')}</legend>
        <AmountSetting
          label={w('After time on the page', 'אחרי זמן בדף')}
          unit={w('seconds', 'שניות')}
          value={t.afterSeconds}
          onChange={(afterSeconds) => setTriggers({ afterSeconds })}
          fallback={5}
        />
        {t.afterSeconds !== null && (
          <Select
            label={w('Counted on', 'נספר ב')}
            value={t.afterSecondsOn}
            onChange={(afterSecondsOn) => setTriggers({ afterSecondsOn })}
            options={[
              ['page', w('this page', 'דף זה')],
              ['website', w('the whole website', 'כל האתר')],
            ]}
          />
        )}
        <AmountSetting
          label={w('After scrolling', 'אחרי גלילה')}
          unit="%"
          value={t.scrollPercent}
          onChange={(scrollPercent) => setTriggers({ scrollPercent })}
          max={100}
          fallback={50}
        />
        <AmountSetting
          label={w('After clicks', 'אחרי לחיצות')}
          unit={w('clicks', 'לחיצות')}
          value={t.clicks}
          onChange={(clicks) => setTriggers({ clicks })}
          fallback={3}
        />
        <AmountSetting
          label={w('On page view number', 'בצפייה בדף מספר')}
          unit={w('pages', 'דפים')}
          value={t.pageVisits}
          onChange={(pageVisits) => setTriggers({ pageVisits })}
          fallback={2}
        />
        <AmountSetting
          label={w('After inactivity', 'אחרי חוסר פעילות')}
          unit={w('seconds', 'שניות')}
          value={t.inactivitySeconds}
          onChange={(inactivitySeconds) => setTriggers({ inactivitySeconds })}
          fallback={30}
        />
        <Toggle
          label={w('Exit intent', 'כוונת יציאה')}
          checked={t.exitIntent}
          onChange={(exitIntent) => setTriggers({ exitIntent })}
          hint={w(
            'Desktop: the pointer leaves the window. Phones: the Back button or a fast scroll up.',
            'במחשב: העכבר יוצא מהחלון. בטלפון: כפתור חזרה או גלילה מהירה למעלה.',
          )}
        />
        <Toggle
          label={w('Click to open', 'פתיחה בלחיצה')}
          checked={t.clickToOpen}
          onChange={(clickToOpen) => setTriggers({ clickToOpen })}
          hint={w(
            'Any element with its data-poptin-id (or a link to /click/ID) opens it.',
            'כל רכיב עם data-poptin-id שלו (או קישור ל-/click/ID) פותח אותו.',
          )}
        />
        {t.clickToOpen && (
          <Snippet code={clickToOpenTagOf(popupId, w('Open', 'פתיחה'))} label={w('Click to open', 'פתיחה בלחיצה')} />
        )}
      </fieldset>
      {settings.frequency ? (
        <FrequencyFields
          legend={w('How often', 'תדירות')}
          choice={settings.frequency}
          onChange={(frequency) => update((s) => ({ ...s, frequency }))}
        />
      ) : (
        <fieldset>
          <legend>{w('How often', 'תדירות')}</legend>
          <p>
            {w(
              `Kept as written: "${settings.frequencyText}" (read by the widget as once per session).`,
              `נשמר כפי שנכתב: "${settings.frequencyText}".`,
            )}
          </p>
          <button
            type="button"
            onClick={() =>
              update((s) => ({ ...s, frequency: { audience: 'all', cap: 'once_per_session', count: null } }))
            }
          >
            {w('Replace with a rule in words', 'החלפה בכלל מהרשימה')}
          </button>
        </fieldset>
      )}
      <fieldset>
        <legend>{w('Who sees it', 'מי רואה אותו')}</legend>
        <Select
          label={w('Devices', 'מכשירים')}
          value={settings.targeting.device}
          onChange={(device) => setTargeting({ device })}
          options={[
            ['all', w('All devices', 'כל המכשירים')],
            ['desktop', w('Desktop only', 'מחשב בלבד')],
            ['mobile', w('Phones only', 'טלפון בלבד')],
          ]}
        />
        <TargetingRows
          legend={w('Pages', 'דפים')}
          rows={settings.targeting.pages}
          onChange={(pages) => setTargeting({ pages })}
        />
        <TargetingRows
          legend={w('Referrer', 'מקור הגעה')}
          rows={settings.targeting.referrers}
          onChange={(referrers) => setTargeting({ referrers })}
        />
        <Select
          label={w('Countries', 'מדינות')}
          value={settings.targeting.countries.show}
          onChange={(show) => setTargeting({ countries: { ...settings.targeting.countries, show } })}
          options={[
            ['show', w('Only these countries', 'רק מדינות אלה')],
            ['dont_show', w('Not these countries', 'לא במדינות אלה')],
          ]}
        />
        <TextSetting
          label={w('Country codes, comma separated (US, IL)', 'קודי מדינות, מופרדים בפסיק')}
          value={settings.targeting.countries.codes.join(', ')}
          ltr
          max={800}
          onChange={(text) =>
            setTargeting({
              countries: {
                ...settings.targeting.countries,
                codes: text
                  .split(/[,\s]+/)
                  .map((code) =>
                    code
                      .toUpperCase()
                      .replace(/[^A-Z]/g, '')
                      .slice(0, 2),
                  )
                  .filter((code, i, all) => code !== '' || i === all.length - 1),
              },
            })
          }
        />
        <TextSetting
          label={w('Cookie filter', 'מסנן עוגיות')}
          value={settings.targeting.cookieFilter}
          onChange={(cookieFilter) => setTargeting({ cookieFilter })}
          ltr
        />
        <TextSetting
          label={w('JavaScript variable filter', 'מסנן משתני JavaScript')}
          value={settings.targeting.jsFilter}
          onChange={(jsFilter) => setTargeting({ jsFilter })}
          ltr
        />
        <TextSetting
          label={w('Engagement with other pop-ups', 'מעורבות בחלונות אחרים')}
          value={settings.targeting.engagementFilter}
          onChange={(engagementFilter) => setTargeting({ engagementFilter })}
          ltr
          hint="show|seen|lightbox|any"
        />
        <Toggle
          label={w('Cart condition (Shopify)', 'תנאי עגלה (Shopify)')}
          checked={settings.targeting.cartActive}
          onChange={(cartActive) => setTargeting({ cartActive })}
        />
        {settings.targeting.cartActive && (
          <>
            <TextSetting
              label={w('Cart action', 'פעולת עגלה')}
              value={settings.targeting.cartAction}
              onChange={(cartAction) => setTargeting({ cartAction })}
              ltr
              max={80}
            />
            <TextSetting
              label={w('Cart comparison', 'השוואה')}
              value={settings.targeting.cartFilter}
              onChange={(cartFilter) => setTargeting({ cartFilter })}
              ltr
              max={80}
            />
            <TextSetting
              label={w('Cart value', 'ערך')}
              value={settings.targeting.cartValue}
              onChange={(cartValue) => setTargeting({ cartValue })}
              ltr
              max={80}
            />
          </>
        )}
        <Toggle
          label={w('Hide from visitors who already signed up', 'הסתרה ממי שכבר נרשם')}
          checked={settings.targeting.hideFromConverted}
          onChange={(hideFromConverted) => setTargeting({ hideFromConverted })}
        />
      </fieldset>
      <fieldset>
        <legend>{w('Closing', 'סגירה')}</legend>
        <Toggle
          label={w('Close button (×)', 'כפתור סגירה (×)')}
          checked={settings.close.xButton}
          onChange={(xButton) => setClose({ xButton })}
        />
        <AmountSetting
          label={w('Close button usable after', 'כפתור הסגירה פעיל אחרי')}
          unit={w('seconds', 'שניות')}
          value={settings.close.xAfterSeconds}
          onChange={(xAfterSeconds) => setClose({ xAfterSeconds })}
          fallback={3}
        />
        <Toggle
          label={w('Close on a click outside', 'סגירה בלחיצה מחוץ לחלון')}
          checked={settings.close.closeOnOverlayClick}
          onChange={(closeOnOverlayClick) => setClose({ closeOnOverlayClick })}
        />
        <AmountSetting
          label={w('Close by itself after', 'סגירה אוטומטית אחרי')}
          unit={w('seconds', 'שניות')}
          value={settings.close.autoCloseSeconds}
          onChange={(autoCloseSeconds) => setClose({ autoCloseSeconds })}
          fallback={15}
        />
        {settings.afterClose ? (
          <FrequencyFields
            legend={w('After a close, show again', 'אחרי סגירה, להציג שוב')}
            choice={settings.afterClose}
            onChange={(afterClose) => update((s) => ({ ...s, afterClose }))}
          />
        ) : (
          <button
            type="button"
            onClick={() => update((s) => ({ ...s, afterClose: { audience: 'all', cap: 'once_a_day', count: null } }))}
          >
            {w('Limit how soon it returns after a close', 'הגבלת חזרה אחרי סגירה')}
          </button>
        )}
      </fieldset>
      <fieldset>
        <legend>{w('After the form', 'אחרי הטופס')}</legend>
        <Toggle
          label={w('Thank-you screen', 'מסך תודה')}
          checked={settings.thankYou.enabled}
          onChange={(enabled) => update((s) => ({ ...s, thankYou: { ...s.thankYou, enabled } }))}
        />
        {settings.thankYou.enabled && (
          <AmountSetting
            label={w('Close the thank-you screen after', 'סגירת מסך התודה אחרי')}
            unit={w('seconds', 'שניות')}
            value={settings.thankYou.autoCloseSeconds}
            onChange={(autoCloseSeconds) => update((s) => ({ ...s, thankYou: { ...s.thankYou, autoCloseSeconds } }))}
            fallback={5}
          />
        )}
        <Toggle
          label={w('Redirect after submit', 'הפניה אחרי שליחה')}
          checked={settings.redirect.enabled}
          onChange={(enabled) => update((s) => ({ ...s, redirect: { ...s.redirect, enabled } }))}
        />
        {settings.redirect.enabled && (
          <>
            <TextSetting
              label={w('Redirect address', 'כתובת ההפניה')}
              value={settings.redirect.url}
              onChange={(url) => update((s) => ({ ...s, redirect: { ...s.redirect, url } }))}
              ltr
            />
            <Toggle
              label={w('Send the form data along', 'שליחת נתוני הטופס')}
              checked={settings.redirect.sendFormData}
              onChange={(sendFormData) => update((s) => ({ ...s, redirect: { ...s.redirect, sendFormData } }))}
            />
          </>
        )}
      </fieldset>
      <fieldset>
        <legend>{w('More', 'עוד')}</legend>
        <Toggle
          label={w('Teaser tab', 'לשונית טיזר')}
          checked={settings.teaser}
          onChange={(teaser) => update((s) => ({ ...s, teaser }))}
        />
        <Toggle
          label={w('A/B variant of another pop-up', 'גרסת A/B של חלון אחר')}
          checked={settings.abTest.enabled}
          onChange={(enabled) => update((s) => ({ ...s, abTest: { ...s.abTest, enabled } }))}
        />
        {settings.abTest.enabled && (
          <TextSetting
            label={w('Pop-up id of the campaign', 'מזהה החלון של הקמפיין')}
            value={settings.abTest.parentId}
            onChange={(parentId) => update((s) => ({ ...s, abTest: { ...s.abTest, parentId } }))}
            ltr
            max={13}
          />
        )}
        <Select
          label={w('Countdown', 'שעון ספירה לאחור')}
          value={settings.countdown.mode}
          options={[
            ['off', w('None', 'ללא')],
            ['duration', w('From when it shows', 'מרגע ההצגה')],
            ['fixed', w('Until a date', 'עד תאריך')],
          ]}
          onChange={(mode) =>
            update((s) => ({
              ...s,
              countdown:
                mode === 'off'
                  ? { mode }
                  : mode === 'duration'
                    ? { mode, minutes: 5, seconds: 0 }
                    : {
                        mode,
                        date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
                        time: '23:59',
                        gmt: '+00:00',
                      },
            }))
          }
        />
        {settings.countdown.mode === 'duration' && (
          <label>
            {w('Minutes', 'דקות')}
            <input
              type="number"
              min={0}
              max={9999}
              value={settings.countdown.minutes}
              onChange={(e) =>
                update((s) => ({
                  ...s,
                  countdown: {
                    mode: 'duration',
                    minutes: Math.max(0, Math.floor(Number(e.target.value) || 0)),
                    seconds: s.countdown.mode === 'duration' ? s.countdown.seconds : 0,
                  },
                }))
              }
            />
          </label>
        )}
        {settings.countdown.mode === 'fixed' && (
          <>
            <label>
              {w('Date', 'תאריך')}
              <input
                type="date"
                value={settings.countdown.date}
                onChange={(e) =>
                  update((s) =>
                    s.countdown.mode === 'fixed' ? { ...s, countdown: { ...s.countdown, date: e.target.value } } : s,
                  )
                }
              />
            </label>
            <label>
              {w('Time', 'שעה')}
              <input
                type="time"
                value={settings.countdown.time}
                onChange={(e) =>
                  update((s) =>
                    s.countdown.mode === 'fixed' ? { ...s, countdown: { ...s.countdown, time: e.target.value } } : s,
                  )
                }
              />
            </label>
          </>
        )}
      </fieldset>
      {(settings.kind === 'gamified' || settings.prizes.length > 0) && (
        <Prizes rows={settings.prizes} onChange={(prizes) => update((s) => ({ ...s, prizes }))} />
      )}
    </div>
  );
}

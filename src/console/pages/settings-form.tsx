import type { Config, FieldProblem } from '../api/client.ts';
import { Snippet } from '../components/copy-button.tsx';
import { AmountSetting, Select, TextSetting, Toggle } from '../components/fields.tsx';
import { RuleBuilder } from '../editor/rule-builder.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { explainRules } from '../model/explain.ts';
import type { EditorSettings } from '../model/settings.ts';
import { clickToOpenTagOf } from '../model/snippet.ts';
import { AfterShowingSettings } from './settings-after.tsx';
import { FrequencyFields, Prizes, TargetingRows, type Update } from './settings-rows.tsx';

export { settingsProblems } from './settings-rows.tsx';

/** The rules of a pop-up: when it shows, how often, to whom, how it closes and what follows (the editor's right side). */
export function SettingsForm({
  settings,
  update,
  popupId,
  clientId,
  config,
  replaceConfig,
  serverProblems,
}: {
  settings: EditorSettings;
  update: Update;
  popupId: string;
  clientId: string;
  config: Config;
  replaceConfig(config: Config): void;
  serverProblems: FieldProblem[];
}) {
  const { language, t: words } = useLanguage();
  const explained = explainRules(settings, language);
  const sentencesOf = (...topics: string[]) =>
    explained.filter((item) => topics.includes(item.topic)).map((item) => item.sentence);
  const whoSentences = sentencesOf('device', 'pages', 'referrer', 'country', 'cart', 'converted');
  const w = (en: string, he: string) => (language === 'he' ? he : en);
  const t = settings.triggers;
  const setTriggers = (change: Partial<EditorSettings['triggers']>) =>
    update((s) => ({ ...s, triggers: { ...s.triggers, ...change } }));
  const setTargeting = (change: Partial<EditorSettings['targeting']>) =>
    update((s) => ({ ...s, targeting: { ...s.targeting, ...change } }));
  return (
    <div className="settings">
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
        <p className="in-words rule-words" aria-live="polite">
          {sentencesOf('trigger').join(' ')}
        </p>
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
        <p className="in-words rule-words" aria-live="polite">
          {whoSentences.length ? whoSentences.join(' ') : words('wEveryone')}
        </p>
      </fieldset>
      <RuleBuilder
        clientId={clientId}
        popupId={popupId}
        config={config}
        settings={settings}
        update={update}
        replaceConfig={replaceConfig}
        serverProblems={serverProblems}
      />
      <AfterShowingSettings settings={settings} update={update} />
      {(settings.kind === 'gamified' || settings.prizes.length > 0) && (
        <Prizes rows={settings.prizes} onChange={(prizes) => update((s) => ({ ...s, prizes }))} />
      )}
    </div>
  );
}

import { AmountSetting, Select, TextSetting, Toggle } from '../components/fields.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { EditorSettings } from '../model/settings.ts';
import { FrequencyFields, type Update } from './settings-rows.tsx';

/** The rules of a shown pop-up: how it closes, what follows the form, and the rest (teaser, A/B, countdown). */
export function AfterShowingSettings({ settings, update }: { settings: EditorSettings; update: Update }) {
  const { language } = useLanguage();
  const w = (en: string, he: string) => (language === 'he' ? he : en);
  const setClose = (change: Partial<EditorSettings['close']>) =>
    update((s) => ({ ...s, close: { ...s.close, ...change } }));
  return (
    <>
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
    </>
  );
}

import { AmountSetting, Select, TextSetting, Toggle } from '../../components/fields.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import type { EditorSettings } from '../model/editor-settings.ts';
import { FrequencyFields, type Update } from './settings-rows.tsx';

/** The rules of a shown pop-up: how it closes, what follows the form, and the rest (teaser, A/B, countdown). */
export function AfterShowingSettings({ settings, update }: { settings: EditorSettings; update: Update }) {
  const { t } = useLanguage();
  const setClose = (change: Partial<EditorSettings['close']>) =>
    update((s) => ({ ...s, close: { ...s.close, ...change } }));
  return (
    <>
      <fieldset>
        <legend>{t('stClosing')}</legend>
        <Toggle
          label={t('stCloseButton')}
          checked={settings.close.xButton}
          onChange={(xButton) => setClose({ xButton })}
        />
        <AmountSetting
          label={t('stCloseButtonAfter')}
          unit={t('stSeconds')}
          value={settings.close.xAfterSeconds}
          onChange={(xAfterSeconds) => setClose({ xAfterSeconds })}
          fallback={3}
        />
        <Toggle
          label={t('stCloseOnOutside')}
          checked={settings.close.closeOnOverlayClick}
          onChange={(closeOnOverlayClick) => setClose({ closeOnOverlayClick })}
        />
        <AmountSetting
          label={t('stAutoClose')}
          unit={t('stSeconds')}
          value={settings.close.autoCloseSeconds}
          onChange={(autoCloseSeconds) => setClose({ autoCloseSeconds })}
          fallback={15}
        />
        {settings.afterClose ? (
          <FrequencyFields
            legend={t('stAfterClose')}
            choice={settings.afterClose}
            onChange={(afterClose) => update((s) => ({ ...s, afterClose }))}
          />
        ) : (
          <button
            type="button"
            onClick={() => update((s) => ({ ...s, afterClose: { audience: 'all', cap: 'once_a_day', count: null } }))}
          >
            {t('stLimitAfterClose')}
          </button>
        )}
      </fieldset>
      <fieldset>
        <legend>{t('stAfterTheForm')}</legend>
        <Toggle
          label={t('stThankYouScreen')}
          checked={settings.thankYou.enabled}
          onChange={(enabled) => update((s) => ({ ...s, thankYou: { ...s.thankYou, enabled } }))}
        />
        {settings.thankYou.enabled && (
          <AmountSetting
            label={t('stThankYouClose')}
            unit={t('stSeconds')}
            value={settings.thankYou.autoCloseSeconds}
            onChange={(autoCloseSeconds) => update((s) => ({ ...s, thankYou: { ...s.thankYou, autoCloseSeconds } }))}
            fallback={5}
          />
        )}
        <Toggle
          label={t('stRedirectAfterSubmit')}
          checked={settings.redirect.enabled}
          onChange={(enabled) => update((s) => ({ ...s, redirect: { ...s.redirect, enabled } }))}
        />
        {settings.redirect.enabled && (
          <>
            <TextSetting
              label={t('stRedirectAddress')}
              value={settings.redirect.url}
              onChange={(url) => update((s) => ({ ...s, redirect: { ...s.redirect, url } }))}
              ltr
            />
            <Toggle
              label={t('stSendFormData')}
              checked={settings.redirect.sendFormData}
              onChange={(sendFormData) => update((s) => ({ ...s, redirect: { ...s.redirect, sendFormData } }))}
            />
          </>
        )}
      </fieldset>
      <fieldset>
        <legend>{t('stMore')}</legend>
        <Toggle
          label={t('stTeaserTab')}
          checked={settings.teaser}
          onChange={(teaser) => update((s) => ({ ...s, teaser }))}
        />
        <Toggle
          label={t('stAbVariant')}
          checked={settings.abTest.enabled}
          onChange={(enabled) => update((s) => ({ ...s, abTest: { ...s.abTest, enabled } }))}
        />
        {settings.abTest.enabled && (
          <TextSetting
            label={t('stAbParentId')}
            value={settings.abTest.parentId}
            onChange={(parentId) => update((s) => ({ ...s, abTest: { ...s.abTest, parentId } }))}
            ltr
            max={13}
          />
        )}
        <Select
          label={t('stCountdown')}
          value={settings.countdown.mode}
          options={[
            ['off', t('stCountdownNone')],
            ['duration', t('stCountdownFromShow')],
            ['fixed', t('stCountdownUntil')],
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
            {t('stMinutes')}
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
              {t('stDate')}
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
              {t('stTime')}
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

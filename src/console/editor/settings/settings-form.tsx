import type { Config, FieldProblem } from '../../api/client.ts';
import { Snippet } from '../../components/copy-button.tsx';
import { AmountSetting, Select, TextSetting, Toggle } from '../../components/fields.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import { clickToOpenTagOf } from '../../sites/snippet.ts';
import type { EditorSettings } from '../model/editor-settings.ts';
import { explainRules } from '../model/explain.ts';
import { RuleBuilder } from '../rules/rule-builder.tsx';
import { VisitorEmailPanel } from '../visitor-email-panel.tsx';
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
  const { language, t } = useLanguage();
  const explained = explainRules(settings, language);
  const sentencesOf = (...topics: string[]) =>
    explained.filter((item) => topics.includes(item.topic)).map((item) => item.sentence);
  const whoSentences = sentencesOf('device', 'pages', 'referrer', 'country', 'cart', 'converted');
  const triggers = settings.triggers;
  const setTriggers = (change: Partial<EditorSettings['triggers']>) =>
    update((s) => ({ ...s, triggers: { ...s.triggers, ...change } }));
  const setTargeting = (change: Partial<EditorSettings['targeting']>) =>
    update((s) => ({ ...s, targeting: { ...s.targeting, ...change } }));
  return (
    <div className="settings">
      <fieldset>
        <legend>{t('stWhenItShows')}</legend>
        <AmountSetting
          label={t('stAfterTime')}
          unit={t('stSeconds')}
          value={triggers.afterSeconds}
          onChange={(afterSeconds) => setTriggers({ afterSeconds })}
          fallback={5}
        />
        {triggers.afterSeconds !== null && (
          <Select
            label={t('stCountedOn')}
            value={triggers.afterSecondsOn}
            onChange={(afterSecondsOn) => setTriggers({ afterSecondsOn })}
            options={[
              ['page', t('stThisPage')],
              ['website', t('stWholeWebsite')],
            ]}
          />
        )}
        <AmountSetting
          label={t('stAfterScrolling')}
          unit="%"
          value={triggers.scrollPercent}
          onChange={(scrollPercent) => setTriggers({ scrollPercent })}
          max={100}
          fallback={50}
        />
        <AmountSetting
          label={t('stAfterClicks')}
          unit={t('stClicks')}
          value={triggers.clicks}
          onChange={(clicks) => setTriggers({ clicks })}
          fallback={3}
        />
        <AmountSetting
          label={t('stPageViewNumber')}
          unit={t('stPages')}
          value={triggers.pageVisits}
          onChange={(pageVisits) => setTriggers({ pageVisits })}
          fallback={2}
        />
        <AmountSetting
          label={t('stAfterInactivity')}
          unit={t('stSeconds')}
          value={triggers.inactivitySeconds}
          onChange={(inactivitySeconds) => setTriggers({ inactivitySeconds })}
          fallback={30}
        />
        <Toggle
          label={t('stExitIntent')}
          checked={triggers.exitIntent}
          onChange={(exitIntent) => setTriggers({ exitIntent })}
          hint={t('stExitIntentHint')}
        />
        <Toggle
          label={t('stClickToOpen')}
          checked={triggers.clickToOpen}
          onChange={(clickToOpen) => setTriggers({ clickToOpen })}
          hint={t('stClickToOpenHint')}
        />
        {triggers.clickToOpen && <Snippet code={clickToOpenTagOf(popupId, t('stOpen'))} label={t('stClickToOpen')} />}
        <p className="in-words rule-words" aria-live="polite">
          {sentencesOf('trigger').join(' ')}
        </p>
      </fieldset>
      {settings.frequency ? (
        <FrequencyFields
          legend={t('stHowOften')}
          choice={settings.frequency}
          onChange={(frequency) => update((s) => ({ ...s, frequency }))}
        />
      ) : (
        <fieldset>
          <legend>{t('stHowOften')}</legend>
          <p>{t('stKeptAsWritten').replace('{text}', settings.frequencyText)}</p>
          <button
            type="button"
            onClick={() =>
              update((s) => ({ ...s, frequency: { audience: 'all', cap: 'once_per_session', count: null } }))
            }
          >
            {t('stReplaceWithRule')}
          </button>
        </fieldset>
      )}
      <fieldset>
        <legend>{t('stWhoSeesIt')}</legend>
        <Select
          label={t('stDevices')}
          value={settings.targeting.device}
          onChange={(device) => setTargeting({ device })}
          options={[
            ['all', t('stAllDevices')],
            ['desktop', t('stDesktopOnly')],
            ['mobile', t('stPhonesOnly')],
          ]}
        />
        <TargetingRows
          legend={t('stPagesLegend')}
          rows={settings.targeting.pages}
          onChange={(pages) => setTargeting({ pages })}
        />
        <TargetingRows
          legend={t('stReferrer')}
          rows={settings.targeting.referrers}
          onChange={(referrers) => setTargeting({ referrers })}
        />
        <Select
          label={t('stCountries')}
          value={settings.targeting.countries.show}
          onChange={(show) => setTargeting({ countries: { ...settings.targeting.countries, show } })}
          options={[
            ['show', t('stOnlyTheseCountries')],
            ['dont_show', t('stNotTheseCountries')],
          ]}
        />
        <TextSetting
          label={t('stCountryCodes')}
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
          label={t('stCartConditionShopify')}
          checked={settings.targeting.cartActive}
          onChange={(cartActive) => setTargeting({ cartActive })}
        />
        {settings.targeting.cartActive && (
          <>
            <TextSetting
              label={t('stCartAction')}
              value={settings.targeting.cartAction}
              onChange={(cartAction) => setTargeting({ cartAction })}
              ltr
              max={80}
            />
            <TextSetting
              label={t('stCartComparison')}
              value={settings.targeting.cartFilter}
              onChange={(cartFilter) => setTargeting({ cartFilter })}
              ltr
              max={80}
            />
            <TextSetting
              label={t('stCartValue')}
              value={settings.targeting.cartValue}
              onChange={(cartValue) => setTargeting({ cartValue })}
              ltr
              max={80}
            />
          </>
        )}
        <Toggle
          label={t('stHideFromConverted')}
          checked={settings.targeting.hideFromConverted}
          onChange={(hideFromConverted) => setTargeting({ hideFromConverted })}
        />
        <p className="in-words rule-words" aria-live="polite">
          {whoSentences.length ? whoSentences.join(' ') : t('wEveryone')}
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
      <VisitorEmailPanel
        email={settings.visitorEmail}
        onChange={(visitorEmail) => update((s) => ({ ...s, visitorEmail }))}
      />
      {(settings.kind === 'gamified' || settings.prizes.length > 0) && (
        <Prizes rows={settings.prizes} onChange={(prizes) => update((s) => ({ ...s, prizes }))} />
      )}
    </div>
  );
}

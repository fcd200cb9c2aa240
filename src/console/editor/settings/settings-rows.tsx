import { AmountSetting, Select, TextSetting } from '../../components/fields.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import { STRINGS, type StringKey } from '../../i18n/strings.ts';
import { type EditorSettings, TARGETING_OPERATORS, type TargetingRow } from '../model/editor-settings.ts';
import {
  describeFrequency,
  FREQUENCY_CAPS,
  type FrequencyCap,
  type FrequencyChoice,
  frequencyProblem,
} from '../model/frequency.ts';
import { chanceTotal, newPrize, type PrizeRow, prizesProblem } from '../model/prizes.ts';

/** The settings form's repeated parts: a frequency rule, targeting rows, game prizes, and what keeps a save back. */

export type Update = (change: (settings: EditorSettings) => EditorSettings) => void;

const CAP_WORDS: Record<FrequencyCap, StringKey> = {
  every_page: 'stCapEveryPage',
  once_per_session: 'stCapOncePerSession',
  once_per_visitor: 'stCapOncePerVisitor',
  once_a_day: 'stCapOnceADay',
  every_n_hours: 'stCapEveryNHours',
  every_n_days: 'stCapEveryNDays',
  every_n_weeks: 'stCapEveryNWeeks',
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
  const { language, t } = useLanguage();
  const problem = frequencyProblem(choice, language);
  return (
    <fieldset>
      <legend>{legend}</legend>
      <Select
        label={t('stWho')}
        value={choice.audience}
        onChange={(audience) => onChange({ ...choice, audience })}
        options={[
          ['all', t('stAllVisitors')],
          ['new', t('stNewVisitors')],
          ['returning', t('stReturningVisitors')],
        ]}
      />
      <Select
        label={t('stHowOftenCap')}
        value={choice.cap}
        onChange={(cap) => onChange({ ...choice, cap, count: cap.startsWith('every_n_') ? (choice.count ?? 1) : null })}
        options={FREQUENCY_CAPS.map((cap) => [cap, t(CAP_WORDS[cap])] as const)}
      />
      {choice.cap === 'every_page' && (
        <AmountSetting
          label={t('stAtMostInTotal')}
          unit={t('stTimes')}
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
  const { t } = useLanguage();
  const set = (index: number, row: TargetingRow) => onChange(rows.map((old, i) => (i === index ? row : old)));
  return (
    <fieldset>
      <legend>{legend}</legend>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own, and their inputs no state
        <div className="row" key={index}>
          <Select
            label={t('stShowOrHide')}
            value={row.show}
            onChange={(show) => set(index, { ...row, show })}
            options={[
              ['show', t('stShowWhen')],
              ['dont_show', t('stHideWhen')],
            ]}
          />
          <Select
            label={t('stTheAddress')}
            value={row.operator}
            onChange={(operator) => set(index, { ...row, operator })}
            options={TARGETING_OPERATORS.map((operator) => [operator, operator.replace('_', ' ')] as const)}
          />
          <TextSetting
            label={t('stText')}
            value={row.value}
            onChange={(value) => set(index, { ...row, value })}
            max={500}
            ltr
          />
          <button
            type="button"
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
            aria-label={`${t('stRemoveRule')} ${index + 1}`}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { operator: 'contain', value: '', show: 'show' }])}>
        {t('stAddARule')}
      </button>
    </fieldset>
  );
}

export function Prizes({ rows, onChange }: { rows: PrizeRow[]; onChange(rows: PrizeRow[]): void }) {
  const { language, t } = useLanguage();
  const problem = prizesProblem(rows, language);
  const set = (index: number, row: PrizeRow) => onChange(rows.map((old, i) => (i === index ? row : old)));
  return (
    <fieldset className="prizes">
      <legend>{t('stGamePrizes')}</legend>
      <div className="prize-list">
        <table className="prize-table">
          <thead>
            <tr>
              <th scope="col">{t('stLabel')}</th>
              <th scope="col">{t('stCouponCode')}</th>
              <th scope="col">{t('stWins')}</th>
              <th scope="col">{t('stChancePercent')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('stRemove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.key}>
                <td className="prize-label" data-label={t('stLabel')}>
                  <input
                    aria-label={`${t('stLabel')} ${index + 1}`}
                    dir="auto"
                    value={row.label}
                    maxLength={80}
                    onChange={(e) => set(index, { ...row, label: e.target.value })}
                  />
                </td>
                <td className="prize-code" data-label={t('stCouponCode')}>
                  <input
                    aria-label={`${t('stCouponCode')} ${index + 1}`}
                    value={row.code}
                    maxLength={80}
                    dir="ltr"
                    onChange={(e) => set(index, { ...row, code: e.target.value })}
                  />
                </td>
                <td className="prize-wins" data-label={t('stWins')}>
                  <input
                    type="checkbox"
                    aria-label={`${t('stWins')} ${index + 1}`}
                    checked={row.winner}
                    onChange={(e) => set(index, { ...row, winner: e.target.checked })}
                  />
                </td>
                <td className="prize-chance" data-label={t('stChancePercent')}>
                  <input
                    type="number"
                    min={0}
                    max={100}
                    step={1}
                    aria-label={`${t('stChancePercent')} ${index + 1}`}
                    value={row.chance}
                    aria-invalid={problem !== null}
                    onChange={(e) => set(index, { ...row, chance: Number(e.target.value) })}
                  />
                </td>
                <td className="prize-remove">
                  <button
                    type="button"
                    onClick={() => onChange(rows.filter((_, i) => i !== index))}
                    aria-label={`${t('stRemovePrize')} ${index + 1}`}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" onClick={() => onChange([...rows, newPrize(rows)])}>
        {t('stAddAPrize')}
      </button>
      <p aria-live="polite" className={problem ? 'field-error' : 'in-words'}>
        {problem ?? t('stChancesTotal').replace('{n}', String(chanceTotal(rows)))}
      </p>
    </fieldset>
  );
}

/** Problems that keep the settings from being saved, in the owner's language. */
export function settingsProblems(settings: EditorSettings, language: 'en' | 'he'): string[] {
  const words = STRINGS[language];
  const problems = [
    settings.frequency && frequencyProblem(settings.frequency, language),
    settings.afterClose && frequencyProblem(settings.afterClose, language),
    prizesProblem(settings.prizes, language),
  ];
  const triggers = settings.triggers;
  const amounts = [
    triggers.afterSeconds,
    triggers.scrollPercent,
    triggers.clicks,
    triggers.pageVisits,
    triggers.inactivitySeconds,
    settings.close.xAfterSeconds,
    settings.close.autoCloseSeconds,
    settings.thankYou.autoCloseSeconds,
  ];
  if (
    amounts.some((amount) => amount !== null && (!Number.isInteger(amount) || amount < 1 || amount > 100_000)) ||
    (triggers.scrollPercent !== null && triggers.scrollPercent > 100)
  ) {
    problems.push(words.stProblemNumber);
  }
  if (settings.abTest.enabled && !/^[A-Za-z0-9]{13}$/.test(settings.abTest.parentId))
    problems.push(words.stProblemAbParent);
  if (settings.redirect.enabled && !/^https?:\/\//i.test(settings.redirect.url.trim()))
    problems.push(words.stProblemRedirect);
  return problems.filter((problem): problem is string => Boolean(problem));
}

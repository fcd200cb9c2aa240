// The schedule: a start and an end, and a weekly plan of days and hours, read in the site's or the visitor's zone.
import { useId } from 'react';
import type { FieldProblem } from '../../api/client.ts';
import { Select } from '../../components/fields.tsx';
import type { StringKey } from '../../i18n/strings.ts';
import { fill } from '../../insights/model.ts';
import { cityOf, scheduleWords, type WordsContext, weekdayName } from '../model/rule-words.ts';
import { MAX_WEEKLY_RANGES, type ScheduleProblem, type ScheduleSetting, scheduleProblems } from '../model/rules.ts';
import { InWords, RemoveButton, ServerProblems } from './rule-parts.tsx';

export const DAYS = [1, 2, 3, 4, 5, 6, 7];

export const SCHEDULE_PROBLEM_WORDS: Record<ScheduleProblem, StringKey> = {
  'end-before-start': 'rbEndBeforeStart',
  'no-days': 'rbNoDays',
  'bad-time': 'rbBadTime',
  'same-times': 'rbSameTimes',
  'too-many': 'rbTooMany',
};

export function ScheduleRules({
  schedule,
  onChange,
  words,
  problems,
}: {
  schedule: ScheduleSetting;
  onChange(schedule: ScheduleSetting): void;
  words: WordsContext;
  problems: FieldProblem[];
}) {
  const { t, language, siteZone } = words;
  const id = useId();
  const local = scheduleProblems(schedule);
  const setRow = (index: number, row: ScheduleSetting['weekly'][number]) =>
    onChange({ ...schedule, weekly: schedule.weekly.map((old, i) => (i === index ? row : old)) });
  return (
    <fieldset className="rule" data-rule="schedule">
      <legend>{t('rbSchedule')}</legend>
      <p className="hint">{t('rbScheduleHint')}</p>
      <div className="cluster">
        <label className="field">
          {t('rbStart')}
          <input
            type="datetime-local"
            value={schedule.start}
            max={schedule.end || undefined}
            onChange={(e) => onChange({ ...schedule, start: e.target.value })}
          />
        </label>
        <label className="field">
          {t('rbEnd')}
          <input
            type="datetime-local"
            value={schedule.end}
            min={schedule.start || undefined}
            aria-invalid={local.includes('end-before-start')}
            onChange={(e) => onChange({ ...schedule, end: e.target.value })}
          />
        </label>
      </div>
      {schedule.weekly.map((row, index) => {
        const n = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own, and their inputs no state
          <fieldset className="rule-row" key={index}>
            <legend>{fill(t('rbWeeklyRow'), { n })}</legend>
            <fieldset className="days">
              <legend className="visually-hidden">{t('rbWeekly')}</legend>
              {DAYS.map((day) => (
                <label key={day} className="choice">
                  <input
                    type="checkbox"
                    checked={row.days.includes(day)}
                    onChange={(e) =>
                      setRow(index, {
                        ...row,
                        days: e.target.checked ? [...row.days, day] : row.days.filter((each) => each !== day),
                      })
                    }
                  />
                  <span aria-hidden="true">{weekdayName(day, language, 'short')}</span>
                  <span className="visually-hidden">{weekdayName(day, language)}</span>
                </label>
              ))}
            </fieldset>
            <div className="cluster">
              <label className="field">
                {t('rbFrom')}
                <input type="time" value={row.from} onChange={(e) => setRow(index, { ...row, from: e.target.value })} />
              </label>
              <label className="field">
                {t('rbTo')}
                <input
                  type="time"
                  value={row.to}
                  aria-describedby={`${id}-to-hint`}
                  onChange={(e) => setRow(index, { ...row, to: e.target.value })}
                />
              </label>
              <RemoveButton
                label={fill(t('rbRemoveHours'), { n })}
                onClick={() => onChange({ ...schedule, weekly: schedule.weekly.filter((_, i) => i !== index) })}
              />
            </div>
          </fieldset>
        );
      })}
      {schedule.weekly.length > 0 && (
        <p className="hint" id={`${id}-to-hint`}>
          {t('rbToHint')}
        </p>
      )}
      <div className="cluster">
        <button
          type="button"
          className="btn-small"
          disabled={schedule.weekly.length >= MAX_WEEKLY_RANGES}
          onClick={() =>
            onChange({
              ...schedule,
              weekly: [...schedule.weekly, { days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }],
            })
          }
        >
          {t('rbAddHours')}
        </button>
        {(schedule.start || schedule.end || schedule.weekly.length > 0) && (
          <button
            type="button"
            className="btn-ghost btn-small"
            onClick={() => onChange({ start: '', end: '', weekly: [], timeZone: schedule.timeZone })}
          >
            {t('rbClearSchedule')}
          </button>
        )}
      </div>
      <Select
        label={t('rbTimeZone')}
        value={schedule.timeZone}
        onChange={(timeZone) => onChange({ ...schedule, timeZone })}
        options={[
          ['site', siteZone ? fill(t('rbZoneSite'), { zone: cityOf(siteZone) }) : t('rbZoneUnset')],
          ['visitor', t('rbZoneVisitor')],
        ]}
      />
      <InWords>{scheduleWords(schedule, words)}</InWords>
      {local.length > 0 && (
        <ul className="field-error">
          {local.map((problem) => (
            <li key={problem}>{t(SCHEDULE_PROBLEM_WORDS[problem])}</li>
          ))}
        </ul>
      )}
      <ServerProblems problems={problems} />
    </fieldset>
  );
}

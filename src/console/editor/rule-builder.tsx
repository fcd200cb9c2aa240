import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { POPUP_TYPES } from '../../core/config/types.ts';
import { api, type Config, type FieldProblem } from '../api/client.ts';
import { Select, TextSetting } from '../components/fields.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import { fill } from '../model/insights.ts';
import type { EditorSettings } from '../model/settings.ts';
import { useSession } from '../session.ts';
import { kindWords } from '../shell/kinds.ts';
import {
  cityOf,
  engagementWords,
  filterWords,
  pageWords,
  ruleFieldWords,
  scheduleWords,
  sectionOfField,
  serverMessageWords,
  trafficWords,
  utmWords,
  visitorWords,
  type WordsContext,
  weekdayName,
} from './model/rule-words.ts';
import {
  applyRulesJson,
  ENGAGEMENT_CONDITIONS,
  type EngagementRow,
  engagementRowsOf,
  engagementText,
  FILTER_OPERATORS,
  isEmptySchedule,
  MAX_WEEKLY_RANGES,
  type NameValueRow,
  nameValueRowsOf,
  nameValueText,
  rulesJsonOf,
  type ScheduleProblem,
  type ScheduleSetting,
  scheduleProblems,
  TRAFFIC_SOURCES,
  UTM_PARAMETERS,
  type UtmRow,
  utmRowProblem,
  type VisitSettings,
} from './model/rules.ts';

type Update = (change: (settings: EditorSettings) => EditorSettings) => void;

const DAYS = [1, 2, 3, 4, 5, 6, 7];

const SCHEDULE_PROBLEM_WORDS: Record<ScheduleProblem, StringKey> = {
  'end-before-start': 'rbEndBeforeStart',
  'no-days': 'rbNoDays',
  'bad-time': 'rbBadTime',
  'same-times': 'rbSameTimes',
  'too-many': 'rbTooMany',
};

/** Problems of the builder's rules that keep the pop-up from being saved, in the owner's language. */
export function ruleProblems(settings: EditorSettings, t: (key: StringKey) => string): string[] {
  const problems = scheduleProblems(settings.schedule).map((problem) => t(SCHEDULE_PROBLEM_WORDS[problem]));
  if (settings.visit.utm.some(utmRowProblem)) problems.push(t('rbUtmNeedsValue'));
  return problems;
}

/** What the sentences beside the rules know: the language, the site's time zone, the site's pop-ups by name. */
export function useWordsContext(
  clientId: string,
): WordsContext & { popups: { id: string; name: string; type: string }[] } {
  const { t, language } = useLanguage();
  const { sites } = useSession();
  const siteZone = sites.find((site) => site.clientId === clientId)?.timeZone ?? null;
  const list = useQuery({ queryKey: ['popups', clientId], queryFn: () => api.popups(clientId) });
  const popups = list.data?.popups ?? [];
  const popupNames = useMemo(() => new Map(popups.map((popup) => [popup.id, popup.name])), [popups]);
  return { t, language, siteZone, popupNames, popups };
}

/**
 * Rows of a filter written as text on the wire. A row being typed may not be on the wire yet (a cookie rule without
 * its name): the rows are kept here for as long as the text is the one they wrote, and read again from a text that
 * changed elsewhere (undo, the JSON view).
 */
function useRows<Row>(
  text: string,
  read: (text: string) => Row[] | null,
  write: (rows: Row[]) => string,
  onChange: (text: string) => void,
): [Row[] | null, (rows: Row[]) => void] {
  const [state, setState] = useState<{ text: string; rows: Row[] | null } | null>(null);
  const rows = state && state.text === text ? state.rows : read(text);
  const setRows = (next: Row[]) => {
    const written = write(next);
    setState({ text: written, rows: next });
    onChange(written);
  };
  return [rows, setRows];
}

/** A sentence (or several) saying what the rule above means, said again when it changes. */
function InWords({ children }: { children: ReactNode }) {
  return (
    <p className="in-words rule-words" aria-live="polite">
      {children}
    </p>
  );
}

/** The server's refusal of a rule of this section, under the builder's own label. */
function ServerProblems({ problems }: { problems: FieldProblem[] }) {
  const { t } = useLanguage();
  if (problems.length === 0) return null;
  return (
    <div className="field-error rule-refused" role="alert">
      <p>{t('rbServerSays')}</p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.field} ${problem.message}`}>
            <strong>{ruleFieldWords(problem.field, t) ?? problem.field}</strong>:{' '}
            {serverMessageWords(problem.message, t)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button type="button" className="btn-ghost btn-small rule-remove" onClick={onClick} aria-label={label}>
      ×
    </button>
  );
}

function ScheduleRules({
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

function ConditionFields({
  operator,
  value,
  onChange,
}: {
  operator: UtmRow['operator'];
  value: string;
  onChange(change: { operator?: UtmRow['operator']; value?: string }): void;
}) {
  const { t } = useLanguage();
  return (
    <>
      <Select
        label={t('rbCondition')}
        value={operator}
        onChange={(next) => onChange({ operator: next })}
        options={FILTER_OPERATORS.map((each) => [each, t(`op_${each}` as StringKey)] as const)}
      />
      {operator !== 'any_value' && (
        <TextSetting label={t('rbValue')} value={value} onChange={(next) => onChange({ value: next })} max={200} ltr />
      )}
    </>
  );
}

function ShowSelect({ value, onChange }: { value: 'show' | 'dont_show'; onChange(value: 'show' | 'dont_show'): void }) {
  const { t } = useLanguage();
  return (
    <Select
      label={t('rbShowOrHide')}
      value={value}
      onChange={onChange}
      options={[
        ['show', t('rbShowWhen')],
        ['dont_show', t('rbHideWhen')],
      ]}
    />
  );
}

function VisitRules({
  visit,
  onChange,
  words,
  problems,
}: {
  visit: VisitSettings;
  onChange(visit: VisitSettings): void;
  words: WordsContext;
  problems: FieldProblem[];
}) {
  const { t } = words;
  const setUtm = (index: number, row: UtmRow) =>
    onChange({ ...visit, utm: visit.utm.map((old, i) => (i === index ? row : old)) });
  return (
    <fieldset className="rule" data-rule="visit">
      <legend>{t('rbVisit')}</legend>
      <fieldset className="rule-row" data-rule="traffic-source">
        <legend>{t('rbTrafficSource')}</legend>
        <Select
          label={t('rbTrafficRole')}
          value={visit.trafficSource.show}
          onChange={(show) => onChange({ ...visit, trafficSource: { ...visit.trafficSource, show } })}
          options={[
            ['show', t('rbShowFor')],
            ['dont_show', t('rbHideFor')],
          ]}
        />
        <div className="choices">
          {TRAFFIC_SOURCES.map((source) => (
            <label key={source} className="choice">
              <input
                type="checkbox"
                checked={visit.trafficSource.sources.includes(source)}
                onChange={(e) =>
                  onChange({
                    ...visit,
                    trafficSource: {
                      ...visit.trafficSource,
                      sources: TRAFFIC_SOURCES.filter((each) =>
                        each === source ? e.target.checked : visit.trafficSource.sources.includes(each),
                      ),
                    },
                  })
                }
              />
              {t(`source_${source}` as StringKey)}
            </label>
          ))}
        </div>
        <small className="hint">{t('rbSourcesHint')}</small>
        <InWords>{trafficWords(visit, words)}</InWords>
      </fieldset>
      <fieldset className="rule-row" data-rule="utm">
        <legend>{t('rbUtm')}</legend>
        {visit.utm.map((row, index) => {
          const n = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own, and their inputs no state
            <fieldset className="rule-item" key={index}>
              <legend>{fill(t('rbUtmRow'), { n })}</legend>
              <div className="cluster">
                <ShowSelect value={row.show} onChange={(show) => setUtm(index, { ...row, show })} />
                <Select
                  label={t('rbParameter')}
                  value={row.parameter}
                  onChange={(parameter) => setUtm(index, { ...row, parameter })}
                  options={UTM_PARAMETERS.map((parameter) => [parameter, t(parameter as StringKey)] as const)}
                />
                <ConditionFields
                  operator={row.operator}
                  value={row.value}
                  onChange={(change) => setUtm(index, { ...row, ...change })}
                />
                <RemoveButton
                  label={fill(t('rbRemoveUtm'), { n })}
                  onClick={() => onChange({ ...visit, utm: visit.utm.filter((_, i) => i !== index) })}
                />
              </div>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="btn-small"
          onClick={() =>
            onChange({
              ...visit,
              utm: [...visit.utm, { parameter: 'utm_campaign', operator: 'contain', value: '', show: 'show' }],
            })
          }
        >
          {t('rbAddUtm')}
        </button>
        <InWords>
          {utmWords(visit.utm, words).map((sentence) => (
            <span key={sentence} className="sentence">
              {sentence}{' '}
            </span>
          ))}
        </InWords>
      </fieldset>
      <Select
        label={t('rbVisitorType')}
        value={visit.visitorType}
        onChange={(visitorType) => onChange({ ...visit, visitorType })}
        options={[
          ['all', t('rbVisitorAll')],
          ['new', t('rbVisitorNew')],
          ['returning', t('rbVisitorReturning')],
        ]}
      />
      <InWords>{visitorWords(visit, words)}</InWords>
      <Select
        label={t('rbVisitPage')}
        value={visit.visitPage}
        onChange={(visitPage) => onChange({ ...visit, visitPage })}
        options={[
          ['all', t('rbVisitPageAll')],
          ['landing', t('rbVisitPageLanding')],
          ['later', t('rbVisitPageLater')],
        ]}
      />
      <InWords>{pageWords(visit, words)}</InWords>
      <ServerProblems problems={problems} />
    </fieldset>
  );
}

/** A filter kept as written because the rows cannot show all of it: its text, and a way to start over in rows. */
function KeptText({ label, text, onChange }: { label: string; text: string; onChange(text: string): void }) {
  const { t } = useLanguage();
  return (
    <>
      <TextSetting label={label} value={text} onChange={onChange} ltr />
      <p className="hint">{fill(t('rbKeptText'), { text })}</p>
      <button type="button" className="btn-small" onClick={() => onChange('')}>
        {t('rbReplaceText')}
      </button>
    </>
  );
}

function EngagementRules({
  text,
  onChange,
  words,
  selfId,
  popups,
  problems,
}: {
  text: string;
  onChange(text: string): void;
  words: WordsContext;
  selfId: string;
  popups: { id: string; name: string; type: string }[];
  problems: FieldProblem[];
}) {
  const { t } = words;
  const [rows, setRows] = useRows(text, engagementRowsOf, engagementText, onChange);
  const others = popups.filter((popup) => popup.id !== selfId);
  return (
    <fieldset className="rule" data-rule="engagement">
      <legend>{t('rbEngagement')}</legend>
      {rows === null ? (
        <KeptText label={t('rbEngagement')} text={text} onChange={onChange} />
      ) : (
        <>
          {rows.map((row, index) => {
            const n = index + 1;
            const set = (change: Partial<EngagementRow>) =>
              setRows(rows.map((old, i) => (i === index ? { ...old, ...change } : old)));
            const known = row.id === 'any' || others.some((popup) => popup.id === row.id);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own, and their inputs no state
              <fieldset className="rule-item" key={index}>
                <legend>{fill(t('rbEngagementRow'), { n })}</legend>
                <div className="cluster">
                  <ShowSelect value={row.show} onChange={(show) => set({ show })} />
                  <Select
                    label={t('rbCondition')}
                    value={row.condition}
                    onChange={(condition) => set({ condition })}
                    options={ENGAGEMENT_CONDITIONS.map((each) => [each, t(`cond_${each}` as StringKey)] as const)}
                  />
                  <Select
                    label={t('rbWhich')}
                    value={row.id}
                    onChange={(id) => set({ id, kind: id === 'any' ? row.kind : 'any' })}
                    options={[
                      ['any', t('rbAnyOther')],
                      ...others.map((popup) => [popup.id, popup.name || popup.id] as const),
                      ...(known ? [] : [[row.id, row.id] as const]),
                    ]}
                  />
                  {row.id === 'any' && (
                    <Select
                      label={t('rbKind')}
                      value={row.kind}
                      onChange={(kind) => set({ kind })}
                      options={[
                        ['any', t('rbAnyKind')],
                        ...POPUP_TYPES.map((kind) => [kind, t(kindWords(kind))] as const),
                      ]}
                    />
                  )}
                  <RemoveButton
                    label={fill(t('rbRemoveEngagement'), { n })}
                    onClick={() => setRows(rows.filter((_, i) => i !== index))}
                  />
                </div>
              </fieldset>
            );
          })}
          <button
            type="button"
            className="btn-small"
            onClick={() =>
              setRows([...rows, { show: 'show', condition: 'closed', kind: 'any', id: others[0]?.id ?? 'any' }])
            }
          >
            {t('rbAddEngagement')}
          </button>
        </>
      )}
      <InWords>{engagementWords(rows, text, words)}</InWords>
      <ServerProblems problems={problems} />
    </fieldset>
  );
}

function FilterRules({
  what,
  text,
  onChange,
  words,
  problems,
}: {
  what: 'cookie' | 'js';
  text: string;
  onChange(text: string): void;
  words: WordsContext;
  problems: FieldProblem[];
}) {
  const { t } = words;
  const [shown, setRows] = useRows(text, nameValueRowsOf, nameValueText, onChange);
  const keys =
    what === 'cookie'
      ? ({
          legend: 'rbCookies',
          row: 'rbCookieRow',
          add: 'rbAddCookie',
          remove: 'rbRemoveCookie',
          name: 'rbCookieName',
        } as const)
      : ({ legend: 'rbJs', row: 'rbJsRow', add: 'rbAddJs', remove: 'rbRemoveJs', name: 'rbJsName' } as const);
  return (
    <fieldset className="rule" data-rule={what === 'cookie' ? 'cookies' : 'js'}>
      <legend>{t(keys.legend)}</legend>
      {shown === null ? (
        <KeptText label={t(keys.legend)} text={text} onChange={onChange} />
      ) : (
        <>
          {shown.map((row, index) => {
            const n = index + 1;
            const set = (change: Partial<NameValueRow>) =>
              setRows(shown.map((old, i) => (i === index ? { ...old, ...change } : old)));
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own, and their inputs no state
              <fieldset className="rule-item" key={index}>
                <legend>{fill(t(keys.row), { n })}</legend>
                <div className="cluster">
                  <ShowSelect value={row.show} onChange={(show) => set({ show })} />
                  <TextSetting label={t(keys.name)} value={row.name} onChange={(name) => set({ name })} max={200} ltr />
                  <ConditionFields operator={row.operator} value={row.value} onChange={set} />
                  <RemoveButton
                    label={fill(t(keys.remove), { n })}
                    onClick={() => setRows(shown.filter((_, i) => i !== index))}
                  />
                </div>
              </fieldset>
            );
          })}
          <button
            type="button"
            className="btn-small"
            onClick={() => setRows([...(shown ?? []), { show: 'show', operator: 'exact', name: '', value: '' }])}
          >
            {t(keys.add)}
          </button>
        </>
      )}
      <InWords>
        {filterWords(shown ? shown.filter((row) => row.name.trim() !== '') : null, text, what, words).map(
          (sentence) => (
            <span key={sentence} className="sentence">
              {sentence}{' '}
            </span>
          ),
        )}
      </InWords>
      <ServerProblems problems={problems} />
    </fieldset>
  );
}

/** Every rule as the display server stores it, for those who write JSON: applied as a whole. */
function RulesJson({ config, onApply }: { config: Config; onApply(config: Config): void }) {
  const { t } = useLanguage();
  const id = useId();
  const current = rulesJsonOf(config);
  const [text, setText] = useState<string | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const apply = () => {
    const result = applyRulesJson(config, text ?? current);
    if ('config' in result) {
      onApply(result.config);
      setText(null);
      setMessage({ error: false, text: t('rbJsonApplied') });
      return;
    }
    const problem = result.problem;
    setMessage({
      error: true,
      text:
        problem === 'not-object'
          ? t('rbJsonNotObject')
          : problem.startsWith('unknown:')
            ? fill(t('rbJsonUnknown'), { keys: problem.slice('unknown:'.length) })
            : fill(t('rbJsonBroken'), { reason: problem }),
    });
  };
  return (
    <details className="rules-json">
      <summary>{t('rbJson')}</summary>
      <p className="hint" id={`${id}-hint`}>
        {t('rbJsonHint')}
      </p>
      <label className="field">
        <span className="visually-hidden">{t('rbJson')}</span>
        <textarea
          dir="ltr"
          rows={12}
          spellCheck={false}
          value={text ?? current}
          aria-describedby={`${id}-hint`}
          aria-invalid={message?.error === true}
          onChange={(e) => {
            setText(e.target.value);
            setMessage(null);
          }}
        />
      </label>
      <button type="button" className="btn-small" onClick={apply} disabled={text === null}>
        {t('rbJsonApply')}
      </button>
      <p role={message?.error ? 'alert' : 'status'} className={message?.error ? 'field-error' : 'hint'}>
        {message?.text ?? ''}
      </p>
    </details>
  );
}

/** The builder's rules in sentences, for the editor's explanation: only those that are set. */
export function ruleSentences(settings: EditorSettings, words: WordsContext): string[] {
  const { schedule, visit, targeting } = settings;
  const engagement = engagementRowsOf(targeting.engagementFilter);
  const cookies = nameValueRowsOf(targeting.cookieFilter);
  const js = nameValueRowsOf(targeting.jsFilter);
  return [
    ...(isEmptySchedule(schedule) ? [] : [scheduleWords(schedule, words)]),
    ...(visit.trafficSource.sources.length ? [trafficWords(visit, words)] : []),
    ...(visit.utm.length ? utmWords(visit.utm, words) : []),
    ...(visit.visitorType !== 'all' ? [visitorWords(visit, words)] : []),
    ...(visit.visitPage !== 'all' ? [pageWords(visit, words)] : []),
    ...(targeting.engagementFilter.trim() ? [engagementWords(engagement, targeting.engagementFilter, words)] : []),
    ...(targeting.cookieFilter.trim() ? filterWords(cookies, targeting.cookieFilter, 'cookie', words) : []),
    ...(targeting.jsFilter.trim() ? filterWords(js, targeting.jsFilter, 'js', words) : []),
  ];
}

/**
 * The rules the older form did not edit, each with its meaning in words beside it and the server's refusal of it:
 * the schedule, the visit (traffic source, UTM, new or returning, landing page), other pop-ups, cookies, JavaScript
 * variables; and every rule as JSON.
 */
export function RuleBuilder({
  clientId,
  popupId,
  config,
  settings,
  update,
  replaceConfig,
  serverProblems,
}: {
  clientId: string;
  popupId: string;
  config: Config;
  settings: EditorSettings;
  update: Update;
  replaceConfig(config: Config): void;
  serverProblems: FieldProblem[];
}) {
  const words = useWordsContext(clientId);
  const of = (section: ReturnType<typeof sectionOfField>) =>
    serverProblems.filter((problem) => sectionOfField(problem.field) === section);
  const setTargeting = (change: Partial<EditorSettings['targeting']>) =>
    update((s) => ({ ...s, targeting: { ...s.targeting, ...change } }));
  return (
    <div className="rule-builder">
      <ScheduleRules
        schedule={settings.schedule}
        onChange={(schedule) => update((s) => ({ ...s, schedule }))}
        words={words}
        problems={of('schedule')}
      />
      <VisitRules
        visit={settings.visit}
        onChange={(visit) => update((s) => ({ ...s, visit }))}
        words={words}
        problems={of('visit')}
      />
      <EngagementRules
        text={settings.targeting.engagementFilter}
        onChange={(engagementFilter) => setTargeting({ engagementFilter })}
        words={words}
        selfId={popupId}
        popups={words.popups}
        problems={of('engagement')}
      />
      <FilterRules
        what="cookie"
        text={settings.targeting.cookieFilter}
        onChange={(cookieFilter) => setTargeting({ cookieFilter })}
        words={words}
        problems={of('cookies')}
      />
      <FilterRules
        what="js"
        text={settings.targeting.jsFilter}
        onChange={(jsFilter) => setTargeting({ jsFilter })}
        words={words}
        problems={of('js')}
      />
      <RulesJson config={config} onApply={replaceConfig} />
    </div>
  );
}

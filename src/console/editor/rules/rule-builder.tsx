// The rule builder: each rule the settings form lacks, its meaning in words beside it, the server's refusals under it.

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Config, FieldProblem } from '../../api/client.ts';
import { popupsQuery } from '../../api/queries.ts';
import { useLanguage } from '../../i18n/language.tsx';
import type { StringKey } from '../../i18n/strings.ts';
import { useSession } from '../../session.ts';
import type { EditorSettings } from '../model/editor-settings.ts';
import {
  engagementWords,
  filterWords,
  pageWords,
  scheduleWords,
  sectionOfField,
  trafficWords,
  utmWords,
  visitorWords,
  type WordsContext,
} from '../model/rule-words.ts';
import { engagementRowsOf, isEmptySchedule, nameValueRowsOf, scheduleProblems, utmRowProblem } from '../model/rules.ts';
import { EngagementRules } from './engagement-rules.tsx';
import { FilterRules } from './filter-rules.tsx';
import type { Update } from './rule-parts.tsx';
import { RulesJson } from './rules-json.tsx';
import { SCHEDULE_PROBLEM_WORDS, ScheduleRules } from './schedule-rules.tsx';
import { VisitRules } from './visit-rules.tsx';

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
  const list = useQuery(popupsQuery(clientId));
  const popups = list.data?.popups ?? [];
  const popupNames = useMemo(() => new Map(popups.map((popup) => [popup.id, popup.name])), [popups]);
  return { t, language, siteZone, popupNames, popups };
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

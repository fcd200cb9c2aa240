/** The owner API's read-out calls (docs/owner-api.md): leads, people, the stats report and A/B tests. */

import type { LeadDetail, LeadFilter, LeadListing, LeadRecord, SpamFilter } from '../../../server/leads/contract.ts';
import type {
  AbTest,
  ChoiceCount,
  ConsentRecord,
  Counts,
  Erasure,
  OptIn,
  PersonData,
  StatsQuery,
  StatsReport,
} from '../../core/api/insights-contract.ts';
import { instantOf } from '../../core/rules/schedule-clock.ts';
import { call, site as sitePath } from './client.ts';

export type { AbTest, ChoiceCount, ConsentRecord, Counts, Erasure, OptIn, PersonData, StatsQuery, StatsReport };
/** One variant of an A/B test, with its verdict. */
export type Variant = AbTest['variants'][number];

export type { LeadDetail, LeadFilter, LeadListing, SpamFilter };
export type Lead = LeadRecord;

/** The query text of a filter, empty values left out (the server refuses an empty `from`). */
export function queryOf(values: object): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (typeof value === 'string' && value !== '') query.set(key, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * A filter's days (YYYY-MM-DD) on the site's clock, as its stats count days: `from`'s midnight in `timeZone`, and the
 * midnight after `to`, sent as instants (the owner API takes either end as a UTC day or an instant, `to`'s instant
 * excluded). Counted on the calendar, so a day of 23 or 25 hours (a clock change) stays whole.
 */
export function inSiteDays(filter: LeadFilter, timeZone: string): LeadFilter {
  const midnight = (day: string | undefined, after: number) => {
    const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
    if (!parts) return undefined;
    const local = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]) + after);
    return new Date(instantOf(local, timeZone)).toISOString();
  };
  return { ...filter, from: midnight(filter.from, 0), to: midnight(filter.to, 1) };
}

export const leadsCsvUrl = (clientId: string, filter: LeadFilter, timeZone: string) =>
  `${sitePath(clientId)}/leads.csv${queryOf(inSiteDays(filter, timeZone))}`;

export const insightsApi = {
  leads: (clientId: string, filter: LeadFilter, timeZone: string, after?: string) =>
    call<LeadListing>('GET', `${sitePath(clientId)}/leads${queryOf({ ...inSiteDays(filter, timeZone), after })}`),
  lead: (clientId: string, leadId: number) => call<LeadDetail>('GET', `${sitePath(clientId)}/leads/${leadId}`),
  markSpam: (clientId: string, leadId: number, spam: boolean) =>
    call<{ lead: Lead }>('PATCH', `${sitePath(clientId)}/leads/${leadId}`, { spam }),
  person: (clientId: string, email: string) =>
    call<PersonData>('GET', `${sitePath(clientId)}/people${queryOf({ email })}`),
  erasePerson: (clientId: string, email: string) =>
    call<{ erasure: Erasure }>('DELETE', `${sitePath(clientId)}/people${queryOf({ email })}`),
  stats: (clientId: string, query: StatsQuery) =>
    call<StatsReport>('GET', `${sitePath(clientId)}/stats/report${queryOf(query)}`),
  abTests: (clientId: string) => call<{ tests: AbTest[] }>('GET', `${sitePath(clientId)}/ab-tests`),
  declareWinner: (clientId: string, testId: string, poptinId: string) =>
    call<{ test: AbTest }>('POST', `${sitePath(clientId)}/ab-tests/${encodeURIComponent(testId)}/winner`, {
      poptin_id: poptinId,
    }),
  changeAbTest: (clientId: string, testId: string, changes: { auto_apply?: boolean; control_percent?: number }) =>
    call<{ test: AbTest }>('PATCH', `${sitePath(clientId)}/ab-tests/${encodeURIComponent(testId)}`, changes),
};

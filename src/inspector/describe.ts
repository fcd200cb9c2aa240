import type { PopupRecord } from '../stores/popups.ts';

export type InspectorRowKey =
  | 'state'
  | 'trigger'
  | 'planned'
  | 'fired'
  | 'blocked-by'
  | 'frequency-cap'
  | 'close-cause'
  | 'summary';

/** One labelled line of a pop-up's section; `values` holds one entry per list item, never none. */
export interface InspectorRow {
  key: InspectorRowKey;
  label: string;
  values: string[];
}

export interface DescribedPopup {
  id: string;
  name: string;
  type: string;
  state: PopupRecord['state'];
  rows: InspectorRow[];
}

const NONE = 'none';

/** An epoch-ms instant as ISO 8601, or "none". */
export function formatInstant(at: number | null | undefined): string {
  if (at === null || at === undefined) return NONE;
  return Number.isFinite(at) ? new Date(at).toISOString() : String(at);
}

const orNone = (values: string[]): string[] => (values.length ? values : [NONE]);

/** What the inspector shows about one pop-up of the display answer. */
export function describeRecord(record: PopupRecord): DescribedPopup {
  const explanation = record.explanation;
  const triggers = explanation?.triggers ?? { planned: [], armedAt: null, fired: [] };
  const planned = triggers.planned.join(', ');
  return {
    id: record.id,
    name: record.name || record.id,
    type: record.type,
    state: record.state,
    rows: [
      { key: 'state', label: 'State', values: [record.state] },
      { key: 'trigger', label: 'Trigger fired', values: [record.trigger || NONE] },
      {
        key: 'planned',
        label: 'Planned triggers',
        values: [
          triggers.armedAt === null
            ? planned || NONE
            : `${planned || NONE} (armed at ${formatInstant(triggers.armedAt)})`,
        ],
      },
      {
        key: 'fired',
        label: 'Fired triggers',
        values: orNone(triggers.fired.map((fire) => `${fire.trigger} at ${formatInstant(fire.at)}`)),
      },
      {
        key: 'blocked-by',
        label: 'Blocked by',
        values: orNone(
          (explanation?.blockedBy ?? []).map(
            (rule) =>
              `${rule.rule}: ${rule.reason}${rule.expiresAt !== undefined ? ` (until ${formatInstant(rule.expiresAt)})` : ''}`,
          ),
        ),
      },
      {
        key: 'frequency-cap',
        label: 'Frequency cap expires',
        values: [formatInstant(explanation?.frequencyCapExpiresAt)],
      },
      { key: 'close-cause', label: 'Close cause', values: [record.closeCause || NONE] },
      { key: 'summary', label: 'Summary', values: [explanation?.summary || NONE] },
    ],
  };
}

/** Every pop-up of the store, in the order the display answer gave them. */
export function describePopups(popups: Record<string, PopupRecord>): DescribedPopup[] {
  return Object.values(popups).filter(Boolean).map(describeRecord);
}

// What the visitor did with the site's other pop-ups, as rows of a pop-up and a condition.
import { POPUP_TYPES } from '../../../core/config/types.ts';
import type { FieldProblem } from '../../api/client.ts';
import { Select } from '../../components/fields.tsx';
import type { StringKey } from '../../i18n/strings.ts';
import { fill } from '../../insights/model.ts';
import { kindWords } from '../../shell/kinds.ts';
import { engagementWords, type WordsContext } from '../model/rule-words.ts';
import { ENGAGEMENT_CONDITIONS, type EngagementRow, engagementRowsOf, engagementText } from '../model/rules.ts';
import { InWords, KeptText, RemoveButton, ServerProblems, ShowSelect, useRows } from './rule-parts.tsx';

export function EngagementRules({
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

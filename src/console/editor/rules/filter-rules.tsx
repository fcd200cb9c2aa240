// Cookie and JavaScript-variable filters, as rows of name, operator and value.
import type { FieldProblem } from '../../api/client.ts';
import { TextSetting } from '../../components/fields.tsx';
import { fill } from '../../insights/model.ts';
import { filterWords, type WordsContext } from '../model/rule-words.ts';
import { type NameValueRow, nameValueRowsOf, nameValueText } from '../model/rules.ts';
import {
  ConditionFields,
  InWords,
  KeptText,
  RemoveButton,
  ServerProblems,
  ShowSelect,
  useRows,
} from './rule-parts.tsx';

export function FilterRules({
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

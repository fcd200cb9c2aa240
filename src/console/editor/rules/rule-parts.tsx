// The pieces every section of the rule builder shares: rows kept while typed, the sentence beside a rule, the server's
// refusal, the remove button, the show / hide choice, a condition's fields, a filter kept as written.
import { type ReactNode, useState } from 'react';
import type { FieldProblem } from '../../api/client.ts';
import { Select, TextSetting } from '../../components/fields.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import type { StringKey } from '../../i18n/strings.ts';
import { fill } from '../../insights/model.ts';
import type { EditorSettings } from '../model/editor-settings.ts';
import { ruleFieldWords, serverMessageWords } from '../model/rule-words.ts';
import { FILTER_OPERATORS, type UtmRow } from '../model/rules.ts';

export type Update = (change: (settings: EditorSettings) => EditorSettings) => void;

/**
 * Rows of a filter written as text on the wire. A row being typed may not be on the wire yet (a cookie rule without
 * its name): the rows are kept here for as long as the text is the one they wrote, and read again from a text that
 * changed elsewhere (undo, the JSON view).
 */
export function useRows<Row>(
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
export function InWords({ children }: { children: ReactNode }) {
  return (
    <p className="in-words rule-words" aria-live="polite">
      {children}
    </p>
  );
}

/** The server's refusal of a rule of this section, under the builder's own label. */
export function ServerProblems({ problems }: { problems: FieldProblem[] }) {
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

export function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button type="button" className="btn-ghost btn-small rule-remove" onClick={onClick} aria-label={label}>
      ×
    </button>
  );
}

export function ConditionFields({
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

export function ShowSelect({
  value,
  onChange,
}: {
  value: 'show' | 'dont_show';
  onChange(value: 'show' | 'dont_show'): void;
}) {
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

/** A filter kept as written because the rows cannot show all of it: its text, and a way to start over in rows. */
export function KeptText({ label, text, onChange }: { label: string; text: string; onChange(text: string): void }) {
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

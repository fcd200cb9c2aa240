// Every rule as JSON, for those who write it.
import { useId, useState } from 'react';
import type { Config } from '../../api/client.ts';
import { useLanguage } from '../../i18n/language.tsx';
import { fill } from '../../insights/model.ts';
import { applyRulesJson, rulesJsonOf } from '../model/rules.ts';

/** Every rule as the display server stores it, for those who write JSON: applied as a whole. */
export function RulesJson({ config, onApply }: { config: Config; onApply(config: Config): void }) {
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

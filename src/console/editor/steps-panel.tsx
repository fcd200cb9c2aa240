import { useMemo } from 'react';
import { useLanguage } from '../i18n/language.tsx';
import {
  addQuestionStep,
  isSplit,
  joinForm,
  readQuestion,
  removeQuestionStep,
  setQuestion,
  splitForm,
} from './model/steps.ts';

/**
 * Steps (design §2): a Yes/No question before the form, the form split into an e-mail step and a details step, and
 * whether a visitor who leaves after the e-mail step leaves a partial lead. The preview beside it plays the steps.
 */
export function StepsPanel({
  html,
  onChange,
  partialLead,
  onPartialLead,
}: {
  html: string;
  onChange(html: string, kind: string): void;
  partialLead: boolean;
  onPartialLead(on: boolean): void;
}) {
  const { t } = useLanguage();
  const question = useMemo(() => readQuestion(html), [html]);
  const split = useMemo(() => isSplit(html), [html]);
  const canSplit = useMemo(() => split || splitForm(html, { next: '', back: '' }) !== html, [html, split]);
  return (
    <fieldset className="steps-panel stack">
      <legend>{t('stSteps')}</legend>
      <p className="hint">{t('stHint')}</p>
      {question ? (
        <div className="stack">
          <label className="field">
            {t('stQuestion')}
            <input
              dir="auto"
              maxLength={300}
              value={question.question}
              onChange={(e) => onChange(setQuestion(html, { question: e.target.value }), 'step:question')}
            />
          </label>
          <div className="cluster">
            <label className="field">
              {t('stYes')}
              <input
                dir="auto"
                maxLength={80}
                value={question.yes}
                onChange={(e) => onChange(setQuestion(html, { yes: e.target.value }), 'step:yes')}
              />
            </label>
            <label className="field">
              {t('stNo')}
              <input
                dir="auto"
                maxLength={80}
                value={question.no}
                onChange={(e) => onChange(setQuestion(html, { no: e.target.value }), 'step:no')}
              />
            </label>
          </div>
          <p className="hint">{t('stAnswerHint')}</p>
          <button
            type="button"
            className="btn-small"
            onClick={() => onChange(removeQuestionStep(html), 'step:question-off')}
          >
            {t('stRemoveQuestion')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={() =>
            onChange(
              addQuestionStep(html, { question: t('stDefaultQuestion'), yes: t('stDefaultYes'), no: t('stDefaultNo') }),
              'step:question-on',
            )
          }
        >
          {t('stAddQuestion')}
        </button>
      )}
      {split ? (
        <button type="button" className="btn-small" onClick={() => onChange(joinForm(html), 'step:join')}>
          {t('stJoin')}
        </button>
      ) : (
        <div className="stack">
          <button
            type="button"
            disabled={!canSplit}
            aria-describedby={canSplit ? undefined : 'steps-split-why'}
            onClick={() => onChange(splitForm(html, { next: t('stNext'), back: t('stBack') }), 'step:split')}
          >
            {t('stSplit')}
          </button>
          {!canSplit && (
            <p className="hint" id="steps-split-why">
              {t('stSplitNeeds')}
            </p>
          )}
        </div>
      )}
      <label className="steps-partial">
        <input type="checkbox" checked={partialLead} onChange={(e) => onPartialLead(e.target.checked)} />
        {t('stPartial')}
      </label>
      <p className="hint">{t('stPartialHint')}</p>
    </fieldset>
  );
}

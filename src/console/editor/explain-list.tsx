import { useLanguage } from '../i18n/language.tsx';
import type { EditorSettings } from './model/editor-settings.ts';
import { explainRules } from './model/explain.ts';
import { ruleSentences, useWordsContext } from './rules/rule-builder.tsx';

/** "Why did it not show?": each condition a visit must meet, in sentences. */
export function ExplainList({ clientId, settings }: { clientId: string; settings: EditorSettings }) {
  const { t, language } = useLanguage();
  const words = useWordsContext(clientId);
  return (
    <section aria-labelledby="explain-heading" className="explain">
      <h2 id="explain-heading">{t('explain')}</h2>
      <ul>
        {explainRules(settings, language)
          .filter((item) => item.topic !== 'filters')
          .map((item) => (
            <li key={`${item.topic} ${item.sentence}`} data-topic={item.topic}>
              {item.sentence}
            </li>
          ))}
        {ruleSentences(settings, words).map((sentence) => (
          <li key={sentence} data-topic="rules">
            {sentence}
          </li>
        ))}
      </ul>
    </section>
  );
}

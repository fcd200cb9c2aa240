// The visit: traffic source, UTM parameters, new or returning visitor, landing page or later pages.
import type { FieldProblem } from '../../api/client.ts';
import { Select } from '../../components/fields.tsx';
import type { StringKey } from '../../i18n/strings.ts';
import { fill } from '../../insights/model.ts';
import { pageWords, trafficWords, utmWords, visitorWords, type WordsContext } from '../model/rule-words.ts';
import { TRAFFIC_SOURCES, UTM_PARAMETERS, type UtmRow, type VisitSettings } from '../model/rules.ts';
import { ConditionFields, InWords, RemoveButton, ServerProblems, ShowSelect } from './rule-parts.tsx';

export function VisitRules({
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

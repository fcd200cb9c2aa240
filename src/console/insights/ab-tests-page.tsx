import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { type AbTest, insightsApi, type Variant } from '../api/insights.ts';
import { popupsQuery } from '../api/queries.ts';
import { ConfirmDialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { Toggle } from '../components/fields.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { EmptyState } from '../shell/empty-state.tsx';
import { PageHeading } from '../shell/heading.tsx';
import {
  fill,
  formatNumber,
  formatPercent,
  formatRate,
  verdictOf,
  WINNER_MIN_VIEWS,
  WINNER_PROBABILITY,
} from './model.ts';
import { abTestsQuery } from './queries.ts';

function VerdictText({ test }: { test: AbTest }) {
  const { t, language } = useLanguage();
  const verdict = verdictOf(test);
  const nameOf = (id: string) => test.variants.find((variant) => variant.poptin_id === id)?.poptin_name || id;
  const sentence = (() => {
    switch (verdict.kind) {
      case 'winner':
        return fill(t('verdictWinner'), {
          name: nameOf(verdict.poptinId),
          probability: formatPercent(verdict.probability, language),
        });
      case 'needs-views':
        return fill(t('verdictNeedsViews'), {
          views: formatNumber(verdict.moreViews, language),
          each: formatNumber(WINNER_MIN_VIEWS, language),
        });
      case 'not-sure':
        return fill(t('verdictNotSure'), {
          name: nameOf(verdict.leader),
          probability: formatPercent(verdict.probability, language),
          needed: formatPercent(WINNER_PROBABILITY, language, 0),
        });
      case 'single':
        return t('verdictSingle');
    }
  })();
  return (
    <p className={verdict.kind === 'winner' ? 'verdict winner' : 'verdict'}>
      <strong>{t('verdict')}:</strong> {sentence}
    </p>
  );
}

/** Whether the server applies the winner by itself, and the control group's share. */
function TestSettings({ clientId, test }: { clientId: string; test: AbTest }) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const id = useId();
  const [autoApply, setAutoApply] = useState(test.auto_apply ?? false);
  const [percent, setPercent] = useState(String(test.control?.percent ?? 0));
  const save = useMutation({
    mutationFn: () =>
      insightsApi.changeAbTest(clientId, test.test_id, { auto_apply: autoApply, control_percent: Number(percent) }),
    onSuccess: () => client.invalidateQueries({ queryKey: abTestsQuery(clientId).queryKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form
      className="test-settings stack"
      onSubmit={submit}
      aria-label={`${t('testSettings')}: ${test.name || test.test_id}`}
    >
      <h3>{t('testSettings')}</h3>
      <Toggle label={t('autoApply')} hint={t('autoApplyHint')} checked={autoApply} onChange={setAutoApply} />
      <div className="field">
        <label htmlFor={`${id}-control`}>{t('controlShare')}</label>
        <input
          id={`${id}-control`}
          className="control-percent"
          type="number"
          min={0}
          max={50}
          step={1}
          required
          value={percent}
          aria-describedby={`${id}-control-hint`}
          onChange={(event) => setPercent(event.target.value)}
        />
        <span className="hint" id={`${id}-control-hint`}>
          {t('controlShareHint')}
        </span>
      </div>
      <div className="cluster">
        <button type="submit" className="btn-small" disabled={save.isPending}>
          {t('saveTestSettings')}
        </button>
        {save.isSuccess && <span role="status">{t('testSettingsSaved')}</span>}
      </div>
      <ErrorText error={save.error} />
    </form>
  );
}

/** The site's conversion among the visitors held out against those shown the test, in words. */
function ControlFigures({ test }: { test: AbTest }) {
  const { t, language } = useLanguage();
  const control = test.control;
  if (!control) return null;
  // Isolated, so that a signed number reads whole inside a Hebrew sentence.
  const points = (value: number) =>
    `\u2066${value > 0 ? '+' : ''}${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value * 100)}\u2069`;
  const some = control.control.visitors > 0 || control.exposed.visitors > 0;
  return (
    <div className="control-figures">
      <h3>{t('controlHeading')}</h3>
      {control.percent === 0 && !some ? (
        <p className="muted">{t('controlNone')}</p>
      ) : control.uplift === null || control.interval === null ? (
        <p className="muted">{t('controlTooFew')}</p>
      ) : (
        <>
          <p className="uplift">
            {fill(t('controlUplift'), {
              uplift: points(control.uplift),
              low: points(control.interval[0]),
              high: points(control.interval[1]),
            })}
          </p>
          <p className="muted">
            {fill(t('controlGroups'), {
              control: formatNumber(control.control.conversions, language),
              controlVisitors: formatNumber(control.control.visitors, language),
              controlRate: formatPercent(control.control.conversion_rate, language, 2),
              exposed: formatNumber(control.exposed.conversions, language),
              exposedVisitors: formatNumber(control.exposed.visitors, language),
              exposedRate: formatPercent(control.exposed.conversion_rate, language, 2),
            })}
          </p>
        </>
      )}
    </div>
  );
}

function TestCard({ clientId, test }: { clientId: string; test: AbTest }) {
  const { t, language } = useLanguage();
  const client = useQueryClient();
  const [choosing, setChoosing] = useState<Variant | null>(null);
  const declare = useMutation({
    mutationFn: (poptinId: string) => insightsApi.declareWinner(clientId, test.test_id, poptinId),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: abTestsQuery(clientId).queryKey }),
        client.invalidateQueries({ queryKey: popupsQuery(clientId).queryKey }),
      ]),
  });
  const headingId = `test-${test.test_id}`;
  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId}>{test.name || test.test_id}</h2>
      <VerdictText test={test} />
      {test.winner_applied_at ? (
        <p className="badge badge-live applied">
          {fill(t('winnerApplied'), {
            date: new Date(test.winner_applied_at).toLocaleDateString(language, { dateStyle: 'medium' }),
          })}
        </p>
      ) : (
        test.winner &&
        test.variants.filter((variant) => variant.active).length > 1 && (
          <button
            type="button"
            className="btn-primary"
            onClick={() => setChoosing(test.variants.find((variant) => variant.poptin_id === test.winner) ?? null)}
          >
            {fill(t('applyWinner'), {
              name: test.variants.find((variant) => variant.poptin_id === test.winner)?.poptin_name || test.winner,
            })}
          </button>
        )
      )}
      <table className="table-cards ab-variants">
        <caption className="visually-hidden">{fill(t('variantsOf'), { name: test.name || test.test_id })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('filterVariant')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('views')}</th>
            <th scope="col">{t('conversions')}</th>
            <th scope="col">{t('conversionRate')}</th>
            <th scope="col">{t('probabilityBest')}</th>
            <th scope="col">{t('expectedLoss')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('declareWinner')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {test.variants.map((variant) => (
            <tr key={variant.poptin_id}>
              <th scope="row">{variant.poptin_name || variant.poptin_id}</th>
              <td data-label={t('status')}>
                <span className={`badge ${variant.active ? 'badge-live' : 'badge-paused'}`}>
                  {variant.active ? t('live') : t('paused')}
                </span>
              </td>
              <td data-label={t('views')}>{formatNumber(variant.views, language)}</td>
              <td data-label={t('conversions')}>{formatNumber(variant.conversions, language)}</td>
              <td data-label={t('conversionRate')}>{formatRate(variant, language)}</td>
              <td data-label={t('probabilityBest')}>{formatPercent(variant.probability_best, language)}</td>
              <td data-label={t('expectedLoss')}>{formatPercent(variant.expected_loss, language, 2)}</td>
              <td className="row-actions">
                {test.variants.length > 1 && (
                  <button
                    type="button"
                    onClick={() => setChoosing(variant)}
                    aria-label={`${t('declareWinner')}: ${variant.poptin_name || variant.poptin_id}`}
                  >
                    {t('declareWinner')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ErrorText error={declare.error} />
      {declare.isSuccess && (
        <p role="status">
          {fill(t('winnerDeclared'), {
            name: declare.variables
              ? test.variants.find((variant) => variant.poptin_id === declare.variables)?.poptin_name ||
                declare.variables
              : '',
          })}
        </p>
      )}
      <div className="test-extras">
        <ControlFigures test={test} />
        <TestSettings clientId={clientId} test={test} />
      </div>
      <ConfirmDialog
        open={choosing !== null}
        message={
          choosing
            ? fill(t(test.winner === choosing.poptin_id ? 'declareConfirm' : 'declareEarlyConfirm'), {
                name: choosing.poptin_name || choosing.poptin_id,
              })
            : ''
        }
        onClose={() => setChoosing(null)}
        onConfirm={() => choosing && declare.mutate(choosing.poptin_id)}
      />
    </section>
  );
}

export function AbTestsPage({ clientId }: { clientId: string }) {
  const { t } = useLanguage();
  const tests = useQuery(abTestsQuery(clientId));
  return (
    <section>
      <PageHeading>{t('abTests')}</PageHeading>
      <p className="muted">{t('abTestsIntro')}</p>
      <ErrorText error={tests.error} />
      {tests.isPending && <p role="status">{t('loading')}</p>}
      {tests.data && tests.data.tests.length === 0 && (
        <EmptyState
          icon="abTests"
          title={t('noAbTests')}
          action={
            <Link className="btn btn-primary" href={`/sites/${encodeURIComponent(clientId)}`}>
              {t('goPopups')}
            </Link>
          }
        >
          {t('emptyAbTests')}
        </EmptyState>
      )}
      {tests.data?.tests.map((test) => (
        <TestCard key={test.test_id} clientId={clientId} test={test} />
      ))}
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { CouponSource, CouponSourceKind } from '../../core/api/coupon-contract.ts';
import { couponApi } from '../api/client.ts';
import { popupsQuery } from '../api/queries.ts';
import { ConfirmDialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { fill } from '../insights/model.ts';
import { type CouponDraft, couponInputOf, EMPTY_COUPON_DRAFT } from './coupon-draft.ts';
import { UploadCodes, UploadProblems } from './coupon-upload.tsx';
import { couponMessageWords } from './coupon-words.ts';
import { couponSourcesQuery } from './queries.ts';

/** Where each visitor's own code comes from, per pop-up (or prize): the codes left, uploads of lists, new sources. */
export function CouponCodes({ clientId }: { clientId: string }) {
  const { t, language } = useLanguage();
  const client = useQueryClient();
  const sources = useQuery(couponSourcesQuery(clientId));
  const popups = useQuery(popupsQuery(clientId));
  const [draft, setDraft] = useState<CouponDraft | null>(null);
  const [uploaded, setUploaded] = useState<{ id: number; text: string } | null>(null);
  const [deleting, setDeleting] = useState<CouponSource | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: couponSourcesQuery(clientId).queryKey });
  const save = useMutation({
    mutationFn: (next: CouponDraft) => couponApi.save(clientId, couponInputOf(next)),
    onSuccess: () => {
      setDraft(null);
      return refresh();
    },
  });
  const upload = useMutation({
    mutationFn: async ({ source, file, replace }: { source: CouponSource; file: File; replace: boolean }) =>
      couponApi.upload(clientId, source.id, await file.text(), replace),
    onMutate: () => setUploaded(null),
    onSuccess: (answer, { source }) => {
      setUploaded({
        id: source.id,
        text: t('couponUploaded').replace('{added}', String(answer.added)).replace('{skipped}', String(answer.skipped)),
      });
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (source: CouponSource) => couponApi.remove(clientId, source.id),
    onSuccess: refresh,
  });
  const change = (field: keyof CouponDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => current && { ...current, [field]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };
  const kindName = (kind: CouponSourceKind) =>
    t(kind === 'list' ? 'couponKindList' : kind === 'pattern' ? 'couponKindPattern' : 'couponKindShopify');
  const nameOf = (source: CouponSource) => source.popupName || source.poptinId;

  return (
    <section className="card stack coupon-codes" aria-labelledby="coupon-codes-heading">
      <h2 id="coupon-codes-heading">{t('couponsTitle')}</h2>
      <p className="hint">{t('couponsHint')}</p>
      <ErrorText error={sources.error ?? remove.error} />
      {sources.data && sources.data.sources.length === 0 && <p className="muted">{t('couponsNone')}</p>}
      {sources.data && sources.data.sources.length > 0 && (
        <ul className="coupon-sources">
          {sources.data.sources.map((source) => (
            <li key={source.id} className="coupon-source">
              <div className="coupon-source-head">
                <strong>{nameOf(source)}</strong>
                <span className="muted">{source.prizeId ? source.prizeId : t('couponPrizeAll')}</span>
                <span>{kindName(source.kind)}</span>
                {source.kind === 'list' && source.codesLeft !== null ? (
                  <span
                    className={`badge ${
                      source.codesLeft === 0
                        ? 'badge-danger'
                        : source.codesLeft <= source.lowStockThreshold
                          ? 'badge-scheduled'
                          : 'badge-live'
                    }`}
                  >
                    {source.codesLeft === 0
                      ? t('couponEmpty')
                      : `${t('couponLeft').replace('{n}', source.codesLeft.toLocaleString(language))}${
                          source.codesLeft <= source.lowStockThreshold ? ` · ${t('couponLow')}` : ''
                        }`}
                  </span>
                ) : (
                  <span className="muted">{source.pattern ?? t('couponMade')}</span>
                )}
                <span className="muted">
                  {t('couponGiven').replace('{n}', source.codesGiven.toLocaleString(language))}
                </span>
              </div>
              <div className="cluster">
                {source.kind === 'list' && (
                  <UploadCodes
                    label={t('couponUploadFor').replace('{name}', nameOf(source))}
                    busy={upload.isPending}
                    onFile={(file, replace) => upload.mutate({ source, file, replace })}
                  />
                )}
                <button
                  type="button"
                  className="btn-ghost btn-small"
                  aria-label={t('couponDeleteFor').replace('{name}', nameOf(source))}
                  onClick={() => setDeleting(source)}
                >
                  {t('couponDelete')}
                </button>
              </div>
              {uploaded?.id === source.id && <p role="status">{uploaded.text}</p>}
              {upload.variables?.source.id === source.id && <UploadProblems error={upload.error} />}
            </li>
          ))}
        </ul>
      )}
      {draft === null ? (
        <div>
          <button
            type="button"
            onClick={() => setDraft({ ...EMPTY_COUPON_DRAFT, poptinId: popups.data?.popups[0]?.id ?? '' })}
          >
            {t('couponAdd')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} className="stack narrow coupon-form" aria-label={t('couponAdd')}>
          <label className="field">
            {t('couponPopup')}
            <select required value={draft.poptinId} onChange={change('poptinId')}>
              {(popups.data?.popups ?? []).map((popup) => (
                <option key={popup.id} value={popup.id}>
                  {popup.name || popup.id}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t('couponPrize')}
            <input value={draft.prizeId} maxLength={64} onChange={change('prizeId')} aria-describedby="prize-hint" />
          </label>
          <span className="hint" id="prize-hint">
            {t('couponPrizeHint')}
          </span>
          <label className="field">
            {t('couponKind')}
            <select value={draft.kind} onChange={change('kind')}>
              <option value="list">{t('couponKindList')}</option>
              <option value="pattern">{t('couponKindPattern')}</option>
              <option value="shopify">{t('couponKindShopify')}</option>
            </select>
          </label>
          {draft.kind === 'list' && <span className="hint">{t('couponFileHint')}</span>}
          {draft.kind !== 'list' && (
            <>
              <label className="field">
                {t('couponPattern')}
                <input
                  required
                  value={draft.pattern}
                  maxLength={64}
                  dir="ltr"
                  onChange={change('pattern')}
                  aria-describedby="pattern-hint"
                />
              </label>
              <span className="hint" id="pattern-hint">
                {t('couponPatternHint')}
              </span>
            </>
          )}
          {draft.kind === 'shopify' && (
            <>
              <label className="field">
                {t('couponShop')}
                <input
                  required
                  value={draft.shop}
                  maxLength={100}
                  dir="ltr"
                  placeholder="my-shop.myshopify.com"
                  onChange={change('shop')}
                />
              </label>
              <div className="cluster coupon-discount">
                <label className="field">
                  {t('couponDiscountType')}
                  <select value={draft.valueType} onChange={change('valueType')}>
                    <option value="percentage">{t('couponPercentage')}</option>
                    <option value="fixed_amount">{t('couponFixedAmount')}</option>
                  </select>
                </label>
                <label className="field">
                  {t('couponValue')}
                  <input type="number" min="0.01" step="0.01" required value={draft.value} onChange={change('value')} />
                </label>
              </div>
              <label className="field">
                {t('couponToken')}
                <input
                  type="password"
                  autoComplete="off"
                  value={draft.token}
                  maxLength={200}
                  dir="ltr"
                  onChange={change('token')}
                  aria-describedby="token-hint"
                />
              </label>
              <span className="hint" id="token-hint">
                {t('couponTokenHint')}
              </span>
            </>
          )}
          <label className="field">
            {t('couponThreshold')}
            <input
              type="number"
              min="0"
              max="100000"
              value={draft.lowStockThreshold}
              onChange={change('lowStockThreshold')}
            />
          </label>
          <ErrorText
            error={save.error}
            labels={{
              pattern: t('couponPattern'),
              shopify: t('couponKindShopify'),
              'shopify.shop': t('couponShop'),
              'shopify.value': t('couponValue'),
              'shopify.token': t('couponToken'),
            }}
            explain={(message) => couponMessageWords(message, t)}
          />
          <div className="cluster">
            <button type="submit" className="btn-primary" disabled={save.isPending}>
              {t('couponSave')}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setDraft(null)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? fill(t('couponDeleteConfirm'), { name: nameOf(deleting) }) : ''}
        confirmLabel={t('couponDelete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}

// A site's code for its pages (the script tag, each embedded pop-up's tag) and its API tokens: made with the scopes
// chosen, each listed with its scopes, maker and last use, revoked.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  DEFAULT_SITE_TOKEN_SCOPES,
  SITE_TOKEN_SCOPES,
  type SiteTokenCreator,
  type SiteTokenScope,
} from '../../core/api/site-token-contract.ts';
import { type ApiToken, api } from '../api/client.ts';
import { popupsQuery, siteQuery, tokensQuery } from '../api/queries.ts';
import { Snippet } from '../components/copy-button.tsx';
import { ConfirmDialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import { fill } from '../insights/model.ts';
import { embedTagOf, isEmbeddedKind } from './snippet.ts';

/** A scope in the owner's words. */
const SCOPE_WORDS: Record<SiteTokenScope, StringKey> = {
  'leads:read': 'scopeLeadsRead',
  'leads:write': 'scopeLeadsWrite',
  'popups:write': 'scopePopupsWrite',
  'destinations:write': 'scopeDestinationsWrite',
  'people:erase': 'scopePeopleErase',
  'hooks:write': 'scopeHooksWrite',
};

function creatorWords(creator: SiteTokenCreator, t: (key: StringKey) => string): string {
  if (creator === null) return t('creatorUnknown');
  if ('email' in creator) return creator.email;
  return creator.key === 'OWNER_TOKEN' ? 'OWNER_TOKEN' : t('creatorClientToken');
}

function Tokens({ clientId }: { clientId: string }) {
  const { t, language } = useLanguage();
  const client = useQueryClient();
  const tokens = useQuery(tokensQuery(clientId));
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<SiteTokenScope[]>([...DEFAULT_SITE_TOKEN_SCOPES]);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: tokensQuery(clientId).queryKey });
  const create = useMutation({
    mutationFn: () => api.createToken(clientId, name, scopes),
    onSuccess: (answer) => {
      setSecret(answer.secret);
      setName('');
      setScopes([...DEFAULT_SITE_TOKEN_SCOPES]);
      return refresh();
    },
  });
  const revoke = useMutation({ mutationFn: (id: string) => api.revokeToken(clientId, id), onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">{t('tokens')}</h2>
      <ErrorText error={tokens.error ?? revoke.error} />
      <ul>
        {tokens.data?.tokens.map((token) => (
          <li key={token.id}>
            <strong>{token.name}</strong> · {token.scopes.map((scope) => t(SCOPE_WORDS[scope])).join(', ')} ·{' '}
            {t('createdBy')}: {creatorWords(token.createdBy, t)} · {t('lastUsed')}:{' '}
            {token.lastUsedAt ? new Date(token.lastUsedAt).toLocaleString(language) : t('never')}{' '}
            <button type="button" onClick={() => setRevoking(token)} aria-label={`${t('revoke')}: ${token.name}`}>
              {t('revoke')}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit}>
        <label>
          {t('tokenName')}
          <input required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <fieldset>
          <legend>{t('tokenScopes')}</legend>
          {SITE_TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="inline-check">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) =>
                  setScopes(
                    SITE_TOKEN_SCOPES.filter((each) => (each === scope ? e.target.checked : scopes.includes(each))),
                  )
                }
              />
              {t(SCOPE_WORDS[scope])} <code>{scope}</code>
            </label>
          ))}
          <p>{t('tokenScopesNote')}</p>
        </fieldset>
        <button type="submit" disabled={create.isPending || scopes.length === 0}>
          {t('createToken')}
        </button>
      </form>
      <ErrorText error={create.error} labels={{ name: t('tokenName') }} />
      {secret && (
        <div role="status" className="notice">
          <p>{t('tokenOnce')}</p>
          <Snippet code={secret} label={t('tokens')} />
        </div>
      )}
      <ConfirmDialog
        open={revoking !== null}
        message={revoking ? fill(t('revokeConfirm'), { name: revoking.name }) : ''}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </section>
  );
}

/** The site's embed code (its script tag and each embedded pop-up's tag) and its API tokens, on its Settings page. */
export function SiteEmbedAndTokens({ clientId }: { clientId: string }) {
  const { t } = useLanguage();
  const site = useQuery(siteQuery(clientId));
  const popups = useQuery(popupsQuery(clientId));
  const embedded = popups.data?.popups.filter((popup) => isEmbeddedKind(popup.type)) ?? [];
  return (
    <>
      {site.data && (
        <section aria-labelledby="embed-heading" className="card">
          <h2 id="embed-heading">{t('embed')}</h2>
          <p>{t('embedScript')}</p>
          <Snippet code={site.data.embed.script} label={t('embed')} />
          {embedded.length > 0 && <p>{t('embedTags')}</p>}
          {embedded.length > 0 && (
            <ul className="embed-tags">
              {embedded.map((popup) => (
                <li key={popup.id}>
                  {/* Each tag under its pop-up's name: the tags differ only by an id an owner does not read. */}
                  <span className="embed-tag-name">
                    <bdi>{popup.name || popup.id}</bdi>
                  </span>
                  <Snippet code={embedTagOf(popup.id)} label={popup.name || popup.id} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <Tokens clientId={clientId} />
    </>
  );
}

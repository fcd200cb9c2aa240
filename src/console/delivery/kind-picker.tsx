// The kinds of destination an owner can add: each by its name and what it is for, found by a search box.
import { useState } from 'react';
import type { DestinationKind, DestinationKindInfo } from '../api/delivery.ts';
import { useLanguage } from '../i18n/language.tsx';

/** Kinds whose name or purpose (in the console's language) holds every word of the query. */
export function matchingKinds(
  kinds: readonly DestinationKindInfo[],
  query: string,
  words: (kind: DestinationKind) => string,
): DestinationKindInfo[] {
  const terms = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return kinds.filter((kind) => {
    const text = `${kind.name} ${kind.kind} ${words(kind.kind)}`.toLocaleLowerCase();
    return terms.every((term) => text.includes(term));
  });
}

export function KindPicker({
  kinds,
  value,
  onChange,
}: {
  kinds: readonly DestinationKindInfo[];
  value: DestinationKind;
  onChange(kind: DestinationKind): void;
}) {
  const { t } = useLanguage();
  const [query, setQuery] = useState('');
  const purpose = (kind: DestinationKind) => t(`purpose_${kind}`);
  const shown = matchingKinds(kinds, query, purpose);
  return (
    <fieldset className="kind-picker">
      <legend>{t('destinationKind')}</legend>
      <input
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('searchKinds')}
        aria-label={t('searchKinds')}
      />
      <div className="kind-list">
        {shown.map((kind) => (
          <label key={kind.kind} className={`kind-option${kind.kind === value ? ' selected' : ''}`}>
            <input
              type="radio"
              name="destination-kind"
              value={kind.kind}
              checked={kind.kind === value}
              disabled={kind.unavailable !== null}
              onChange={() => onChange(kind.kind)}
            />
            <span>
              <strong>{t(`kind_${kind.kind}`)}</strong>
              <small>{kind.unavailable ? t('kindUnavailable') : purpose(kind.kind)}</small>
            </span>
          </label>
        ))}
        {shown.length === 0 && <p className="hint">{t('noKindMatches')}</p>}
      </div>
    </fieldset>
  );
}

import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  defaultPhoneCountry,
  flagEmoji,
  listPhoneCountries,
  type PhoneCountry,
} from '../../core/forms/phone-countries.ts';
import { formatPhoneForCountry, isValidInternationalPhone } from '../../core/forms/phone-international.ts';
import { loadPhoneLibrary, type PhoneLibrary } from '../../core/forms/phone-library.ts';
import { type Language, translate } from '../../core/i18n/strings.ts';
import { listenSafely, log } from '../../core/safety.ts';
import { filterCountries } from './country-search.ts';
import { useFieldStyles } from './field-styles.ts';

export interface PhoneCountrySelectProps {
  /** The template's phone input; the selected country is kept in its `data-phone-country`. */
  input: HTMLInputElement;
  language: Language;
  /** The visitor's country from the display response, if known. */
  countryCode: string;
}

const PAGE_STEP = 10;

/**
 * The flag selector of an international phone field (widget §5): a button with the flag and dialling
 * code opening a searchable listbox. libphonenumber-js loads when the field gets focus (design §4).
 */
export function PhoneCountrySelect({ input, language, countryCode }: PhoneCountrySelectProps): React.JSX.Element {
  useFieldStyles(input);
  const [library, setLibrary] = useState<PhoneLibrary | null>(null);
  const [country, setCountry] = useState(() => input.dataset.phoneCountry ?? '');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const optionId = (iso: string) => `${listId}-${iso}`;

  const load = useCallback(
    () =>
      loadPhoneLibrary().then(
        (loaded) => {
          setLibrary(loaded);
          return loaded;
        },
        (error: unknown) => {
          log.warn('phone library unavailable', error);
          return null;
        },
      ),
    [],
  );

  useEffect(() => {
    const onFocus = () => void load();
    return listenSafely(input, 'focus', onFocus);
  }, [input, load]);

  useEffect(() => {
    if (library && !library.isSupportedCountry(country))
      setCountry(defaultPhoneCountry(library, countryCode, language));
  }, [library, country, countryCode, language]);

  useEffect(() => {
    if (country) input.dataset.phoneCountry = country;
  }, [input, country]);

  const countries = useMemo(() => (library ? listPhoneCountries(library, language) : []), [library, language]);
  const matches = useMemo(() => filterCountries(countries, query), [countries, query]);
  const current = countries.find((entry) => entry.iso === country);

  useLayoutEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const wrapper = input.parentElement;
    const root = input.getRootNode() as Document | ShadowRoot;
    const onPointerDown = (event: Event) => {
      if (wrapper && !event.composedPath().includes(wrapper)) setOpen(false);
    };
    return listenSafely(root, 'pointerdown', onPointerDown);
  }, [open, input]);

  useLayoutEffect(() => {
    listRef.current?.querySelector('.is-active')?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open, query]);

  const openList = async () => {
    if (!(await load())) return;
    setQuery('');
    setActive(0);
    setOpen(true);
  };

  const closeList = (focus: HTMLElement | null) => {
    setOpen(false);
    focus?.focus();
  };

  const choose = (chosen: PhoneCountry) => {
    setCountry(chosen.iso);
    input.dataset.phoneCountry = chosen.iso;
    if (library && isValidInternationalPhone(library, input.value, chosen.iso))
      input.value = formatPhoneForCountry(library, input.value, chosen.iso);
    // The number is judged anew for the new country, so its error goes.
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    closeList(input);
  };

  const onSearchKeyDown = (event: React.KeyboardEvent) => {
    const last = matches.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + PAGE_STEP,
      PageUp: active - PAGE_STEP,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.max(0, Math.min(last, moves[event.key])));
    } else if (event.key === 'Enter') {
      // Enter picks a country; it must not submit the form around the field.
      event.preventDefault();
      if (matches[active]) choose(matches[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeList(buttonRef.current);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const name = current ? `${current.name} +${current.callingCode}` : country;
  const search = translate(language, 'search');

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="poptin-country-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={name}
        data-country={country}
        onClick={() => (open ? closeList(buttonRef.current) : void openList())}
      >
        <span aria-hidden="true">{flagEmoji(country)}</span>
        {current && (
          <span aria-hidden="true" className="poptin-country-code">
            +{current.callingCode}
          </span>
        )}
      </button>
      {open && (
        <div className="poptin-country-popup">
          <input
            ref={searchRef}
            type="text"
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={matches[active] ? optionId(matches[active].iso) : undefined}
            aria-label={search}
            placeholder={search}
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKeyDown}
          />
          <ul ref={listRef} id={listId} role="listbox" aria-label={name}>
            {matches.map((entry, index) => (
              <li
                key={entry.iso}
                id={optionId(entry.iso)}
                role="option"
                aria-selected={entry.iso === country}
                data-country={entry.iso}
                className={index === active ? 'is-active' : undefined}
                onPointerMove={() => setActive(index)}
                onClick={() => choose(entry)}
              >
                <span aria-hidden="true">{entry.flag}</span> {entry.name}{' '}
                <span className="poptin-country-code">+{entry.callingCode}</span>
              </li>
            ))}
          </ul>
          {matches.length === 0 && (
            <p className="poptin-country-empty" role="status">
              {translate(language, 'noResults')}
            </p>
          )}
        </div>
      )}
    </>
  );
}

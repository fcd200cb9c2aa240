import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Select } from '../components/fields.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import { fill } from '../insights/model.ts';
import { DYNAMIC_TAGS, type DynamicTag, isParameterName, tagText } from './model/dynamic-text.ts';

/**
 * "Insert dynamic text" under the text part being edited: which value (a UTM or other address parameter, the
 * country, the page title, the cart, the name typed, the countdown's days) and what to show when there is none.
 * The tag goes where the caret was in the part's text (`onInsert`); Escape closes the menu, back on its button.
 */
export function DynamicTextMenu({ partName, onInsert }: { partName: string; onInsert(tag: string): void }) {
  const { t } = useLanguage();
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [tag, setTag] = useState<DynamicTag>('utm_campaign');
  const [parameter, setParameter] = useState('');
  const [fallback, setFallback] = useState('');
  const parameterMissing = tag === 'query' && !isParameterName(parameter.trim());
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const insert = () => {
    if (parameterMissing) return;
    onInsert(tagText(tag, fallback, parameter));
    setOpen(false);
    setFallback('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      insert();
    }
  };
  return (
    <div className="dynamic-text">
      <button
        ref={button}
        type="button"
        className="btn-small btn-ghost"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={fill(t('dtInsertInto'), { part: partName })}
        onClick={() => setOpen(!open)}
      >
        {'{ } '}
        {t('dtInsert')}
      </button>
      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the menu closes it
        <div className="dynamic-text-menu stack" id={`${id}-menu`} onKeyDown={onKeyDown}>
          <Select
            label={t('dtTag')}
            value={tag}
            onChange={(next: DynamicTag) => setTag(next)}
            options={DYNAMIC_TAGS.map((each) => [each, t(`tag_${each}` as StringKey)] as const)}
          />
          {tag === 'query' && (
            <label className="field">
              {t('dtParameter')}
              <input
                dir="ltr"
                value={parameter}
                maxLength={60}
                placeholder="coupon"
                aria-invalid={parameter !== '' && parameterMissing}
                onChange={(e) => setParameter(e.target.value)}
              />
            </label>
          )}
          <label className="field">
            {t('dtFallback')}
            <input
              dir="auto"
              value={fallback}
              maxLength={100}
              aria-describedby={`${id}-fallback-hint`}
              onChange={(e) => setFallback(e.target.value)}
            />
            <small className="hint" id={`${id}-fallback-hint`}>
              {t('dtFallbackHint')}
            </small>
          </label>
          <p className="hint">
            <code dir="ltr">{tagText(tag, fallback, parameter)}</code> · {t('dtSample')}
          </p>
          <div className="cluster">
            <button type="button" className="btn-primary btn-small" onClick={insert} disabled={parameterMissing}>
              {t('dtAdd')}
            </button>
            <button type="button" className="btn-small" onClick={close}>
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

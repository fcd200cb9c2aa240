import { type KeyboardEvent, useMemo, useState } from 'react';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import { fill } from '../insights/model.ts';
import {
  addConsent,
  addField,
  FIELD_KINDS,
  type FormField,
  moveField,
  type NewFieldKind,
  readFields,
  removeField,
  setField,
  VALIDATIONS_FOR,
} from './model/fields.ts';

/** The form's fields: added, removed, moved (buttons, or Alt+Arrow keys on a row), required, their check chosen. */
export function FieldsPanel({
  id,
  html,
  onChange,
}: {
  id: string;
  html: string;
  onChange(html: string, kind: string): void;
}) {
  const { t } = useLanguage();
  const fields = useMemo(() => readFields(html), [html]);
  const [kind, setKind] = useState<NewFieldKind>('phone');
  const [announcement, setAnnouncement] = useState('');
  const nameOf = (field: FormField) => field.label || field.name;

  const move = (field: FormField, delta: -1 | 1) => {
    const to = field.index + delta;
    if (to < 0 || to >= fields.length) return;
    // Moving a row may take the focused control out of the page for a moment: it goes back where it was (to the
    // row's label when the button it was on is now disabled, at the top or the bottom).
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.id : '';
    onChange(moveField(html, field.index, delta), `move:${field.name}:${to}`);
    requestAnimationFrame(() => {
      const again = focused ? document.getElementById(focused) : null;
      if (again && !(again as HTMLButtonElement).disabled) again.focus();
      else document.getElementById(`${id}-${field.name}-label`)?.focus();
    });
    setAnnouncement(fill(t('edMoved'), { field: nameOf(field), position: to + 1, total: fields.length }));
  };
  const onRowKey = (field: FormField) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(field, event.key === 'ArrowUp' ? -1 : 1);
  };

  return (
    <fieldset className="fields-panel">
      <legend id={id} tabIndex={-1}>
        {t('edFields')}
      </legend>
      <p className="hint" id={`${id}-hint`}>
        {t('edMoveHint')}
      </p>
      <ol className="field-rows">
        {fields.map((field) => {
          const validations = VALIDATIONS_FOR[field.type] ?? [];
          const rowId = `${id}-${field.name}`;
          return (
            <li key={field.name} className="field-row">
              {/* Alt+Arrow keys move the row the focus is in. */}
              <fieldset aria-describedby={`${id}-hint`} onKeyDown={onRowKey(field)}>
                <legend className="visually-hidden">{nameOf(field)}</legend>
                <label className="field">
                  {field.consent ? t('part_consent') : t('edFieldLabel')}
                  <input
                    id={`${rowId}-label`}
                    dir="auto"
                    value={field.label}
                    maxLength={300}
                    onChange={(e) =>
                      onChange(setField(html, field.index, { label: e.target.value }), `label:${field.name}`)
                    }
                  />
                </label>
                <div className="cluster">
                  <label className="inline-check">
                    <input
                      id={`${rowId}-required`}
                      type="checkbox"
                      checked={field.required}
                      onChange={(e) => onChange(setField(html, field.index, { required: e.target.checked }), '')}
                    />
                    {t('edRequired')}
                  </label>
                  {validations.length > 0 && (
                    <label className="field">
                      {t('edValidation')}
                      <select
                        id={`${rowId}-check`}
                        value={field.validation}
                        onChange={(e) => onChange(setField(html, field.index, { validation: e.target.value }), '')}
                      >
                        <option value="">{t('val_default')}</option>
                        {validations.map((mode) => (
                          <option key={mode} value={mode}>
                            {t(`val_${mode}` as StringKey)}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}
                </div>
                <div className="cluster row-actions">
                  <button
                    type="button"
                    className="btn-small btn-ghost"
                    id={`${rowId}-up`}
                    disabled={field.index === 0}
                    aria-label={`${t('edMoveUp')}: ${nameOf(field)}`}
                    onClick={() => move(field, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn-small btn-ghost"
                    id={`${rowId}-down`}
                    disabled={field.index === fields.length - 1}
                    aria-label={`${t('edMoveDown')}: ${nameOf(field)}`}
                    onClick={() => move(field, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn-small btn-ghost"
                    aria-label={`${t('edRemove')}: ${nameOf(field)}`}
                    onClick={() => onChange(removeField(html, field.index), '')}
                  >
                    ×
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="cluster add-field">
        <label className="field">
          {t('edFieldToAdd')}
          <select value={kind} onChange={(e) => setKind(e.target.value as NewFieldKind)}>
            {FIELD_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`field_${option}` as StringKey)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => onChange(addField(html, kind, t(`field_${kind}` as StringKey)), '')}>
          {t('edAddField')}
        </button>
        {!fields.some((field) => field.consent) && (
          <button type="button" onClick={() => onChange(addConsent(html, t('edConsentWords')), '')}>
            {t('edAddConsent')}
          </button>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

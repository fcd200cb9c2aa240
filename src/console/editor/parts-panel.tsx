import { Fragment, type SyntheticEvent, useMemo, useState } from 'react';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import { fill } from '../insights/model.ts';
import { DynamicTextMenu } from './dynamic-text-menu.tsx';
import { FieldsPanel } from './fields-panel.tsx';
import { ImageField } from './image-field.tsx';
import { SCREENS, type Screen } from './model/dom.ts';
import { applyPartChange, type Part, type PartRole, readParts } from './model/parts.ts';

/** Where a part's control is: the preview focuses it when the part is clicked there. */
export const partControlId = (screen: Screen, role: string) => `part-${screen}-${role}`;

const LONG_TEXTS: readonly PartRole[] = ['body', 'thank-you-body', 'note', 'consent'];

export interface PartFocus {
  screen: Screen;
  role: string;
}

/** The template's declared parts, grouped by screen, each under the name a person gives it. */
export function PartsPanel({
  html,
  clientId,
  onChange,
  onFocusPart,
}: {
  html: string;
  clientId: string;
  onChange(html: string, kind: string): void;
  onFocusPart(focus: PartFocus): void;
}) {
  const { t } = useLanguage();
  const parts = useMemo(() => readParts(html), [html]);
  // The text part last edited and its caret: dynamic text goes there.
  const [caret, setCaret] = useState<{ id: string; start: number; end: number } | null>(null);
  const [inserted, setInserted] = useState('');
  const remember = (event: SyntheticEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { id, selectionStart, selectionEnd, value } = event.currentTarget;
    setCaret({ id, start: selectionStart ?? value.length, end: selectionEnd ?? value.length });
  };
  const insertTag = (part: Part, tag: string) => {
    const id = partControlId(part.screen, part.role);
    const at = caret?.id === id ? caret : { start: part.text.length, end: part.text.length };
    change(part, { text: part.text.slice(0, at.start) + tag + part.text.slice(at.end) });
    setInserted(fill(t('dtInserted'), { tag }));
    requestAnimationFrame(() => {
      const control = document.getElementById(id) as HTMLInputElement | null;
      control?.focus();
      control?.setSelectionRange(at.start + tag.length, at.start + tag.length);
    });
  };
  const screens = SCREENS.filter((screen) => parts.some((part) => part.screen === screen));
  // The first screen of a pop-up without a form (a bar's news, a notice) is not called a form.
  const screenName = (screen: Screen) =>
    t(screen === 'form' && !/<form[\s>]/i.test(html) ? 'screen_main' : (`screen_${screen}` as StringKey));
  const change = (part: Part, values: { text?: string; src?: string; alt?: string }, what = 'text') =>
    onChange(
      applyPartChange(html, { screen: part.screen, role: part.role, ...values }),
      `${part.screen}:${part.role}:${what}`,
    );
  return (
    <div className="parts stack">
      <p className="hint">{t('edClickHint')}</p>
      <p role="status" className="visually-hidden">
        {inserted}
      </p>
      {screens.map((screen) => (
        <fieldset key={screen} className="parts-screen">
          <legend>{screenName(screen)}</legend>
          {parts
            .filter((part) => part.screen === screen)
            .map((part) => {
              const id = partControlId(part.screen, part.role);
              const name = t(`part_${part.role}` as StringKey);
              return (
                // biome-ignore lint/a11y/noStaticElementInteractions: the focus inside a part outlines it in the preview
                <div
                  key={part.role}
                  className="part field"
                  data-part={part.role}
                  onFocus={() => onFocusPart({ screen: part.screen, role: part.role })}
                >
                  {part.kind === 'text' && (
                    <Fragment>
                      <label htmlFor={id}>{name}</label>
                      {LONG_TEXTS.includes(part.role) ? (
                        <textarea
                          id={id}
                          dir="auto"
                          rows={2}
                          maxLength={2000}
                          value={part.text}
                          onChange={(e) => change(part, { text: e.target.value })}
                          onSelect={remember}
                          onFocus={remember}
                        />
                      ) : (
                        <input
                          id={id}
                          dir="auto"
                          maxLength={300}
                          value={part.text}
                          onChange={(e) => change(part, { text: e.target.value })}
                          onSelect={remember}
                          onFocus={remember}
                        />
                      )}
                      {caret?.id === id && <DynamicTextMenu partName={name} onInsert={(tag) => insertTag(part, tag)} />}
                    </Fragment>
                  )}
                  {part.kind === 'image' && (
                    <ImageField
                      id={id}
                      name={name}
                      clientId={clientId}
                      src={part.src}
                      alt={part.alt}
                      onSrc={(src) => change(part, { src }, 'src')}
                      onAlt={(alt) => change(part, { alt }, 'alt')}
                    />
                  )}
                  {part.role === 'fields' && <FieldsPanel id={id} html={html} onChange={onChange} />}
                  {part.kind === 'built' && part.role !== 'fields' && (
                    <Fragment>
                      <span className="part-name" id={id} tabIndex={-1}>
                        {name}
                      </span>
                      <span className="hint">{t('edBuiltPart')}</span>
                    </Fragment>
                  )}
                </div>
              );
            })}
        </fieldset>
      ))}
    </div>
  );
}

import { useMemo } from 'react';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import { LayoutPicker } from './layout-picker.tsx';
import type { EditorSettings } from './model/editor-settings.ts';
import {
  applyTokens,
  COLOUR_TOKENS,
  FONT_STACKS,
  isPillRadius,
  PILL_RADIUS,
  RADIUS_MAX,
  readTokens,
  TOKENS,
  type Token,
} from './model/tokens.ts';

const nameKey = (token: Token) => `token_${token.slice('--poptin-'.length)}` as StringKey;

/**
 * The corners: a slider up to RADIUS_MAX px, and a pill (fully round) for the templates whose corners are past it,
 * so that the slider never shows a size it does not hold.
 */
function RadiusToken({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  const { t } = useLanguage();
  const pill = isPillRadius(value);
  const shown = pill ? t('token_radius_full') : value;
  return (
    <div className="field radius-token">
      <label htmlFor={id}>{t('token_radius')}</label>
      <div className="cluster">
        <input
          id={id}
          type="range"
          min={0}
          max={RADIUS_MAX}
          step={1}
          disabled={pill}
          value={pill ? RADIUS_MAX : Number.parseInt(value, 10) || 0}
          aria-valuetext={shown}
          onChange={(e) => onChange(`${e.target.value}px`)}
        />
        <output htmlFor={id} dir={pill ? undefined : 'ltr'}>
          {shown}
        </output>
      </div>
      <label className="inline-check">
        <input
          type="checkbox"
          checked={pill}
          onChange={(e) => onChange(e.target.checked ? PILL_RADIUS : `${RADIUS_MAX}px`)}
        />
        {t('token_radius_pill')}
      </label>
    </div>
  );
}

/** The template's design tokens (colours, font, corner roundness), then the pop-up's kind, style and place. */
export function DesignPanel({
  html,
  onChange,
  settings,
  update,
}: {
  html: string;
  onChange(html: string, kind: string): void;
  settings: EditorSettings;
  update: (change: (settings: EditorSettings) => EditorSettings) => void;
}) {
  const { t } = useLanguage();
  const tokens = useMemo(() => readTokens(html), [html]);
  const declared = TOKENS.filter((token) => tokens[token] !== undefined);
  const set = (token: Token, value: string) => onChange(applyTokens(html, { [token]: value }), `token:${token}`);
  const fonts = Object.entries(FONT_STACKS) as [keyof typeof FONT_STACKS, string][];
  return (
    <div className="design stack">
      <fieldset className="tokens">
        <legend>{t('edLook')}</legend>
        {declared.length === 0 && <p className="hint">{t('edNoTokens')}</p>}
        {declared.map((token) => {
          const value = tokens[token] ?? '';
          const id = `token-${token.slice(2)}`;
          if (COLOUR_TOKENS.includes(token))
            return (
              <div key={token} className="colour-token">
                <input
                  id={id}
                  type="color"
                  value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
                  onChange={(e) => set(token, e.target.value)}
                />
                <label htmlFor={id}>{t(nameKey(token))}</label>
                <code dir="ltr">{value}</code>
              </div>
            );
          if (token === '--poptin-radius')
            return <RadiusToken key={token} id={id} value={value} onChange={(radius) => set(token, radius)} />;
          const known = fonts.find(([, stack]) => stack === value);
          return (
            <div key={token} className="field">
              <label htmlFor={id}>{t(nameKey(token))}</label>
              <select
                id={id}
                value={known ? known[0] : ''}
                onChange={(e) => set(token, FONT_STACKS[e.target.value as keyof typeof FONT_STACKS])}
              >
                {!known && <option value="">{t('font_custom')}</option>}
                {fonts.map(([key]) => (
                  <option key={key} value={key}>
                    {t(`font_${key}` as StringKey)}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </fieldset>
      <fieldset>
        <legend>{t('edLayout')}</legend>
        <LayoutPicker settings={settings} update={update} />
      </fieldset>
    </div>
  );
}

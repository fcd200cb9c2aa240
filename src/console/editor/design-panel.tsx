import { useMemo } from 'react';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import type { EditorSettings } from '../model/settings.ts';
import { LayoutPicker } from './layout-picker.tsx';
import { applyTokens, COLOUR_TOKENS, FONT_STACKS, readTokens, TOKENS, type Token } from './model/tokens.ts';

const nameKey = (token: Token) => `token_${token.slice('--poptin-'.length)}` as StringKey;

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
            return (
              <div key={token} className="field">
                <label htmlFor={id}>{t(nameKey(token))}</label>
                <div className="cluster">
                  <input
                    id={id}
                    type="range"
                    min={0}
                    max={40}
                    step={1}
                    value={Number.parseInt(value, 10) || 0}
                    aria-valuetext={value}
                    onChange={(e) => set(token, `${e.target.value}px`)}
                  />
                  <output htmlFor={id} dir="ltr">
                    {value}
                  </output>
                </div>
              </div>
            );
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

import { FORMAT_COUNTS, type Horizontal, type Vertical } from '../../core/popup/layout.ts';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import { fill } from '../model/insights.ts';
import { type EditorSettings, POPUP_KINDS } from '../model/settings.ts';
import { KindPicture, PositionPicture } from './layout-pictures.tsx';

type Update = (change: (settings: EditorSettings) => EditorSettings) => void;

const VERTICALS: readonly Vertical[] = ['top', 'middle', 'bottom'];
const HORIZONTALS: readonly Horizontal[] = ['left', 'center', 'right'];

/**
 * Kind, style and position chosen from pictures. Native radio buttons (visually hidden, focus shown on their
 * picture): a radio group's arrow keys and its announcements come with them.
 */
export function LayoutPicker({ settings, update }: { settings: EditorSettings; update: Update }) {
  const { t } = useLanguage();
  const formats = Array.from({ length: FORMAT_COUNTS[settings.kind] }, (_, i) => i + 1);
  return (
    <div className="layout-picker stack">
      <fieldset className="picture-group">
        <legend>{t('edKind')}</legend>
        <div className="picture-grid">
          {POPUP_KINDS.map((kind) => (
            <label key={kind} className="picture-option">
              <input
                type="radio"
                name="popup-kind"
                className="visually-hidden"
                value={kind}
                checked={settings.kind === kind}
                onChange={() => update((s) => ({ ...s, kind, format: 1 }))}
              />
              <KindPicture kind={kind} />
              <span>{t(`kind_${kind}` as StringKey)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {formats.length > 1 && (
        <fieldset className="picture-group">
          <legend>{t('edStyle')}</legend>
          <div className="style-grid">
            {formats.map((format) => (
              <label key={format} className="picture-option style-option">
                <input
                  type="radio"
                  name="popup-format"
                  className="visually-hidden"
                  value={format}
                  checked={settings.format === format}
                  onChange={() => update((s) => ({ ...s, format }))}
                />
                <span>{fill(t('edStyleN'), { n: format })}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className="picture-group">
        <legend>{t('edPosition')}</legend>
        <div className="position-grid" dir="ltr">
          {VERTICALS.flatMap((vertical) =>
            HORIZONTALS.map((horizontal) => (
              <label key={`${vertical}-${horizontal}`} className="picture-option position-option">
                <input
                  type="radio"
                  name="popup-position"
                  className="visually-hidden"
                  value={`${vertical}-${horizontal}`}
                  checked={settings.vertical === vertical && settings.horizontal === horizontal}
                  onChange={() => update((s) => ({ ...s, vertical, horizontal }))}
                />
                <PositionPicture vertical={vertical} horizontal={horizontal} />
                <span className="visually-hidden">{t(`pos_${vertical}-${horizontal}` as StringKey)}</span>
              </label>
            )),
          )}
        </div>
      </fieldset>
    </div>
  );
}

import type { Horizontal, Vertical } from '../../core/popup/layout.ts';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import { EdgePicture, FormatPicture, KindPicture, PositionPicture } from './layout-pictures.tsx';
import { type EditorSettings, POPUP_KINDS } from './model/editor-settings.ts';
import {
  defaultFormatOf,
  formatChoiceOf,
  formatFor,
  formatQuestionOf,
  type Place,
  placeOf,
  placesOf,
} from './model/formats.ts';

type Update = (change: (settings: EditorSettings) => EditorSettings) => void;

const split = (place: Place) => place.split('-') as [Vertical, Horizontal];

/**
 * Kind, format and position chosen from pictures, each named in words. Native radio buttons (visually hidden, focus
 * shown on their picture): a radio group's arrow keys and its announcements come with them. A kind is offered only
 * the formats that behave differently and the places it can take (model/formats.ts).
 */
export function LayoutPicker({ settings, update }: { settings: EditorSettings; update: Update }) {
  const { t } = useLanguage();
  const question = formatQuestionOf(settings.kind);
  const chosenFormat = formatChoiceOf(settings.kind, settings.format);
  const places = placesOf(settings.kind);
  const place = placeOf(settings.kind, settings.vertical, settings.horizontal);
  const edge = settings.kind === 'bar' || settings.kind === 'mobile' ? settings.kind : null;
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
                onChange={() => update((s) => ({ ...s, kind, format: defaultFormatOf(kind) }))}
              />
              <KindPicture kind={kind} />
              <span>{t(`kind_${kind}` as StringKey)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {question && (
        <fieldset className="picture-group">
          <legend>{t(question.legend)}</legend>
          <div className="picture-grid format-grid">
            {question.choices.map((choice) => (
              <label key={choice.id} className="picture-option">
                <input
                  type="radio"
                  name="popup-format"
                  className="visually-hidden"
                  value={choice.id}
                  checked={chosenFormat?.id === choice.id}
                  aria-describedby={`format-hint-${choice.id}`}
                  onChange={() => update((s) => ({ ...s, format: formatFor(choice, s.format) }))}
                />
                <FormatPicture choice={choice.id} />
                <span>{t(`format_${choice.id}` as StringKey)}</span>
                <small id={`format-hint-${choice.id}`} className="picture-hint">
                  {t(`format_${choice.id}_hint` as StringKey)}
                </small>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {places.length > 0 && (
        <fieldset className="picture-group">
          <legend>{t('edPosition')}</legend>
          {/* Left and right are the page's own, in Hebrew too; top and bottom read in the console's direction. */}
          <div className={edge ? 'edge-grid' : 'position-grid'} dir={edge ? undefined : 'ltr'}>
            {places.map((option) => {
              const [vertical, horizontal] = split(option);
              return (
                <label key={option} className="picture-option position-option">
                  <input
                    type="radio"
                    name="popup-position"
                    className="visually-hidden"
                    value={option}
                    checked={place === option}
                    onChange={() => update((s) => ({ ...s, vertical, horizontal }))}
                  />
                  {edge ? (
                    <EdgePicture kind={edge} vertical={vertical} />
                  ) : (
                    <PositionPicture vertical={vertical} horizontal={horizontal} />
                  )}
                  <span className={edge ? undefined : 'visually-hidden'}>
                    {t((edge ? `edge_${vertical}` : `pos_${option}`) as StringKey)}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </div>
  );
}

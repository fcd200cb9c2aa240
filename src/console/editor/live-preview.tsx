import { useDeferredValue, useMemo, useState } from 'react';
import { PopupPreview } from '../components/preview.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import { screensOf } from './model/content.ts';
import type { Screen } from './model/dom.ts';
import { withSampleValues } from './model/dynamic-text.ts';

/** The pop-up as a visitor sees it, one screen at a time, at desktop or phone width; a click on a part edits it. */
export function LivePreview({
  html,
  format,
  screen,
  onScreen,
  highlight,
  onPart,
}: {
  html: string;
  format: string;
  screen: Screen;
  onScreen(screen: Screen): void;
  highlight: string | null;
  onPart?(screen: Screen, role: string): void;
}) {
  const { t, language } = useLanguage();
  const deferred = useDeferredValue(html);
  // `{{utm_campaign|our sale}}` shows a sample value, as a visitor's page fills it.
  const sampled = useMemo(() => withSampleValues(deferred, language), [deferred, language]);
  const screens = useMemo(() => screensOf(deferred), [deferred]);
  const [size, setSize] = useState<'desktop' | 'phone'>('desktop');
  const shown = screens.includes(screen) ? screen : 'form';
  const width = size === 'desktop' ? 560 : 360;
  return (
    <section aria-labelledby="preview-heading" className="live-preview stack">
      <h2 id="preview-heading">{t('preview')}</h2>
      <div className="cluster preview-controls">
        {screens.length > 1 && (
          <div role="radiogroup" aria-label={t('screen')} className="segmented">
            {screens.map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="preview-screen"
                  value={option}
                  checked={shown === option}
                  onChange={() => onScreen(option)}
                />
                {t(`screen_${option}` as StringKey)}
              </label>
            ))}
          </div>
        )}
        <div role="radiogroup" aria-label={t('edPreviewSize')} className="segmented">
          {(['desktop', 'phone'] as const).map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="preview-size"
                value={option}
                checked={size === option}
                onChange={() => setSize(option)}
              />
              {t(option)}
            </label>
          ))}
        </div>
      </div>
      <div className={`preview-stage preview-${size}`}>
        <PopupPreview
          html={sampled}
          screen={shown}
          format={format}
          label={`${t('preview')} ${t(size)}`}
          width={width}
          highlight={highlight}
          onPart={onPart && ((role) => onPart(shown, role))}
        />
      </div>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { direction, resolveLanguage } from '../../core/i18n/language.ts';
import { translate } from '../../core/i18n/strings.ts';
import { guard } from '../../core/safety.ts';
import {
  mirroredPosition,
  TEASER_ATTENTION_TOGGLE_MS,
  type TeaserModel,
  teaserTabIndex,
  teaserVisible,
  withinTabLimit,
} from '../../core/teaser/tabs.ts';
import { emit } from '../shared/emit.ts';
import { SurfaceStyles } from '../shared/surface-frame.tsx';
import { useSurfaceHost } from '../shared/surface-host.ts';
import { useStore } from '../shared/use-store.ts';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** How many tabs of the same kind come before this one on the page. */
function tabsBefore(host: HTMLElement, kind: string): number {
  const same: Element[] = [...document.querySelectorAll<Element>('poptin-teaser')].filter(
    (tab) => (tab as HTMLElement & { teaser?: TeaserModel | null }).teaser?.kind === kind,
  );
  return Math.max(0, same.indexOf(host));
}

/**
 * A teaser tab (widget §2): a small fixed button that opens its pop-up, shown always, before the pop-up was
 * shown or after it was closed, never over it; every 3 s it asks for attention, unless motion is reduced.
 */
export function TeaserView(): React.JSX.Element {
  const host = useSurfaceHost<TeaserModel>();
  const model = useStore(host.model);
  const [attention, setAttention] = useState(false);
  const visible = model
    ? teaserVisible(model.mode, model.phase) && withinTabLimit(model.kind, tabsBefore(host, model.kind))
    : false;

  useEffect(() => {
    if (!visible || reducedMotion()) return;
    const timer = setInterval(() => setAttention((now) => !now), TEASER_ATTENTION_TOGGLE_MS);
    return () => clearInterval(timer);
  }, [visible]);

  if (!model || !visible) return <SurfaceStyles />;
  const language = resolveLanguage(host.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang, null);
  const dir = direction(language);
  const open = () =>
    guard('teaser open', () => {
      if (!emit(host, 'poptin-teaser-open', { poptinId: model.poptinId }, { cancelable: true })) return;
      void (window as Window & { poptin?: { show(id: string): Promise<boolean> } }).poptin
        ?.show(model.poptinId)
        .catch(() => false);
    });
  return (
    <>
      <SurfaceStyles />
      <div part="base" data-position={mirroredPosition(model.position, dir === 'rtl')} dir={dir} lang={language}>
        {/* Widget §9 gives tab index 500 + 100 per pop-up; as a tabindex above 0 it would pull the tabs ahead of
            the page's own controls (WCAG 2.4.3), so it orders the tabs among themselves and stays in data-tab-order. */}
        <button
          type="button"
          part="tab"
          aria-haspopup="dialog"
          data-tab-order={teaserTabIndex(model.order)}
          data-attention={attention ? '' : undefined}
          onClick={open}
        >
          {model.label || translate(language, 'teaserDefaultLabel')}
        </button>
      </div>
    </>
  );
}

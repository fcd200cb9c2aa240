import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { readBackgroundEffect } from '../../core/games/delays.ts';
import { isHebrewTag, resolveLanguage, templateLanguageTag } from '../../core/i18n/language.ts';
import { translate } from '../../core/i18n/strings.ts';
import type { Cleanup } from '../../core/machine.ts';
import { closeSettingsOf } from '../../core/popup/close-settings.ts';
import {
  announcesClose,
  initialSnapshot,
  type PopupEffect,
  type PopupEvent,
  type PopupSnapshot,
  transition,
} from '../../core/popup/view-machine.ts';
import type { CloseSource } from '../../core/public-types.ts';
import type { PopupModel } from '../../stores/popup-model.ts';
import { useCloseCountdown } from '../countdown/use-close-countdown.ts';
import { useBackgroundEffect } from '../games/use-background-effect.ts';
import { emitWindow } from '../shared/emit.ts';
import { SurfaceFrame, SurfaceStyles, useRequestClose } from '../shared/surface-frame.tsx';
import { useSurfaceHost } from '../shared/surface-host.ts';
import { useMachine } from '../shared/use-machine.ts';
import { useStore } from '../shared/use-store.ts';
import type { SubmittedField } from '../template/field-dom.ts';
import { connectPopup, skipLabel } from './connect.ts';
import { fieldAddonPortals } from './field-addon-portals.tsx';
import { runPopupEffect } from './popup-effects.ts';
import { submitFlow } from './submit-flow.ts';
import type { TemplateContent } from './template-content.ts';
import { templateSubmitPorts } from './template-submit-ports.ts';
import { useDynamicText } from './use-dynamic-text.ts';
import { usePopupAnimation } from './use-popup-animation.ts';
import { usePopupLayout } from './use-popup-layout.ts';
import { useShowWhenVisible } from './use-show-when-visible.ts';
import { type PopupHandlers, useTemplateBinding } from './use-template-binding.ts';
import { useTemplateMedia } from './use-template-media.ts';
import { useTemplateScreens } from './use-template-screens.ts';
import { useTemplateStyles } from './use-template-styles.ts';

export { SUBMIT_GUARD_MS } from '../template/form-binding.ts';
export type { PopupSubmitDetail } from './submit-flow.ts';

const NO_DESIGN: Record<string, unknown> = {};

/** The pop-up surface: the owner's template in the surface frame, its forms bound by the template convention. */
export function PopupView(): React.JSX.Element {
  const host = useSurfaceHost<PopupModel>();
  const model = useStore(host.model);
  const [snapshot, machine] = useMachine<
    PopupSnapshot<HTMLFormElement>,
    PopupEvent<HTMLFormElement>,
    PopupEffect<HTMLFormElement>
  >('pop-up', initialSnapshot, transition, (effect, context): Cleanup | undefined =>
    runPopupEffect(host, handlers, effect, context),
  );
  const contentRef = useRef<HTMLDivElement>(null);
  const slotted = model?.slotted === true;
  const template: TemplateContent = {
    content: () => (contentRef.current && slotted ? host : contentRef.current),
    html: model?.html,
    slotted,
  };
  const liveRef = useRef<HTMLParagraphElement>(null);
  /** The fields of the lead sent, for the thank-you screen's `{{name}}`. */
  const submittedFields = useRef<SubmittedField[] | null>(null);
  const refreshDynamicText = useRef<() => void>(() => undefined);

  const config = model?.config;
  const design = config?.designProperties ?? NO_DESIGN;
  // Hebrew when the page, the display answer or the template itself says so (widget §1 names only the first two).
  // Read once per template, not at each render (a close's among them).
  const templateHebrew = useMemo(() => isHebrewTag(templateLanguageTag(model?.html?.toString())), [model?.html]);
  const language = templateHebrew ? 'he' : resolveLanguage(document.documentElement.lang, model?.lang);
  const apiBase = model?.apiBase || location.origin;
  const countryCode = model?.countryCode ?? '';
  const mounted = snapshot.state !== 'closed';
  const open = snapshot.state === 'form' || snapshot.state === 'thank-you';

  const close = useCallback((source: CloseSource) => machine.send({ type: 'close', source }), [machine]);
  const requestClose = useRequestClose(config?.id ?? '', open, close);
  const closing = useMemo(() => closeSettingsOf(design, config?.xCloseButton ?? false), [design, config?.xCloseButton]);
  const closeCountdown = useCloseCountdown(closing.xAfterSeconds, open);
  const animation = usePopupAnimation(config, design, snapshot.state);
  const layout = usePopupLayout(config, design, host);

  const effectCanvas = useRef<HTMLCanvasElement>(null);
  const backgroundEffect = readBackgroundEffect(design.background_effect);
  useBackgroundEffect(effectCanvas, backgroundEffect, open);

  const announce = useCallback((message: string) => {
    if (liveRef.current) liveRef.current.textContent = message;
  }, []);

  const submit = submitFlow(
    config ? { config, design, language, preview: !!model?.preview, declarative: !!model?.declarative } : null,
    templateSubmitPorts(host, template, language, {
      machine,
      announce,
      sent: (fields) => {
        submittedFields.current = fields;
        emitWindow('poptinSubmit', { poptin_id: config?.id });
      },
    }),
  );
  // The template listeners are bound once per template; they reach the current handlers through this ref.
  const handlers = useRef<PopupHandlers>({ submit, requestClose });
  useLayoutEffect(() => {
    handlers.current = { submit, requestClose };
  });

  useShowWhenVisible(machine, config, model?.visible !== false, snapshot.state, closing);

  const onHidden = () => {
    const { closeSource } = machine.snapshot;
    if (config && announcesClose(machine.snapshot))
      emitWindow('poptinClose', { poptin_id: config.id, source: closeSource });
    machine.send({ type: 'removed' });
  };

  useTemplateScreens(template, config, snapshot, () => refreshDynamicText.current());
  useTemplateStyles(host, template);
  const view = {
    host,
    model,
    config,
    design,
    language,
    apiBase,
    countryCode,
    mounted,
    closing,
    announce,
    machine,
    handlers,
    submitted: submittedFields,
    refresh: refreshDynamicText,
  };
  useDynamicText(template, view);
  const addons = useTemplateBinding(template, view);
  useTemplateMedia(template, snapshot.state);

  const html = useMemo(() => ({ __html: model?.html ?? '' }), [model?.html]);
  if (!config || snapshot.state === 'closed') return <SurfaceStyles />;

  const frame = connectPopup(snapshot, { config, language, closing, layout, closeCountdown, animation }, requestClose);
  return (
    <SurfaceFrame
      {...frame}
      closeSlot={
        closing.note ? (
          <button type="button" part="close-note" className="close-note" onClick={() => requestClose('x-button')}>
            {closing.note}
          </button>
        ) : undefined
      }
      onHidden={onHidden}
      backdrop={
        backgroundEffect ? (
          <canvas part="background-effect" className="background-effect" aria-hidden="true" ref={effectCanvas} />
        ) : undefined
      }
    >
      {model?.preview && (
        <p part="preview-notice" className="preview-notice" role="note">
          {translate(language, 'previewNotice')}
        </p>
      )}
      {slotted ? (
        <div className="content" ref={contentRef}>
          <slot />
        </div>
      ) : (
        <div className="content" ref={contentRef} dangerouslySetInnerHTML={html} />
      )}
      {config.type === 'fullpage' && !closing.locked && (
        <button
          type="button"
          part="skip-button"
          className="skip-button"
          disabled={closeCountdown > 0}
          data-countdown={closeCountdown || undefined}
          onClick={() => requestClose('skip-button')}
        >
          {skipLabel(language, closeCountdown)}
        </button>
      )}
      {config.showCredit && (
        <p part="credit" className="credit">
          <a href={new URL('/', apiBase).href} target="_blank" rel="noopener">
            {translate(language, 'poweredBy')} poptin-elements
          </a>
        </p>
      )}
      <p className="visually-hidden" aria-live="polite" ref={liveRef} />
      {fieldAddonPortals(addons, language, countryCode, frame.dir === 'rtl')}
    </SurfaceFrame>
  );
}

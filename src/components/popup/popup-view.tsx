import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { adoptStyles } from '../../core/adopted-styles.ts';
import { MODAL_TYPES } from '../../core/config/types.ts';
import { redirectFormData } from '../../core/forms/conversion-payload.ts';
import { readBackgroundEffect } from '../../core/games/delays.ts';
import { direction, isHebrewTag, resolveLanguage, templateLanguageTag } from '../../core/i18n/language.ts';
import { translate } from '../../core/i18n/strings.ts';
import { restoreInlineStyles } from '../../core/inline-styles.ts';
import { closeSettingsOf } from '../../core/popup/close-settings.ts';
import { popupLayout } from '../../core/popup/layout.ts';
import {
  announcesClose,
  hasThankYouScreen,
  initialSnapshot,
  type PopupEffect,
  type PopupEvent,
  type PopupSnapshot,
  transition,
} from '../../core/popup/view-machine.ts';
import type { CloseSource } from '../../core/public-types.ts';
import { log } from '../../core/safety.ts';
import { after } from '../../core/timers.ts';
import type { PopupModel } from '../../stores/popup-model.ts';
import { bindTemplateCountdowns, holdTemplateCountdowns } from '../countdown/template-countdowns.ts';
import { useCloseCountdown } from '../countdown/use-close-countdown.ts';
import { type FieldAddonViews, loadedFieldAddonViews, loadFieldAddonViews } from '../fields/addon-views.ts';
import { useBackgroundEffect } from '../games/use-background-effect.ts';
import { emit, emitWindow } from '../shared/emit.ts';
import type { SurfaceEventMap } from '../shared/surface.ts';
import { SurfaceFrame, SurfaceStyles, useRequestClose } from '../shared/surface-frame.tsx';
import { useSurfaceHost } from '../shared/surface-host.ts';
import { useMachine } from '../shared/use-machine.ts';
import { useStore } from '../shared/use-store.ts';
import { phoneCallUrl, planAfterSubmit } from '../template/after-submit.ts';
import type { SubmittedField } from '../template/field-dom.ts';
import type { FieldAddon } from '../template/field-enhance.ts';
import { bindTemplateForms, type FormBindingOptions } from '../template/form-binding.ts';
import { honeypotValue } from '../template/honeypot.ts';
import { clearSendError, type LeadOutcome, leadResponder, showSendError } from '../template/lead-delivery.ts';
import { followRedirect } from '../template/navigation.ts';
import { bindTemplateGames } from '../template/template-games.ts';
import {
  bindTemplateCoupons,
  bindTemplateDynamicText,
  bindTemplateSteps,
  loadMedia,
} from '../template/template-parts.ts';
import { bindTemplateStore } from '../template/template-store.ts';
import { slottedTemplateStyles } from '../template/template-styles.ts';
import { giveTemplateTextItsDirection } from '../template/text-direction.ts';
import {
  couponShown,
  labelByHeading,
  listenToTemplateClicks,
  markCallButtons,
  navigationOf,
  noDestination,
  placedWhereItSits,
  showScreen,
  showSentMessage,
  showThankYouScreen,
} from './popup-template.ts';
import { usePopupAnimation } from './use-popup-animation.ts';

export { SUBMIT_GUARD_MS } from '../template/form-binding.ts';

export type PopupSubmitDetail = SurfaceEventMap['poptin-submit'];

const NO_DESIGN: Record<string, unknown> = {};

/** The pop-up surface: the owner's template in the surface frame, its forms bound by the template convention. */
export function PopupView(): React.JSX.Element {
  const host = useSurfaceHost<PopupModel>();
  const model = useStore(host.model);
  const [snapshot, machine] = useMachine<
    PopupSnapshot<HTMLFormElement>,
    PopupEvent<HTMLFormElement>,
    PopupEffect<HTMLFormElement>
  >('pop-up', initialSnapshot, transition, (effect, context) => {
    if (effect.type === 'wait') return after(context, effect.ms, () => context.send(effect.next));
    if (effect.type === 'request-close') handlers.current.requestClose(effect.source);
    else if (effect.type === 'follow')
      followRedirect(navigationOf(host), effect.redirect.url, effect.redirect.newWindow);
    else effect.form.requestSubmit();
  });
  const [addons, setAddons] = useState<FieldAddon[]>([]);
  const [addonViews, setAddonViews] = useState<FieldAddonViews>(loadedFieldAddonViews);
  const contentRef = useRef<HTMLDivElement>(null);
  const slotted = model?.slotted === true;
  /** Where the template is once drawn: the shadow root's copy, or the element's own children when they are slotted. */
  const contentOf = (): HTMLElement | null => (contentRef.current && slotted ? host : contentRef.current);
  const liveRef = useRef<HTMLParagraphElement>(null);
  /** The fields of the lead sent, for the thank-you screen's `{{name}}`. */
  const submittedFields = useRef<SubmittedField[] | null>(null);
  const refreshDynamicText = useRef<() => void>(() => undefined);

  const config = model?.config;
  const isModal = config ? MODAL_TYPES.includes(config.type) : true;
  const design = config?.designProperties ?? NO_DESIGN;
  // Hebrew when the page, the display answer or the template itself says so (widget §1 names only the first two).
  const language = isHebrewTag(templateLanguageTag(model?.html?.toString()))
    ? 'he'
    : resolveLanguage(document.documentElement.lang, model?.lang);
  const apiBase = model?.apiBase || location.origin;
  const countryCode = model?.countryCode ?? '';
  const mounted = snapshot.state !== 'closed';
  const open = snapshot.state === 'form' || snapshot.state === 'thank-you';

  const close = useCallback((source: CloseSource) => machine.send({ type: 'close', source }), [machine]);
  const requestClose = useRequestClose(config?.id ?? '', open, close);
  const closing = useMemo(() => closeSettingsOf(design, config?.xCloseButton ?? false), [design, config?.xCloseButton]);
  const closeCountdown = useCloseCountdown(closing.xAfterSeconds, open);
  const animation = usePopupAnimation(config, design, snapshot.state);
  const layout = useMemo(
    () => (config ? placedWhereItSits(popupLayout(config.type, config.format, design.poptin_location), host) : null),
    [config, design, host],
  );
  useLayoutEffect(() => {
    if (layout?.formatProblem) log.warn(`pop-up ${config?.id}: ${layout.formatProblem}`);
    // The host is a block where the pop-up takes room in the page (a pushing bar, an embedded form).
    if (layout) host.dataset.rendering = layout.rendering;
  }, [layout, host, config?.id]);
  // With an exit effect the pop-up stays on screen while it plays (widget §4: 0.8 s).
  const onScreen = open || animation?.phase === 'exit';

  const effectCanvas = useRef<HTMLCanvasElement>(null);
  const backgroundEffect = readBackgroundEffect(design.background_effect);
  useBackgroundEffect(effectCanvas, backgroundEffect, open);

  const announce = useCallback((message: string) => {
    if (liveRef.current) liveRef.current.textContent = message;
  }, []);

  const onValidSubmit = (form: HTMLFormElement, fields: SubmittedField[]) => {
    if (!config) return;
    // Preview mode (widget §2): nothing is sent; the notice says so again.
    if (model?.preview) return announce(translate(language, 'previewNotice'));
    machine.send({ type: 'lead-taken' });
    clearSendError(form);
    const responder = leadResponder();
    emit<PopupSubmitDetail>(host, 'poptin-submit', {
      poptinId: config.id,
      fields,
      honeypot: honeypotValue(form),
      prize: machine.snapshot.gamePrize,
      respondWith: responder.respondWith,
    });
    const outcome =
      responder.outcome() ?? (model?.declarative ? Promise.resolve<LeadOutcome>({ status: 'nowhere' }) : null);
    if (!outcome) return handlers.current.afterSent(form, fields);
    form.setAttribute('aria-busy', 'true');
    void outcome.then(async (result) => {
      if (result.status === 'nowhere') await noDestination(host);
      form.removeAttribute('aria-busy');
      if (result.status === 'sent' || result.status === 'kept') {
        // The visitor's own code, when the server gave one with the lead: its chunk loads only then.
        if (result.couponCode !== undefined)
          import('../template/coupon-answer.ts')
            .then((chunk) => chunk.showCouponAnswer(contentOf(), result.couponCode!, language))
            .catch(log.error);
        return handlers.current.afterSent(form, fields);
      }
      // Never a thank-you for a lead that did not go: the visitor is told, and may send again.
      machine.send({ type: 'lead-failed' });
      announce(showSendError(form, language).textContent ?? '');
    });
  };

  /** The lead is on its way (or a page took it itself): the thank-you screen, the sent message, or the close. */
  const afterSent = (form: HTMLFormElement, fields: SubmittedField[]) => {
    if (!config) return;
    submittedFields.current = fields;
    emitWindow('poptinSubmit', { poptin_id: config.id });
    // A game's lead, sent with its result: the result screen stays, and the game's own delays close it.
    if (form === machine.snapshot.gameLeadForm) return;
    const thankYou = hasThankYouScreen(design, contentOf()?.querySelector('[data-poptin-screen="thank-you"]') != null);
    const plan = planAfterSubmit({
      config,
      language,
      thankYou,
      linkRedirect: machine.snapshot.linkRedirect,
      formData: redirectFormData(fields),
    });
    if (plan.screen === 'sent-message') {
      const sent = translate(language, 'leadSent');
      showSentMessage(form, sent);
      announce(sent);
    }
    machine.send({ type: 'submitted', plan });
  };
  // The template listeners are bound once per template; they reach the current handlers through this ref.
  const handlers = useRef({ onValidSubmit, afterSent, requestClose });
  useLayoutEffect(() => {
    handlers.current = { onValidSubmit, afterSent, requestClose };
  });

  // Show once a model is there and visible.
  const visible = model?.visible !== false;
  useLayoutEffect(() => {
    if (!config || !visible || snapshot.state !== 'hidden') return;
    machine.send({
      type: 'show',
      autoCloseMs: closing.autoCloseSeconds === null ? null : closing.autoCloseSeconds * 1_000,
    });
  }, [config, visible, snapshot.state, machine, closing.autoCloseSeconds]);

  const onHidden = () => {
    const { closeSource } = machine.snapshot;
    if (config && announcesClose(machine.snapshot))
      emitWindow('poptinClose', { poptin_id: config.id, source: closeSource });
    machine.send({ type: 'removed' });
  };

  // Screens: the form, then the thank-you screen when the submit shows one.
  useLayoutEffect(() => {
    const content = contentOf();
    if (!content || !config) return;
    if (snapshot.state === 'form') showScreen(content, 'form');
    if (snapshot.state === 'thank-you' && snapshot.afterSubmit?.screen === 'thank-you') {
      refreshDynamicText.current();
      showThankYouScreen(content);
    }
  }, [snapshot.state, snapshot.afterSubmit, config, slotted]);

  // Before anything reads the template: its inline styles, set aside by the sanitiser (a strict CSP forbids them as attributes).
  useLayoutEffect(() => {
    if (contentRef.current && !slotted) restoreInlineStyles(contentRef.current);
  });

  // Slotted children are the page's own: the page's styles reach them, and what the binding adds to them is
  // styled from the document, at no specificity.
  useLayoutEffect(() => {
    host.toggleAttribute('data-slotted', slotted);
    if (slotted) adoptStyles(document, slottedTemplateStyles);
  }, [host, slotted]);

  // `{{tag|fallback}}` filled from the page before anything reads the template's text; the sanitiser ran first.
  const cart = model?.cart ?? null;
  useLayoutEffect(() => {
    const content = contentOf();
    if (!content || !config || !mounted) return;
    const binding = bindTemplateDynamicText(content, () => ({
      query: location.search,
      countryCode,
      language,
      pageTitle: document.title,
      cart,
      designProperties: design,
      submitted: submittedFields.current,
      now: Date.now(),
    }));
    refreshDynamicText.current = binding.refresh;
    return () => {
      refreshDynamicText.current = () => undefined;
      binding.unbind();
    };
  }, [config, design, model?.html, slotted, countryCode, language, cart, mounted]);

  // Behaviour bound by the template convention (design §2).
  useLayoutEffect(() => {
    const content = contentOf();
    if (!content || !config || !mounted) return;
    const forms: FormBindingOptions = {
      language,
      designProperties: design,
      apiBase,
      countryCode,
      canSubmit: () => !machine.snapshot.leadTaken,
      onAddons: (found) => {
        setAddons(found);
        void loadFieldAddonViews(found.map((addon) => addon.kind)).then((views) => {
          // A date field whose calendar could not be loaded takes the date typed instead.
          for (const addon of found)
            if (addon.kind === 'date-picker' && !views['date-picker']) addon.input.readOnly = false;
          setAddonViews(views);
        });
      },
      onValidSubmit: (form, fields) => handlers.current.onValidSubmit(form, fields),
      announce,
    };
    const unbindForms = bindTemplateForms(content, forms);
    const unbindSteps = bindTemplateSteps(content, {
      ...forms,
      host,
      requestClose: () => handlers.current.requestClose('x-button'),
    });
    labelByHeading(host, content, config.id);
    giveTemplateTextItsDirection(content);
    const unbindCoupons = bindTemplateCoupons(content, language);
    const unbindCountdowns = bindTemplateCountdowns(content, design, () => handlers.current.requestClose('timer'));
    host.shownCoupon = couponShown(design, content);
    machine.send({ type: 'game-prize', prize: null });
    const unbindGames = bindTemplateGames(content, {
      raw: config.raw,
      designProperties: design,
      onPrize: (prize, coupon) => {
        machine.send({ type: 'game-prize', prize });
        if (coupon) host.shownCoupon = coupon;
      },
      submit: (form, how) => machine.send({ type: 'game-submit', form, screensFollow: how?.screensFollow ?? false }),
      redirect: (url) => followRedirect(navigationOf(host), url, true),
      requestClose: (source) => handlers.current.requestClose(source),
    });
    const unbindStore = bindTemplateStore(content, {
      designProperties: design,
      platform: model?.storePlatform ?? 'shopify',
      recommendations: model?.recommendations,
      language,
      announce,
    });
    const callUrl = phoneCallUrl(config);
    if (callUrl) markCallButtons(content, callUrl);
    const unlisten = listenToTemplateClicks(content, {
      call: (url) => machine.send({ type: 'call', url }),
      close: () => closing.templateButtonsClose && handlers.current.requestClose('x-button'),
      redirectLink: (redirect, form) => machine.send({ type: 'link-clicked', redirect, form }),
    });
    return () => {
      unbindForms();
      unbindSteps();
      unbindCoupons();
      unbindCountdowns();
      unbindGames();
      unbindStore();
      unlisten();
    };
  }, [
    config,
    design,
    model?.html,
    slotted,
    model?.storePlatform,
    model?.recommendations,
    language,
    apiBase,
    countryCode,
    mounted,
    announce,
    host,
    closing,
    machine,
  ]);

  // Video takes the source that fits once the pop-up is on screen; on close, media stops and is removed (widget §4).
  // The media chunk comes with a template that holds media (template-parts.ts), so it is here by the time it shows.
  useLayoutEffect(() => {
    const content = contentOf();
    if (!content || !mounted || !content.querySelector('video, audio')) return;
    const closing = snapshot.state === 'closing' || snapshot.state === 'closed';
    const act = (media: Awaited<ReturnType<typeof loadMedia>>) => {
      if (open) media.chooseVideoSources(content);
      // The page's own media stay in the page, stopped; a copy in the shadow root goes.
      else if (closing) (slotted ? media.pauseTemplateMedia : media.removeTemplateMedia)(content);
    };
    if (loadMedia.loaded) act(loadMedia.loaded);
    else void loadMedia().then(act, () => undefined);
  }, [open, mounted, snapshot.state, model?.html, slotted]);

  // Countdowns of the template count from when the pop-up shows, not from when it was prepared.
  useLayoutEffect(() => {
    const content = contentOf();
    if (content && mounted) holdTemplateCountdowns(content, !open);
  }, [open, mounted, model?.html, slotted]);

  const html = useMemo(() => ({ __html: model?.html ?? '' }), [model?.html]);
  if (!config || snapshot.state === 'closed') return <SurfaceStyles />;

  const dir = direction(language);
  return (
    <SurfaceFrame
      poptinId={config.id}
      label={config.name || 'Pop-up'}
      modal={isModal}
      open={onScreen}
      state={snapshot.state}
      kind={config.type}
      dir={dir}
      lang={language}
      placement={layout ? `at-${layout.vertical} at-${layout.horizontal}` : undefined}
      inFlow={layout?.rendering === 'in-flow' || layout?.rendering === 'in-place'}
      data={layout ? { 'data-format': String(layout.format), 'data-orientation': layout.orientation } : undefined}
      closeOnBackdrop={closing.closeOnScreenClick}
      escapeCloses={closing.escapeCloses}
      closeLabel={closing.xButton ? translate(language, 'closePopup') : undefined}
      closeCountdown={closeCountdown}
      closeSlot={
        closing.note ? (
          <button type="button" part="close-note" className="close-note" onClick={() => requestClose('x-button')}>
            {closing.note}
          </button>
        ) : undefined
      }
      animation={animation}
      hideDetail={{ source: snapshot.closeSource, submitted: snapshot.submitted }}
      requestClose={requestClose}
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
          {closeCountdown > 0 ? `${translate(language, 'skip')} (${closeCountdown})` : translate(language, 'skip')}
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
      {addons.map((addon) => {
        const DatePicker = addonViews['date-picker'];
        const PhoneCountrySelect = addonViews['phone-country'];
        const view =
          addon.kind === 'date-picker'
            ? DatePicker && (
                <DatePicker input={addon.input} language={language} bounds={addon.bounds} rtl={dir === 'rtl'} />
              )
            : PhoneCountrySelect && (
                <PhoneCountrySelect input={addon.input} language={language} countryCode={countryCode} />
              );
        return view ? createPortal(view, addon.slot, addon.key) : null;
      })}
    </SurfaceFrame>
  );
}

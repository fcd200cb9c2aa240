import { type RefObject, useLayoutEffect, useState } from 'react';
import type { PopupConfig } from '../../core/config/types.ts';
import type { Language } from '../../core/i18n/strings.ts';
import type { CloseSettings } from '../../core/popup/close-settings.ts';
import type { PopupEvent, PopupSnapshot } from '../../core/popup/view-machine.ts';
import type { CloseSource } from '../../core/public-types.ts';
import type { PopupModel } from '../../stores/popup-model.ts';
import { bindTemplateCountdowns } from '../countdown/template-countdowns.ts';
import { type FieldAddonViews, loadedFieldAddonViews, loadFieldAddonViews } from '../fields/addon-views.ts';
import type { SurfaceHost } from '../shared/surface-host.ts';
import { phoneCallUrl } from '../template/after-submit.ts';
import type { FieldAddon } from '../template/field-enhance.ts';
import { bindTemplateForms, type FormBindingOptions } from '../template/form-binding.ts';
import { followRedirect } from '../template/navigation.ts';
import { bindTemplateGames } from '../template/template-games.ts';
import { bindTemplateCoupons, bindTemplateSteps } from '../template/template-parts.ts';
import { bindTemplateStore } from '../template/template-store.ts';
import { giveTemplateTextItsDirection } from '../template/text-direction.ts';
import {
  couponShown,
  labelByHeading,
  listenToTemplateClicks,
  markCallButtons,
  navigationOf,
} from './popup-template.ts';
import type { SubmitFlow } from './submit-flow.ts';
import type { TemplateContent } from './template-content.ts';

/** What the template's listeners reach, bound once per template: the view's current handlers. */
export interface PopupHandlers {
  submit: SubmitFlow<HTMLFormElement>;
  requestClose(source: CloseSource): boolean;
}

export interface TemplateBindingSettings {
  host: SurfaceHost<PopupModel>;
  model: PopupModel | null | undefined;
  config: PopupConfig | undefined;
  design: Record<string, unknown>;
  language: Language;
  apiBase: string;
  countryCode: string;
  /** The view is on the page (not closed). */
  mounted: boolean;
  closing: CloseSettings;
  announce(message: string): void;
  machine: { readonly snapshot: PopupSnapshot<HTMLFormElement>; send(event: PopupEvent<HTMLFormElement>): void };
  handlers: RefObject<PopupHandlers>;
}

export interface FieldAddonsState {
  addons: FieldAddon[];
  views: FieldAddonViews;
}

const sameViews = (one: FieldAddonViews, other: FieldAddonViews) =>
  one['date-picker'] === other['date-picker'] && one['phone-country'] === other['phone-country'];

/** Behaviour bound by the template convention (design §2); the field add-ons its forms found, for the view to draw. */
export function useTemplateBinding(template: TemplateContent, settings: TemplateBindingSettings): FieldAddonsState {
  const { host, model, config, design, language, apiBase, countryCode, mounted, closing, announce, machine } = settings;
  const { handlers } = settings;
  const [addons, setAddons] = useState<FieldAddon[]>([]);
  const [views, setViews] = useState<FieldAddonViews>(loadedFieldAddonViews);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the template is read through its getter: a new markup or slotting is a new template to bind
  useLayoutEffect(() => {
    const content = template.content();
    if (!content || !config || !mounted) return;
    const forms: FormBindingOptions = {
      language,
      designProperties: design,
      apiBase,
      countryCode,
      canSubmit: () => handlers.current.submit.canSubmit(),
      // A form with no add-on (most ask for an e-mail alone), or views already loaded, leaves the state as it is:
      // a new but equal value would render the whole pop-up again in the task of its first render.
      onAddons: (found) => {
        setAddons((current) => (found.length === 0 && current.length === 0 ? current : found));
        void loadFieldAddonViews(found.map((addon) => addon.kind)).then((loaded) => {
          // A date field whose calendar could not be loaded takes the date typed instead.
          for (const addon of found)
            if (addon.kind === 'date-picker' && !loaded['date-picker']) addon.input.readOnly = false;
          setViews((current) => (sameViews(current, loaded) ? current : loaded));
        });
      },
      onValidSubmit: (form, fields) => handlers.current.submit.onValidSubmit(form, fields),
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
    template.html,
    template.slotted,
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
  return { addons, views };
}

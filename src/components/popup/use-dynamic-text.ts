import { type RefObject, useLayoutEffect } from 'react';
import type { PopupConfig } from '../../core/config/types.ts';
import type { Language } from '../../core/i18n/strings.ts';
import type { PopupModel } from '../../stores/popup-model.ts';
import type { SubmittedField } from '../template/field-dom.ts';
import { bindTemplateDynamicText } from '../template/template-parts.ts';
import type { TemplateContent } from './template-content.ts';

export interface DynamicTextSettings {
  model: PopupModel | null | undefined;
  config: PopupConfig | undefined;
  design: Record<string, unknown>;
  countryCode: string;
  language: Language;
  /** The view is on the page (not closed): the template is bound. */
  mounted: boolean;
  /** The fields of the lead sent, for the thank-you screen's `{{name}}`. */
  submitted: RefObject<SubmittedField[] | null>;
  /** Set to what fills the template's text again (before the thank-you screen shows). */
  refresh: RefObject<() => void>;
}

/** `{{tag|fallback}}` filled from the page before anything reads the template's text; the sanitiser ran first. */
export function useDynamicText(template: TemplateContent, settings: DynamicTextSettings): void {
  const { config, design, countryCode, language, mounted, submitted, refresh } = settings;
  const cart = settings.model?.cart ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the template is read through its getter: a new markup or slotting is a new template to bind
  useLayoutEffect(() => {
    const content = template.content();
    if (!content || !config || !mounted) return;
    const binding = bindTemplateDynamicText(content, () => ({
      query: location.search,
      countryCode,
      language,
      pageTitle: document.title,
      cart,
      designProperties: design,
      submitted: submitted.current,
      now: Date.now(),
    }));
    refresh.current = binding.refresh;
    return () => {
      refresh.current = () => undefined;
      binding.unbind();
    };
  }, [config, design, template.html, template.slotted, countryCode, language, cart, mounted]);
}

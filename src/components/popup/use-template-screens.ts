import { useLayoutEffect } from 'react';
import type { PopupConfig } from '../../core/config/types.ts';
import type { PopupSnapshot } from '../../core/popup/view-machine.ts';
import { showScreen, showThankYouScreen } from './popup-template.ts';
import type { TemplateContent } from './template-content.ts';

/** Screens: the form, then the thank-you screen when the submit shows one, its `{{name}}` refreshed first. */
export function useTemplateScreens(
  template: TemplateContent,
  config: PopupConfig | undefined,
  snapshot: PopupSnapshot<unknown>,
  refreshDynamicText: () => void,
): void {
  const { state, afterSubmit } = snapshot;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the screens are shown again in a template slotted anew, read through its getter
  useLayoutEffect(() => {
    const content = template.content();
    if (!content || !config) return;
    if (state === 'form') showScreen(content, 'form');
    if (state === 'thank-you' && afterSubmit?.screen === 'thank-you') {
      refreshDynamicText();
      showThankYouScreen(content);
    }
  }, [state, afterSubmit, config, template.slotted]);
}

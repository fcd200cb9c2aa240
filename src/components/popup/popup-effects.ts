import type { Cleanup, EffectContext } from '../../core/machine.ts';
import type { PopupEffect, PopupEvent, PopupSnapshot } from '../../core/popup/view-machine.ts';
import { after } from '../../core/timers.ts';
import { followRedirect } from '../template/navigation.ts';
import { navigationOf } from './popup-template.ts';
import type { PopupHandlers } from './use-template-binding.ts';

type Form = HTMLFormElement;

/** Carries out the view machine's effects: its timers, the close it asks for, a redirect, a form's submit. */
export function runPopupEffect(
  host: HTMLElement,
  handlers: { readonly current: Pick<PopupHandlers, 'requestClose'> },
  effect: PopupEffect<Form>,
  context: EffectContext<PopupSnapshot<Form>, PopupEvent<Form>>,
): Cleanup | undefined {
  if (effect.type === 'wait') return after(context, effect.ms, () => context.send(effect.next));
  if (effect.type === 'request-close') handlers.current.requestClose(effect.source);
  else if (effect.type === 'follow') followRedirect(navigationOf(host), effect.redirect.url, effect.redirect.newWindow);
  else effect.form.requestSubmit();
}

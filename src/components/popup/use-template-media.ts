import { useLayoutEffect } from 'react';
import type { PopupState } from '../../core/popup/view-machine.ts';
import { holdTemplateCountdowns } from '../countdown/template-countdowns.ts';
import { loadMedia } from '../template/template-parts.ts';
import type { TemplateContent } from './template-content.ts';

/** What of the template runs only while the pop-up is on screen: its media and its countdowns. */
export function useTemplateMedia(template: TemplateContent, state: PopupState): void {
  const { html, slotted } = template;
  const mounted = state !== 'closed';
  const open = state === 'form' || state === 'thank-you';
  // Video takes the source that fits once the pop-up is on screen; on close, media stops and is removed (widget §4).
  // The media chunk comes with a template that holds media (template-parts.ts), so it is here by the time it shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the template is read through its getter: a new markup or slotting is new media and countdowns
  useLayoutEffect(() => {
    const content = template.content();
    if (!content || !mounted || !content.querySelector('video, audio')) return;
    const act = (media: Awaited<ReturnType<typeof loadMedia>>) => {
      if (open) media.chooseVideoSources(content);
      // The page's own media stay in the page, stopped; a copy in the shadow root goes.
      else if (state === 'closing') (slotted ? media.pauseTemplateMedia : media.removeTemplateMedia)(content);
    };
    if (loadMedia.loaded) act(loadMedia.loaded);
    else void loadMedia().then(act, () => undefined);
  }, [open, mounted, state, html, slotted]);

  // Countdowns of the template count from when the pop-up shows, not from when it was prepared.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the template is read through its getter: a new markup or slotting is new media and countdowns
  useLayoutEffect(() => {
    const content = template.content();
    if (content && mounted) holdTemplateCountdowns(content, !open);
  }, [open, mounted, html, slotted]);
}

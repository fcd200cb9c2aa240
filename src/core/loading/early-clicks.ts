// A visitor may click what opens a hand-placed pop-up (`trigger="click:#offer"`) before the pop-up's code has
// loaded. The loader keeps the last clicks from the start; a pop-up arming its click trigger asks for them and
// opens if one of them was meant for it (early-click-targets.ts). The two sides talk through an event.
import { combine, listenSafely } from '../safety.ts';

export const ASK_EARLY_CLICKS = 'poptin-early-clicks';
const KEPT = 10;
/** A click older than this when the pop-up arms is not acted on. */
export const EARLY_CLICK_MS = 5_000;

export interface EarlyClicksRequest {
  reply(targets: Element[]): void;
}

/** The loader's side: keeps the targets of the last clicks and hands them to whoever asks. */
export function rememberEarlyClicks(doc: Document, now: () => number = Date.now): () => void {
  const clicks: { target: Element; at: number }[] = [];
  const stopKeeping = listenSafely(
    doc,
    'click',
    (event) => {
      if (!(event.target instanceof Element)) return;
      clicks.push({ target: event.target, at: now() });
      if (clicks.length > KEPT) clicks.shift();
    },
    { capture: true },
  );
  const stopAnswering = listenSafely<CustomEvent<EarlyClicksRequest>>(doc, ASK_EARLY_CLICKS, (event) => {
    const recent = clicks.filter((click) => now() - click.at <= EARLY_CLICK_MS && click.target.isConnected);
    event.detail.reply(recent.map((click) => click.target));
  });
  return combine([stopKeeping, stopAnswering]);
}

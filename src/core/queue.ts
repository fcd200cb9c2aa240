import { MODAL_TYPES, type PopupType } from './config/types.ts';
import { guard } from './safety.ts';

export interface QueueItem {
  id: string;
  type: PopupType;
}

export interface PopupQueue {
  /** Shows the pop-up now, or, for a modal kind while another modal is active, when that one is released. */
  enqueue(item: QueueItem): void;
  /** The pop-up closed: frees the modal slot (showing the next waiting modal) or drops it from the waiting line. */
  release(id: string): void;
  /** Forgets everything (single-page navigation); nothing is shown. */
  clear(): void;
  activeModal(): string | null;
  waiting(): string[];
}

export function isModalType(type: PopupType): boolean {
  return MODAL_TYPES.includes(type);
}

/**
 * Only one lightbox, gamified or fullpage pop-up is active at a time; the others wait in arrival order.
 * Bars, slide-ins and the other kinds are shown at once (widget §4 queue).
 */
export function createPopupQueue(show: (item: QueueItem) => void): PopupQueue {
  let active: string | null = null;
  let line: QueueItem[] = [];
  const safeShow = (item: QueueItem) => guard('show pop-up', () => show(item));
  return {
    enqueue(item) {
      if (!isModalType(item.type)) return safeShow(item);
      if (item.id === active || line.some((waiting) => waiting.id === item.id)) return;
      if (active === null) {
        active = item.id;
        safeShow(item);
      } else {
        line.push(item);
      }
    },
    release(id) {
      if (id !== active) {
        line = line.filter((waiting) => waiting.id !== id);
        return;
      }
      const next = line.shift();
      active = next ? next.id : null;
      if (next) safeShow(next);
    },
    clear() {
      active = null;
      line = [];
    },
    activeModal: () => active,
    waiting: () => line.map((item) => item.id),
  };
}

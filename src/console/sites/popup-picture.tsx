import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PopupSummary } from '../api/client.ts';
import { PopupPreview } from '../components/preview.tsx';
import { textOf } from '../editor/model/values.ts';
import { KindSchematic } from '../shell/schematic.tsx';
import { popupPictureQuery } from './queries.ts';

/** The width the pop-up is drawn at before it is shrunk into its card: a desktop visitor's. */
const DRAWN_WIDTH = 520;

/**
 * Drawings wait their turn: one per idle moment of the page, so that a fast scroll through fifty cards never draws
 * several in one frame and the list keeps answering the owner while its pictures fill in.
 */
const turns: (() => void)[] = [];
let turning = false;
const idle = (run: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 1000 }) : setTimeout(run, 16);
function nextTurn(): void {
  const run = turns.shift();
  if (!run) {
    turning = false;
    return;
  }
  run();
  idle(nextTurn);
}
function awaitTurn(run: () => void): () => void {
  turns.push(run);
  if (!turning) {
    turning = true;
    idle(nextTurn);
  }
  return () => {
    const index = turns.indexOf(run);
    if (index >= 0) turns.splice(index, 1);
  };
}

/**
 * A pop-up's own current content, drawn small in its card: in our <poptin-popup> as the editor's preview draws it
 * (the owner's HTML sanitised, nothing of it run), inert and hidden from screen readers (the card names it in words).
 * It is fetched and drawn only when the card comes near the screen, so a list of fifty costs what a screenful does;
 * until then, or for a pop-up with no content, the drawing of its kind stands in.
 */
export function PopupPicture({ clientId, popup }: { clientId: string; popup: PopupSummary }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      {
        rootMargin: '200px',
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  // Keyed by the last change: an edit draws the new content, an unchanged pop-up is not asked for again.
  const detail = useQuery({ ...popupPictureQuery(clientId, popup.id, popup.updatedAt), enabled: near });
  const draft = detail.data?.popup.draft;
  const content = draft ? textOf(draft.poptin) : '';
  const [html, setHtml] = useState('');
  useEffect(() => (content ? awaitTurn(() => setHtml(content)) : undefined), [content]);
  // The drawing is shrunk to fit the card whatever its height: measured once the element has drawn it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new content is a new frame to measure
  useEffect(() => {
    const element = box.current;
    const frame = element?.querySelector<HTMLElement>('.preview-frame');
    if (!element || !frame) return;
    const fit = () => {
      // A transform shrinks the drawing without changing its layout: what is measured stays the drawn size.
      const width = DRAWN_WIDTH;
      const height = Math.max(frame.offsetHeight, 1);
      const scale = Math.min(element.clientWidth / width, element.clientHeight / height, 1);
      element.style.setProperty('--picture-scale', String(scale));
      element.style.setProperty('--picture-x', `${(element.clientWidth - width * scale) / 2}px`);
      element.style.setProperty('--picture-y', `${Math.max(0, (element.clientHeight - height * scale) / 2)}px`);
      // The kind's drawing stays until the pop-up has drawn itself.
      if (frame.offsetHeight > 0) element.dataset.drawn = '';
    };
    const observer = new ResizeObserver(fit);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [html]);
  return (
    <div ref={box} className="popup-thumb popup-picture" aria-hidden="true" inert>
      <KindSchematic kind={popup.type} />
      {html && (
        <PopupPreview
          html={html}
          screen="form"
          format={textOf(draft?.poptin_format) || 'format_1'}
          label={popup.name || popup.id}
          width={DRAWN_WIDTH}
          copy
        />
      )}
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { htmlForScreen, type Screen } from '../model/content.ts';

/**
 * The pop-up in our own public <poptin-popup> element, placed by its attributes (no controller, no server): shown in
 * place inside its frame, so that the console around it stays usable, with the chosen screen showing.
 */
export function PopupPreview({
  html,
  screen,
  format,
  label,
  width,
  copy = false,
}: {
  html: string;
  screen: Screen;
  format: string;
  label: string;
  width: number;
  copy?: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = host.current;
    if (!frame) return;
    const element = document.createElement('poptin-popup');
    element.setAttribute('kind', 'embedded');
    element.setAttribute('trigger', 'immediate');
    element.setAttribute('format', format);
    element.setAttribute('aria-label', label);
    // In a <template> the owner's HTML stays inert in the console (nothing runs or loads); the element sanitises it
    // (DOMPurify) and draws it in its shadow root, as on a visitor's page.
    const template = document.createElement('template');
    template.innerHTML = htmlForScreen(html, screen);
    element.append(template);
    frame.replaceChildren(element);
    return () => element.remove();
  }, [html, screen, format, label]);
  // A second width of the same pop-up is for the eyes: inert, so that keyboard and screen reader meet the pop-up once.
  return (
    <div
      ref={host}
      className="preview-frame"
      style={{ inlineSize: `${width}px` }}
      data-preview-width={width}
      inert={copy}
    />
  );
}

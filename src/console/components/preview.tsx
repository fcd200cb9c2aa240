import { useEffect, useRef } from 'react';
import { htmlForScreen, type Screen } from '../editor/model/content.ts';

/** An element drawn inside the pop-up's shadow root (or one nested in it), found from the console. */
function findRendered(root: ParentNode, selector: string): HTMLElement | null {
  const direct = root.querySelector<HTMLElement>(selector);
  if (direct) return direct;
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const found = element.shadowRoot && findRendered(element.shadowRoot, selector);
    if (found) return found;
  }
  return null;
}

const HIGHLIGHT = '3px solid #2563eb';

/**
 * The pop-up in our own public <poptin-popup> element, placed by its attributes (no controller, no server): shown in
 * place inside its frame, so that the console around it stays usable, with the chosen screen showing. With onPart, a
 * click on a declared part (data-poptin-part) names it instead of acting (a submit does not submit); `highlight`
 * outlines a part. Both reach into the element's open shadow root from outside: the widget's API is unchanged.
 */
export function PopupPreview({
  html,
  screen,
  format,
  label,
  width,
  copy = false,
  onPart,
  highlight = null,
}: {
  html: string;
  screen: Screen;
  format: string;
  label: string;
  width: number;
  copy?: boolean;
  onPart?(role: string): void;
  highlight?: string | null;
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
    // A step's No (or any close) ends a visitor's pop-up; the preview stays, for the owner to go on.
    element.addEventListener('poptin-request-close', (event) => event.preventDefault());
    const template = document.createElement('template');
    template.innerHTML = htmlForScreen(html, screen);
    element.append(template);
    frame.replaceChildren(element);
    return () => element.remove();
  }, [html, screen, format, label]);

  useEffect(() => {
    const frame = host.current;
    if (!frame || !onPart) return;
    // Capture, at the frame: the pop-up's own handlers (submit, close) never see a click that picks a part.
    const pick = (event: MouseEvent) => {
      const path = event.composedPath();
      // A step's buttons (Next, Back, Yes/No) play the steps in the preview, even inside a part.
      if (path.some((node) => node instanceof Element && node.hasAttribute('data-poptin-step-go'))) return;
      const part = path.find(
        (node): node is Element => node instanceof Element && node.hasAttribute('data-poptin-part'),
      );
      if (!part) return;
      event.preventDefault();
      event.stopPropagation();
      onPart(part.getAttribute('data-poptin-part') ?? '');
    };
    frame.addEventListener('click', pick, true);
    return () => frame.removeEventListener('click', pick, true);
  }, [onPart]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new element (new html, screen, format or label) is outlined again
  useEffect(() => {
    const frame = host.current;
    if (!frame || !highlight) return;
    // The element draws its shadow root a moment after it is attached: look for the part until it is there.
    let outlined: HTMLElement | null = null;
    let frameId = 0;
    let tries = 0;
    const look = () => {
      const root = frame.querySelector('poptin-popup')?.shadowRoot;
      outlined = root ? findRendered(root, `[data-poptin-part="${CSS.escape(highlight)}"]`) : null;
      if (outlined) {
        outlined.style.setProperty('outline', HIGHLIGHT);
        outlined.style.setProperty('outline-offset', '3px');
        outlined.setAttribute('data-poptin-highlight', '');
      } else if (tries++ < 120) frameId = requestAnimationFrame(look);
    };
    look();
    return () => {
      cancelAnimationFrame(frameId);
      outlined?.style.removeProperty('outline');
      outlined?.style.removeProperty('outline-offset');
      outlined?.removeAttribute('data-poptin-highlight');
    };
  }, [highlight, html, screen, format, label]);

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

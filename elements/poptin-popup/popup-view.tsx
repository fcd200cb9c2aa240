import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { emit, emitWindow } from '../shared/emit.ts';
import { useStore } from '../shared/use-store.ts';
import { MODAL_TYPES } from '../../src/core/config/types.ts';
import { readSwitch } from '../../src/core/config/values.ts';
import { announcesClose, hasThankYouScreen, initialSnapshot, popupReducer, thankYouCloseSeconds, type CloseSource } from '../../src/core/popup/lifecycle.ts';
import { ESCAPE_CLOSE_DELAY_MS, SHAKE_MS } from '../../src/core/popup/timing.ts';
import { collectFields, type CollectedField } from '../../src/core/popup/template.ts';
import { basicProblems } from './form-binding.ts';
import { popupStyles } from './styles.ts';
import type { PopupHost } from '../../src/stores/popup-model.ts';

/** Double submits within this pause are ignored (widget §4 guard flag). */
export const SUBMIT_GUARD_MS = 1_000;

export interface PopupSubmitDetail {
  poptinId: string;
  fields: CollectedField[];
}

export interface PopupCloseDetail {
  poptinId: string;
  source: CloseSource;
}

const LOCATION_WORDS = ['top', 'middle', 'bottom', 'left', 'center', 'right'] as const;

function locationClasses(location: unknown): string {
  const words = String(location ?? 'center-middle').toLowerCase();
  const found = LOCATION_WORDS.filter((word) => words.includes(word));
  const vertical = found.find((w) => w === 'top' || w === 'middle' || w === 'bottom') ?? 'bottom';
  const horizontal = found.find((w) => w === 'left' || w === 'center' || w === 'right') ?? 'right';
  return `at-${vertical} at-${horizontal}`;
}

function showScreen(content: HTMLElement, screen: 'form' | 'thank-you') {
  content.querySelectorAll<HTMLElement>('[data-poptin-screen]').forEach((element) => {
    element.hidden = element.dataset.poptinScreen !== screen;
  });
}

function markProblems(content: HTMLElement, problems: { name: string; message: string }[]): HTMLElement | null {
  content.querySelectorAll('.poptin-error[data-for]').forEach((node) => node.remove());
  content.querySelectorAll('[aria-invalid]').forEach((node) => {
    node.removeAttribute('aria-invalid');
    node.classList.remove('poptin-invalid');
  });
  let first: HTMLElement | null = null;
  for (const problem of problems) {
    const control = content.querySelector<HTMLElement>(`[name="${CSS.escape(problem.name)}"]`);
    if (!control) continue;
    const message = document.createElement('p');
    message.className = 'poptin-error';
    message.dataset.for = problem.name;
    message.id = `poptin-error-${problem.name}`;
    message.textContent = problem.message;
    control.insertAdjacentElement('afterend', message);
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', message.id);
    control.classList.add('poptin-invalid');
    first ??= control;
  }
  return first;
}

/** The pop-up surface: owner template in a top-layer dialog (modal kinds) or a fixed panel (others). */
export function PopupView({ container }: { container?: ShadowRoot | HTMLElement }): React.JSX.Element {
  const host = (container instanceof ShadowRoot ? container.host : container) as PopupHost;
  const model = useStore(host.model);
  const [snapshot, dispatch] = useReducer(popupReducer, initialSnapshot);
  const baseRef = useRef<HTMLDialogElement & HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<HTMLParagraphElement>(null);
  const lastSubmitAt = useRef(-Infinity);
  const escapeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const config = model?.config;
  const isModal = config ? MODAL_TYPES.includes(config.type) : true;
  const design = config?.designProperties ?? {};

  const requestClose = useCallback(
    (source: CloseSource) => {
      if (!config) return;
      const allowed = emit<PopupCloseDetail>(host, 'poptin-request-close', { poptinId: config.id, source }, { cancelable: true });
      if (allowed) dispatch({ type: 'close', source });
    },
    [config, host],
  );

  // Show once a model is there.
  useLayoutEffect(() => {
    if (!config || snapshot.state !== 'hidden') return;
    dispatch({ type: 'show' });
  }, [config, snapshot.state]);

  // Layout effects: the dialog opens and the template is live before the first paint.
  useLayoutEffect(() => {
    const base = baseRef.current;
    if (!base || !config) return;
    if (snapshot.state === 'form') {
      emit(host, 'poptin-show', { poptinId: config.id });
      if (isModal && !base.open) base.showModal();
      else if (!isModal && !base.matches(':popover-open') && typeof base.showPopover === 'function') base.showPopover();
      emit(host, 'poptin-after-show', { poptinId: config.id });
    }
    if (snapshot.state === 'closing') {
      emit(host, 'poptin-hide', { poptinId: config.id, source: snapshot.closeSource });
      if (isModal && base.open) base.close();
      else if (!isModal && base.matches(':popover-open')) base.hidePopover();
      if (announcesClose(snapshot)) emitWindow('poptinClose', { poptin_id: config.id, source: snapshot.closeSource });
      emit(host, 'poptin-after-hide', { poptinId: config.id, source: snapshot.closeSource, submitted: snapshot.submitted });
      dispatch({ type: 'removed' });
    }
  }, [snapshot, config, host, isModal]);

  // Screens and auto-close of the thank-you screen.
  useEffect(() => {
    const content = contentRef.current;
    if (!content || !config) return;
    if (snapshot.state === 'form') showScreen(content, 'form');
    if (snapshot.state !== 'thank-you') return;
    showScreen(content, 'thank-you');
    const timer = setTimeout(() => requestClose('auto-close'), thankYouCloseSeconds(design) * 1000);
    return () => clearTimeout(timer);
  }, [snapshot.state, config, design, requestClose]);

  useEffect(() => () => clearTimeout(escapeTimer.current), []);

  // Behaviour bound by the template convention (design §2).
  useLayoutEffect(() => {
    const content = contentRef.current;
    if (!content || !config) return;
    // Our own messages replace the browser's validation bubbles, so the submit event always reaches us.
    content.querySelectorAll('form').forEach((form) => (form.noValidate = true));
    const onClick = (event: Event) => {
      const target = event.target as Element | null;
      if (target?.closest('[data-poptin-close]')) {
        event.preventDefault();
        requestClose('x-button');
      }
    };
    const onInput = (event: Event) => {
      const target = event.target as HTMLElement;
      if (target.getAttribute('aria-invalid') === 'true') markProblems(content, []);
    };
    const onSubmit = (event: Event) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const now = performance.now();
      if (now - lastSubmitAt.current < SUBMIT_GUARD_MS || snapshot.submitted) return;
      lastSubmitAt.current = now;
      const fields = collectFields(form);
      const { problems, nothingFilled } = basicProblems(fields);
      if (problems.length > 0 || nothingFilled) {
        const first = markProblems(content, nothingFilled && problems.length === 0 && fields[0] ? [{ name: fields[0].name, message: 'This field is required' }] : problems);
        form.classList.remove('poptin-shake');
        void form.offsetWidth;
        form.classList.add('poptin-shake');
        setTimeout(() => form.classList.remove('poptin-shake'), SHAKE_MS);
        if (liveRef.current) liveRef.current.textContent = problems[0]?.message ?? 'This field is required';
        first?.focus();
        lastSubmitAt.current = -Infinity;
        return;
      }
      markProblems(content, []);
      emit<PopupSubmitDetail>(host, 'poptin-submit', { poptinId: config.id, fields });
      emitWindow('poptinSubmit', { poptin_id: config.id });
      const thankYou = hasThankYouScreen(design, content.querySelector('[data-poptin-screen="thank-you"]') !== null);
      dispatch({ type: 'submitted', thankYou });
    };
    content.addEventListener('click', onClick);
    content.addEventListener('input', onInput);
    content.addEventListener('submit', onSubmit);
    return () => {
      content.removeEventListener('click', onClick);
      content.removeEventListener('input', onInput);
      content.removeEventListener('submit', onSubmit);
    };
  }, [config, design, host, requestClose, snapshot.submitted]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Keep the native dialog from closing at once: Escape closes after 800 ms (widget §9).
    event.preventDefault();
    if (escapeTimer.current !== undefined) return;
    escapeTimer.current = setTimeout(() => requestClose('escape'), ESCAPE_CLOSE_DELAY_MS);
  };

  const onBaseClick = (event: React.MouseEvent<HTMLElement>) => {
    const base = baseRef.current;
    if (!base || event.target !== base || !isModal) return;
    if (!readSwitch(design.poptin_design_close_on_screen_click, true)) return;
    const box = base.getBoundingClientRect();
    const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
    if (outside) requestClose('overlay');
  };

  const onNativeClose = () => {
    // Chromium's close watcher may close the dialog without a cancelable event on a repeated Escape.
    if (snapshot.state === 'form' || snapshot.state === 'thank-you') requestClose('escape');
  };

  const html = useMemo(() => ({ __html: model?.html ?? '' }), [model?.html]);
  if (!config || snapshot.state === 'closed') return <style>{popupStyles}</style>;

  const label = config.name || 'Pop-up';
  const panel = (
    <div part="panel" className="panel">
      {config.xCloseButton && (
        <button type="button" part="close-button" aria-label="Close popup" onClick={() => requestClose('x-button')}>
          <span aria-hidden="true">×</span>
        </button>
      )}
      <div className="content" ref={contentRef} dangerouslySetInnerHTML={html} />
      <p className="visually-hidden" aria-live="polite" ref={liveRef} />
    </div>
  );

  return (
    <>
      <style>{popupStyles}</style>
      {isModal ? (
        <dialog ref={baseRef} part="base" aria-label={label} data-state={snapshot.state} data-kind={config.type} onKeyDown={onKeyDown} onCancel={(e) => e.preventDefault()} onClose={onNativeClose} onClick={onBaseClick}>
          {panel}
        </dialog>
      ) : (
        <div ref={baseRef} part="base" role="dialog" aria-label={label} aria-modal="false" popover="manual" data-state={snapshot.state} data-kind={config.type} className={`is-inline ${locationClasses(design.poptin_location)}`} onKeyDown={onKeyDown}>
          {panel}
        </div>
      )}
    </>
  );
}

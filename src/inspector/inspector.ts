import { html, render, type TemplateResult } from 'lit-html';
import { adoptStyles } from '../core/adopted-styles.ts';
import { guard } from '../core/safety.ts';
import { $popups, type PopupRecord } from '../stores/popups.ts';
import { type DescribedPopup, describePopups, type InspectorRow } from './describe.ts';
import { inspectorCss } from './inspector-styles.ts';

const TITLE = 'Poptin inspector';
const EMPTY_TEXT = 'No pop-ups in the display answer yet';

let open: { host: HTMLElement; close: () => void } | null = null;

// Values are English, ids, URLs and times: <bdi> keeps their order intact in a right-to-left page.
function rowView(row: InspectorRow): TemplateResult {
  return html`<div class="row" data-row=${row.key}>
    <dt>${row.label}</dt>
    <dd>${row.values.length === 1 ? html`<bdi>${row.values[0]}</bdi>` : html`<ul>${row.values.map((value) => html`<li><bdi>${value}</bdi></li>`)}</ul>`}</dd>
  </div>`;
}

function popupView(popup: DescribedPopup): TemplateResult {
  return html`<article class="popup" data-popup-id=${popup.id} data-state=${popup.state}>
    <h3>
      <span class="name">${popup.name}</span>
      <span class="meta">${popup.id} · ${popup.type}</span>
      <span class="badge">${popup.state}</span>
    </h3>
    <dl>${popup.rows.map(rowView)}</dl>
  </article>`;
}

function panelView(popups: DescribedPopup[], close: () => void): TemplateResult {
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Handled here, so a pop-up that is open at the same time does not also close on this Escape.
    event.stopPropagation();
    close();
  };
  return html`<div class="panel" role="region" aria-label=${TITLE} @keydown=${onKeydown}>
    <div class="header">
      <h2>${TITLE}</h2>
      <button class="close" type="button" aria-label="Close the Poptin inspector" @click=${close}>×</button>
    </div>
    <div class="body" role="group" aria-label="Pop-ups of the display answer" tabindex="0">
      ${popups.length ? popups.map(popupView) : html`<p class="empty">${EMPTY_TEXT}</p>`}
    </div>
  </div>`;
}

/**
 * Opens the `?poptin-debug` panel: every pop-up of the display answer with its live state, triggers,
 * blocking rules and frequency cap. Calling it again while it is open returns the same close function.
 */
export function openInspector(): () => void {
  if (open?.host.isConnected) return open.close;
  open?.close();

  const host = document.createElement('div');
  host.setAttribute('data-poptin-inspector', '');
  const root = host.attachShadow({ mode: 'open' });
  adoptStyles(root, inspectorCss);

  let unsubscribe: (() => void) | null = null;
  const close = () => {
    unsubscribe?.();
    unsubscribe = null;
    host.remove();
    if (open?.host === host) open = null;
  };
  const draw = (popups: Record<string, PopupRecord>) =>
    guard('inspector render', () => render(panelView(describePopups(popups), close), root));

  (document.body ?? document.documentElement).append(host);
  open = { host, close };
  unsubscribe = $popups.subscribe(draw);
  return close;
}

// Lengths in px (host pages change the root font size) and logical properties (the panel mirrors in
// right-to-left pages). `!important` on :host wins over the page's own `!important` rules for the host,
// since for important declarations the shadow tree's context takes precedence.
export const inspectorCss = `
:host {
  all: initial !important;
  display: block !important;
  position: fixed !important;
  inset-block-end: 12px !important;
  inset-inline-start: 12px !important;
  z-index: 2147483647 !important;
  inline-size: min(420px, calc(100vw - 24px)) !important;
  visibility: visible !important;
  opacity: 1 !important;
}

.panel {
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  max-block-size: min(45vh, 420px);
  margin: 0;
  border: 1px solid #9ca3af;
  border-radius: 8px;
  background: #ffffff;
  color: #111827;
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.25);
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 12px;
  font-weight: 400;
  font-style: normal;
  line-height: 1.45;
  letter-spacing: normal;
  text-align: start;
  text-transform: none;
}

.header {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding-block: 8px;
  padding-inline: 12px 6px;
  border-block-end: 1px solid #d1d5db;
  background: #f3f4f6;
  border-start-start-radius: 8px;
  border-start-end-radius: 8px;
}

h2 {
  margin: 0;
  font: inherit;
  font-size: 13px;
  font-weight: 700;
  color: inherit;
}

.close {
  box-sizing: border-box;
  min-inline-size: 28px;
  min-block-size: 28px;
  margin: 0;
  padding: 0 6px;
  border: 1px solid transparent;
  border-radius: 4px;
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: 18px;
  line-height: 1;
  cursor: pointer;
}

.close:hover {
  background: #e5e7eb;
}

.close:focus-visible,
.body:focus-visible {
  outline: 2px solid #1d4ed8;
  outline-offset: -2px;
}

.body {
  overflow: auto;
  padding-block: 4px;
  padding-inline: 12px;
}

.empty {
  margin: 0;
  padding-block: 8px;
  color: #374151;
}

.popup {
  padding-block: 8px;
  border-block-end: 1px solid #e5e7eb;
}

.popup:last-child {
  border-block-end: 0;
}

h3 {
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 6px;
  margin: 0 0 4px;
  font: inherit;
  font-size: 12px;
  font-weight: 700;
  color: inherit;
}

.meta {
  font-weight: 400;
  color: #374151;
  unicode-bidi: isolate;
}

.badge {
  padding-inline: 6px;
  border-radius: 999px;
  font-weight: 700;
  background: #e5e7eb;
  color: #111827;
}

.popup[data-state='shown'] .badge { background: #bbf7d0; color: #14532d; }
.popup[data-state='armed'] .badge { background: #bfdbfe; color: #1e3a8a; }
.popup[data-state='queued'] .badge { background: #fde68a; color: #713f12; }
.popup[data-state='blocked'] .badge { background: #fecaca; color: #7f1d1d; }

dl {
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 2px 10px;
  margin: 0;
}

.row {
  display: contents;
}

dt {
  color: #374151;
}

dd {
  margin: 0;
  min-inline-size: 0;
  overflow-wrap: anywhere;
}

ul {
  margin: 0;
  padding-inline-start: 14px;
}
`;

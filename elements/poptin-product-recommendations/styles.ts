export const recommendationsStyles = `
:host {
  --poptin-product-gap: 12px;
  --poptin-product-background: #fff;
  --poptin-product-button-background: #111827;
  --poptin-product-button-color: #fff;
  display: block;
  font: 14px/1.4 var(--poptin-font-family, system-ui, sans-serif);
  color: #111827;
}
/* The frame's cap on a pop-up's height is the pop-up panel's business: here it would let the list spill out over
   what follows the element. */
[part~="base"] { max-height: none; }
[part~="list"] { display: flex; flex-wrap: wrap; justify-content: center; gap: var(--poptin-product-gap); margin: 0; padding: 0; list-style: none; }
[part~="product"] {
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  box-sizing: border-box;
  flex: 0 1 calc(33.33% - var(--poptin-product-gap));
  min-width: 140px;
  padding: 8px;
  border-radius: 8px;
  background: var(--poptin-product-background);
  text-align: center;
}
[data-count="1"] [part~="product"] { flex-basis: min(100%, 320px); }
[data-count="2"] [part~="product"] { flex-basis: calc(50% - var(--poptin-product-gap)); }
/* Sized by its card, never by the picture's own size, which arrives after the list shows (size containment). */
[part~="image"] { width: 100%; aspect-ratio: 1; contain: size; object-fit: contain; border-radius: 4px; }
[part~="title"] { margin: 4px 0 0; font-size: 15px; font-weight: 700; overflow-wrap: anywhere; }
[part~="description"], [part~="stock"] { margin: 0; font-size: 13px; color: #4b5563; }
[part~="price"] { margin: 0; font-weight: 700; }
[part~="compare-at-price"] { color: #6b7280; font-weight: 400; }
[part~="button"] {
  margin-top: auto;
  padding: 8px 14px;
  border: 0;
  border-radius: 6px;
  background: var(--poptin-product-button-background);
  color: var(--poptin-product-button-color);
  font: inherit;
  font-weight: 700;
  text-decoration: none;
  cursor: pointer;
}
[part~="button"][aria-disabled="true"] { opacity: 0.7; cursor: progress; }
[part~="button"]:focus-visible { outline: 3px solid var(--poptin-focus-color, #2563eb); outline-offset: 2px; }
/* On a phone each product is a row, its picture beside its text, so that three of them fit a screen or nearly. */
@media (max-width: 480px) {
  [part~="list"] [part~="product"] {
    display: grid;
    grid-template-columns: 88px 1fr;
    column-gap: 12px;
    align-items: center;
    justify-items: start;
    flex-basis: 100%;
    text-align: start;
  }
  [part~="image"] { grid-row: 1 / span 6; align-self: start; }
  [part~="product"] > :not([part~="image"]) { grid-column: 2; }
  [part~="title"] { margin: 0; }
}
`;

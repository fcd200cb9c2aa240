import { PoptinEmbedElement } from './poptin-embed.ts';

if (!customElements.get('poptin-embed')) customElements.define('poptin-embed', PoptinEmbedElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-embed': PoptinEmbedElement;
  }
}

/** The pop-up's template as the view's hooks see it. */
export interface TemplateContent {
  /** Where the template is once drawn: the shadow root's copy, or the element's own children when they are slotted. */
  content(): HTMLElement | null;
  /** The template's markup: a new one is bound again. */
  html: unknown;
  /** The template is the element's own children, slotted, rather than a copy in the shadow root. */
  slotted: boolean;
}

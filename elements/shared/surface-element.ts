import r2wc from '@r2wc/react-to-web-component';
import './preact-scheduling.ts';
import { atom, type WritableAtom } from 'nanostores';
import { type ComponentType, createElement } from 'react';
import { emit } from '../../src/components/shared/emit.ts';
import { SurfaceErrorBoundary } from '../../src/components/shared/error-boundary.ts';
import type { SurfaceElement, SurfaceEventMap, SurfaceEventName } from '../../src/components/shared/surface.ts';
import { SurfaceContext, type SurfaceHost } from '../../src/components/shared/surface-host.ts';
import type { CloseSource } from '../../src/core/popup/view-machine.ts';
import { log } from '../../src/core/safety.ts';
import { adoptPropertiesSetBeforeDefine } from './properties-set-before-define.ts';

/**
 * Sets an element's model from its attributes, as `read` makes it; when `read` finds none, the model is cleared
 * only if the `required` attribute is there (or `required` is true: a property was set to nothing). Unreadable attributes draw nothing and say why in the console.
 */
export function setModelFromAttributes<Model>(
  element: Element & { readonly model: WritableAtom<Model | null> },
  required: string | boolean,
  read: () => Model | null,
): void {
  try {
    const model = read();
    if (model || required === true || (typeof required === 'string' && element.hasAttribute(required)))
      element.model.set(model);
  } catch (error) {
    element.model.set(null);
    const objectAsText = [...element.attributes].find((attribute) => attribute.value === '[object Object]');
    const cause = objectAsText
      ? ` (its ${objectAsText.name} attribute reads "[object Object]": an object set before the element was defined; await defineElements() from poptin-elements before rendering it, or pass JSON text)`
      : '';
    log.warn(`<${element.localName}> shows nothing: ${error instanceof Error ? error.message : String(error)}${cause}`);
  }
}

export interface SurfaceElementOptions {
  /** How logs name the surface ("pop-up", "teaser tab", …). */
  name: string;
  /** The React view; it reads its host with `useSurfaceHost()` and draws itself in `SurfaceFrame`. */
  view: ComponentType;
  /** The element's own styles, drawn after the frame's. */
  styles: string;
  /**
   * It may sit inside a pop-up template. Such an element leaves the page while that pop-up's React commits;
   * its own React root is then unmounted just after, and kept when the element was only moved.
   */
  nested?: boolean;
}

/**
 * An element of the kit: a subclass with attributes of its own lists them after `super.observedAttributes` and
 * passes every change on to `super.attributeChangedCallback`, where r2wc reads its props.
 */
export type SurfaceElementClass<Model> = (new () => SurfaceElement<Model> &
  SurfaceHost<Model> & {
    attributeChangedCallback?(name: string, previous: string | null, value: string | null): void;
  }) & { readonly observedAttributes: string[] };

/**
 * The base class of a surface element: r2wc with an open shadow root, the view inside an error boundary
 * (a surface that cannot render says so with `poptin-error` and shows nothing), the model atom the
 * controller writes, `requestClose(source)`, the coupon shown, and typed event listening.
 */
export function createSurfaceElement<Model>({
  name,
  view,
  styles,
  nested = false,
}: SurfaceElementOptions): SurfaceElementClass<Model> {
  function SafeView(props: { container?: ShadowRoot | HTMLElement }) {
    const host = (
      props.container instanceof ShadowRoot ? props.container.host : props.container
    ) as SurfaceHost<unknown>;
    const onError = (error: unknown) =>
      emit<SurfaceEventMap['poptin-error']>(host, 'poptin-error', {
        poptinId: host.getAttribute('poptin-id') ?? '',
        message: error instanceof Error ? error.message : String(error),
      });
    return createElement(
      SurfaceContext.Provider,
      { value: { host, styles } },
      createElement(SurfaceErrorBoundary, { name, onError }, createElement(view)),
    );
  }

  const Rendered: CustomElementConstructor = r2wc(SafeView, { shadow: 'open', props: { poptinId: 'string' } });

  class Surface extends Rendered implements SurfaceHost<Model> {
    /**
     * The rendered model; set by the controller as a property, never as an attribute.
     * @internal
     */
    readonly model = atom<Model | null>(null);
    closer: ((source: CloseSource) => boolean) | null = null;
    shownCoupon = '';

    requestClose(source: CloseSource): boolean {
      return this.closer?.(source) ?? false;
    }

    get coupon(): string {
      return this.shownCoupon;
    }

    connectedCallback(): void {
      adoptPropertiesSetBeforeDefine(this);
      (Rendered.prototype as { connectedCallback?: () => void }).connectedCallback?.call(this);
    }

    disconnectedCallback(): void {
      const unmount = () =>
        (Rendered.prototype as { disconnectedCallback?: () => void }).disconnectedCallback?.call(this);
      if (!nested) return unmount();
      queueMicrotask(() => {
        if (!this.isConnected) unmount();
      });
    }

    on<Name extends SurfaceEventName>(eventName: Name, handler: (detail: SurfaceEventMap[Name]) => void): () => void {
      // A surface inside this one (a countdown in a pop-up template) dispatches the same event names.
      const listener = (event: Event) => {
        if (event.composedPath()[0] === this) handler((event as CustomEvent<SurfaceEventMap[Name]>).detail);
      };
      this.addEventListener(eventName, listener);
      return () => this.removeEventListener(eventName, listener);
    }
  }
  return Surface as unknown as SurfaceElementClass<Model>;
}

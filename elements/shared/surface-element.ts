import r2wc from '@r2wc/core';
import { atom, type WritableAtom } from 'nanostores';
import type { SurfaceElement, SurfaceEventMap, SurfaceEventName } from '../../src/components/shared/surface.ts';
import type { SurfaceHost } from '../../src/components/shared/surface-host.ts';
import type { CloseSource } from '../../src/core/public-types.ts';
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
      ? ` (its ${objectAsText.name} attribute reads "[object Object]": an object set before the element was defined; import 'poptin-elements/define' before rendering it, or pass JSON text)`
      : '';
    log.warn(`<${element.localName}> shows nothing: ${error instanceof Error ? error.message : String(error)}${cause}`);
  }
}

/** What r2wc hands a surface's view: the element's shadow root and its `poptin-id`. */
export interface SurfaceProps {
  container?: HTMLElement;
  poptinId?: string;
}

/** A surface's React view and how it renders into its element: `surfaceView()` (surface-view.ts) makes one. */
export interface SurfaceView {
  mount(container: HTMLElement, props: SurfaceProps): unknown;
  update(root: unknown, props: SurfaceProps): void;
  unmount(root: unknown): void;
}

export interface SurfaceElementOptions {
  /** Its view, when the class is made with it (a test's); an element's define.ts hands it over with viewArrived(). */
  view?: SurfaceView;
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
  }) & {
  readonly observedAttributes: string[];
  /** Its view is here (define.ts brings it with the class): elements waiting for it draw, the next ones at once. */
  viewArrived(view: SurfaceView): void;
  /** Where the view comes from, for a class defined without it (poptin-elements/define): imported on first connect. */
  viewFrom(load: () => Promise<SurfaceView>): void;
  /** Imports the view now rather than when the first such element is connected. */
  loadView(): Promise<void>;
};

/** An element's React root, or what it waits with for the view: its container and the latest props r2wc gave. */
interface SurfaceRoot {
  container: HTMLElement;
  props: SurfaceProps;
  root?: unknown;
}

/**
 * The base class of a surface element: r2wc with an open shadow root, the view (surface-view.ts) drawn there once
 * it has arrived, the model atom the controller writes, `requestClose(source)`, the coupon shown, and typed event
 * listening. Nothing here imports React: the class can be defined before React and the view have loaded.
 */
export function createSurfaceElement<Model>({
  view,
  nested = false,
}: SurfaceElementOptions = {}): SurfaceElementClass<Model> {
  let arrived = view ?? null;
  let load: (() => Promise<SurfaceView>) | null = null;
  let loading: Promise<void> | null = null;
  const waiting = new Set<SurfaceRoot>();
  const draw = (surfaceRoot: SurfaceRoot, loaded: SurfaceView) => {
    surfaceRoot.root = loaded.mount(surfaceRoot.container, surfaceRoot.props);
  };
  // r2wc mounts an element given an attribute before it is in the page (its "connected" flag starts true). The view
  // is drawn only in the page: its first render reads where it sits (a bar first in <body> pushes the page down), and
  // a popover cannot open out of it. Put in the page, r2wc updates it, and it is drawn then.
  const inPage = (surfaceRoot: SurfaceRoot) => surfaceRoot.container.isConnected;
  const drawWhenReady = (surfaceRoot: SurfaceRoot) => {
    if (!arrived) {
      waiting.add(surfaceRoot);
      void loadView();
    } else if (inPage(surfaceRoot)) draw(surfaceRoot, arrived);
  };
  const viewArrived = (loaded: SurfaceView) => {
    arrived ??= loaded;
    for (const surfaceRoot of waiting) if (inPage(surfaceRoot)) draw(surfaceRoot, arrived);
    waiting.clear();
  };
  const loadView = (): Promise<void> => {
    if (arrived || !load) return Promise.resolve();
    loading ??= load().then(viewArrived, (error: unknown) => {
      loading = null;
      log.warn(`a surface element cannot load its view: ${error instanceof Error ? error.message : String(error)}`);
    });
    return loading;
  };

  const Rendered: CustomElementConstructor = r2wc(
    () => null,
    { shadow: 'open', props: { poptinId: 'string' } },
    {
      mount(container, _component, props: SurfaceProps): SurfaceRoot {
        const surfaceRoot: SurfaceRoot = { container, props };
        drawWhenReady(surfaceRoot);
        return surfaceRoot;
      },
      update(surfaceRoot, props) {
        surfaceRoot.props = props;
        if (surfaceRoot.root !== undefined) arrived?.update(surfaceRoot.root, props);
        else drawWhenReady(surfaceRoot);
      },
      unmount(surfaceRoot) {
        waiting.delete(surfaceRoot);
        if (surfaceRoot.root !== undefined) arrived?.unmount(surfaceRoot.root);
      },
    },
  );

  class Surface extends Rendered implements SurfaceHost<Model> {
    /** @internal */
    static viewArrived(loaded: SurfaceView): void {
      viewArrived(loaded);
    }

    /** @internal */
    static viewFrom(source: () => Promise<SurfaceView>): void {
      load = source;
    }

    /** @internal */
    static loadView(): Promise<void> {
      return loadView();
    }

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

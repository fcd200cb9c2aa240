// The React side of a surface element: its view inside the surface's context and an error boundary, rendered by
// react-dom (preact/compat in the build) into the element's shadow root. Loaded with the view, never with the class.
import './preact-scheduling.ts';
import { type ComponentType, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { emit } from '../../src/components/shared/emit.ts';
import { SurfaceErrorBoundary } from '../../src/components/shared/error-boundary.ts';
import type { SurfaceEventMap } from '../../src/components/shared/surface.ts';
import { SurfaceContext, type SurfaceHost } from '../../src/components/shared/surface-host.ts';
import type { SurfaceProps, SurfaceView } from './surface-element.ts';

export interface SurfaceViewOptions {
  /** How logs name the surface ("pop-up", "teaser tab", …). */
  name: string;
  /** The React view; it reads its host with `useSurfaceHost()` and draws itself in `SurfaceFrame`. */
  view: ComponentType;
  /** The element's own styles, drawn after the frame's. */
  styles: string;
}

/** A surface's view inside its context and error boundary (a surface that cannot render says so with `poptin-error`). */
function SafeView({ container, surface }: SurfaceProps & { surface: SurfaceViewOptions }) {
  const host = (container instanceof ShadowRoot ? container.host : container) as SurfaceHost<unknown>;
  const onError = (error: unknown) =>
    emit<SurfaceEventMap['poptin-error']>(host, 'poptin-error', {
      poptinId: host.getAttribute('poptin-id') ?? '',
      message: error instanceof Error ? error.message : String(error),
    });
  return createElement(
    SurfaceContext.Provider,
    { value: { host, styles: surface.styles } },
    createElement(SurfaceErrorBoundary, { name: surface.name, onError }, createElement(surface.view)),
  );
}

/** The view of a surface element, rendered into its shadow root. */
export function surfaceView(surface: SurfaceViewOptions): SurfaceView {
  const draw = (props: SurfaceProps) => createElement(SafeView, { ...props, surface });
  return {
    mount(container, props) {
      const root = createRoot(container);
      root.render(draw(props));
      return root;
    },
    update(root, props) {
      (root as Root).render(draw(props));
    },
    unmount(root) {
      (root as Root).unmount();
    },
  };
}

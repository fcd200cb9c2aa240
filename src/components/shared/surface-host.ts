import { createContext, useContext } from 'react';
import type { CloseSource } from '../../core/public-types.ts';
import type { SurfaceElement } from './surface.ts';

/** The element a surface view renders into, as the view sees it: the public surface plus what the view reports back. */
export interface SurfaceHost<Model> extends SurfaceElement<Model> {
  /** What `requestClose` runs while the view can close; set by `SurfaceFrame`, null when nothing is open. */
  closer: ((source: CloseSource) => boolean) | null;
  /** The coupon the view shows; the view sets it once its template is bound. */
  shownCoupon: string;
}

export interface SurfaceContextValue {
  host: SurfaceHost<unknown>;
  /** The element's own styles, drawn after the frame's. */
  styles: string;
}

export const SurfaceContext = createContext<SurfaceContextValue | null>(null);

/** The host element of the surface being rendered, typed by its model. */
export function useSurfaceHost<Model>(): SurfaceHost<Model> {
  const context = useContext(SurfaceContext);
  if (!context)
    throw new Error('a surface view must be rendered by a surface element (elements/shared/surface-element.ts)');
  return context.host as SurfaceHost<Model>;
}

export function useSurfaceStyles(): string {
  return useContext(SurfaceContext)?.styles ?? '';
}

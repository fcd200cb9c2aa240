export declare const SURFACE_DOC: string;
/** The public surface as docs/public-surface.md keeps it, from custom-elements.json (the build's) by default. */
export declare function publicSurface(manifest?: unknown): string;

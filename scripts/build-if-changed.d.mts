/** A hash of the build's inputs under `root` (the repository by default): their paths and contents. */
export function buildInputsHash(root?: string): string;

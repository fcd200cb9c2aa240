// Design §3: no element folder imports from another; what two surfaces share lives in src/. The shared
// element factory in elements/shared/ is the one folder every element may import.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const SHARED_ELEMENT_FOLDER = 'shared';

export interface CrossElementImport {
  /** The importing file, relative to the folder that holds `elements/`. */
  file: string;
  specifier: string;
  /** The element folder the import reaches into. */
  target: string;
}

const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/gm,
  /^\s*import\s*(['"])([^'"]+)\1/gm,
  /\bimport\s*\(\s*(['"])([^'"]+)\1/g,
];

function importSpecifiers(source: string): string[] {
  return IMPORT_PATTERNS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[2]));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('node_modules'))
    .sort();
}

/** The element folder a specifier resolves into, or null when it stays in `own`, goes to shared/ or leaves elements/. */
function foreignFolder(elementsDir: string, own: string, file: string, specifier: string): string | null {
  let resolved: string;
  if (specifier.startsWith('./') || specifier.startsWith('../')) resolved = path.resolve(path.dirname(file), specifier);
  else if (specifier.startsWith('/')) resolved = path.join(path.dirname(elementsDir), specifier);
  else return null;
  const inside = path.relative(elementsDir, resolved);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return null;
  const folder = inside.split(path.sep)[0];
  return folder === own || folder === SHARED_ELEMENT_FOLDER ? null : folder;
}

/** Every import in a .ts/.tsx file of `elementsDir/<folder>/` (tests included) that reaches into another element folder. */
export function findCrossElementImports(elementsDir: string): CrossElementImport[] {
  const root = path.resolve(elementsDir);
  const folders = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return folders.flatMap((own) =>
    sourceFiles(path.join(root, own)).flatMap((file) =>
      importSpecifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const target = foreignFolder(root, own, file, specifier);
        return target === null ? [] : [{ file: path.relative(path.dirname(root), file).split(path.sep).join('/'), specifier, target }];
      }),
    ),
  );
}

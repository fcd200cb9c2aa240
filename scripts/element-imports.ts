// Design §3: no element folder imports from another; what two surfaces share lives in src/. The shared
// element factory in elements/shared/ is the one folder every element may import. The views (src/components)
// import no element folder: what they load of an element they find in src/registry.ts.
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

/** The file or folder a relative or root-relative specifier of `file` names; null for a package. */
function resolvedPath(root: string, file: string, specifier: string): string | null {
  if (specifier.startsWith('./') || specifier.startsWith('../')) return path.resolve(path.dirname(file), specifier);
  if (specifier.startsWith('/')) return path.join(root, specifier);
  return null;
}

const isInside = (folder: string, target: string) => {
  const inside = path.relative(folder, target);
  return inside !== '' && !inside.startsWith('..') && !path.isAbsolute(inside);
};

/** The element folder a specifier resolves into, or null when it stays in `own`, goes to shared/ or leaves elements/. */
function foreignFolder(elementsDir: string, own: string, file: string, specifier: string): string | null {
  const resolved = resolvedPath(path.dirname(elementsDir), file, specifier);
  if (resolved === null || !isInside(elementsDir, resolved)) return null;
  const folder = path.relative(elementsDir, resolved).split(path.sep)[0];
  return folder === own || folder === SHARED_ELEMENT_FOLDER ? null : folder;
}

/** Every import in a .ts/.tsx file of `elementsDir/<folder>/` (tests included) that reaches into another element folder. */
export function findCrossElementImports(elementsDir: string): CrossElementImport[] {
  const root = path.resolve(elementsDir);
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return folders.flatMap((own) =>
    sourceFiles(path.join(root, own)).flatMap((file) =>
      importSpecifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const target = foreignFolder(root, own, file, specifier);
        return target === null
          ? []
          : [{ file: path.relative(path.dirname(root), file).split(path.sep).join('/'), specifier, target }];
      }),
    ),
  );
}

/** Every import in a .ts/.tsx file of `root/folder` (tests included) that reaches into `root/elements/`. */
export function findImportsOfElements(root: string, folder: string): CrossElementImport[] {
  const elementsDir = path.resolve(root, 'elements');
  return sourceFiles(path.resolve(root, folder)).flatMap((file) =>
    importSpecifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
      const resolved = resolvedPath(path.resolve(root), file, specifier);
      if (resolved === null || !isInside(elementsDir, resolved)) return [];
      const target = path.relative(elementsDir, resolved).split(path.sep)[0]!;
      return [{ file: path.relative(root, file).split(path.sep).join('/'), specifier, target }];
    }),
  );
}

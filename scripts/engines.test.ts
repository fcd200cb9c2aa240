import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import semver from 'semver';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
}

const manifest = JSON.parse(await readFile('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(await readFile('package-lock.json', 'utf8')) as { packages: Record<string, LockedPackage> };
const declared = manifest.engines.node;
// The oldest Node the project says it runs on: a package that refuses it makes `npm ci` warn there.
const oldestDeclared = semver.minVersion(declared)?.version ?? '';

function nodeRange(entry: LockedPackage): string | null {
  // A few old packages write engines as an array of strings ("node >= 0.8"); npm itself ignores those.
  return entry.engines && !Array.isArray(entry.engines) && typeof entry.engines.node === 'string'
    ? entry.engines.node
    : null;
}

/** The locked packages whose engines exclude `version`, as `name@version (engines)`. */
function refusing(version: string): string[] {
  return (
    Object.entries(lock.packages)
      // npm leaves out an optional package that refuses the running Node without a word (rollup's lzma binary).
      .filter(([location, entry]) => location !== '' && !entry.optional)
      .flatMap(([location, entry]) => {
        const range = nodeRange(entry);
        if (range === null || semver.satisfies(version, range, { includePrerelease: true })) return [];
        return [`${location.replace(/^.*node_modules\//, '')}@${entry.version} (node ${range})`];
      })
  );
}

describe('Node versions the install supports', () => {
  it('the declared engines start at a real version', () => {
    assert.ok(semver.validRange(declared), `package.json engines.node "${declared}" is a version range`);
    assert.ok(oldestDeclared, `"${declared}" has a lowest version`);
  });

  it('no locked package refuses the oldest Node that package.json declares', () => {
    assert.deepEqual(
      refusing(oldestDeclared),
      [],
      `these packages make npm ci warn EBADENGINE on Node ${oldestDeclared}`,
    );
  });

  it('no locked package refuses the Node running this test', () => {
    assert.ok(
      semver.satisfies(process.version, declared),
      `Node ${process.version} is in the declared range ${declared}`,
    );
    assert.deepEqual(
      refusing(process.version),
      [],
      `these packages make npm ci warn EBADENGINE on Node ${process.version}`,
    );
  });
});

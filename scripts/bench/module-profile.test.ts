import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { gzipBytesByModule, selfMsByModule, UNMAPPED } from './module-profile.ts';
import type { Profile } from './page-metrics.ts';

// A built file of one line: its first 4 characters from src/a.ts, the next 6 from src/b.ts, after 2 of glue.
const CODE = 'xxaaaabbbbbb';
const MAP = {
  version: 3,
  sources: ['../../src/a.ts', '../../node_modules/lib/b.mjs'],
  names: [],
  // [column 2 → a.ts 0:0], [column 6 → b.mjs 0:0]
  mappings: 'EAAA,ICAA',
};

describe('bench: where the time and bytes go by module', () => {
  let dist: string;
  before(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'poptin-module-profile-'));
    await writeFile(path.join(dist, 'x.js'), CODE);
    await writeFile(path.join(dist, 'x.js.map'), JSON.stringify(MAP));
  });

  it("shares a file's gzip bytes by the generated code of each source, its glue apart", () => {
    const bytes = gzipBytesByModule({ '/dist/x.js': 1200, '/examples/page.js': 500 }, dist);
    assert.deepEqual(Object.fromEntries(bytes), { [UNMAPPED]: 200, 'src/a.ts': 400, 'lib/b.mjs': 600 });
  });

  it("counts a sample for its frame's module, a native call's for the script frame that made it, nothing else (V8's own scripts neither)", () => {
    const frame = (url: string, columnNumber = 0) => ({ url, functionName: '', lineNumber: 0, columnNumber });
    const profile: Profile = {
      nodes: [
        { id: 1, callFrame: frame(''), children: [2, 4, 5, 6] },
        { id: 2, callFrame: frame('http://127.0.0.1/dist/x.js?id=site', 3), children: [3] },
        { id: 3, callFrame: frame('') },
        { id: 4, callFrame: frame('http://127.0.0.1/dist/x.js', 8) },
        { id: 5, callFrame: frame('http://127.0.0.1/examples/page.js') },
        // V8's own scripts are named by addresses that are no URLs.
        { id: 6, callFrame: frame('v8/LoadTimes') },
      ],
      startTime: 0,
      samples: [2, 3, 4, 5, 6, 1, 2],
      // Each sample's time is the gap to the next one.
      timeDeltas: [0, 1000, 2000, 3000, 4000, 4000, 5000],
    };
    assert.deepEqual(Object.fromEntries(selfMsByModule(profile, dist)), { 'src/a.ts': 3, 'lib/b.mjs': 3 });
  });
});

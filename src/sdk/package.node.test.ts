// The published entry: importable in Node.js without a window, self-contained (no React, no other package).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { build } from 'esbuild';

const TSC = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');

describe('poptin-elements/sdk entry', () => {
  it('imports in Node.js 20 without touching browser globals', async () => {
    assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
    const sdk = await import('./index.ts');
    for (const name of [
      'createClient',
      'OAuthStrategy',
      'ApiKeyStrategy',
      'AppStrategy',
      'createWebhookVerifier',
      'generateCodeVerifier',
      'getScaledToFillImageUrl',
    ]) {
      assert.equal(typeof (sdk as Record<string, unknown>)[name], 'function', name);
    }
    assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
  });

  it('is published as poptin-elements/sdk: the built dist/sdk.js, importable by package name', async () => {
    // npm test builds before it runs the Node tests; the workspace links the library's package into node_modules.
    const entry: string = 'poptin-elements/sdk';
    const sdk = (await import(entry)) as Record<string, unknown>;
    for (const name of [
      'createClient',
      'OAuthStrategy',
      'ApiKeyStrategy',
      'AppStrategy',
      'createWebhookVerifier',
      'getImageUrl',
    ]) {
      assert.equal(typeof sdk[name], 'function', `${name} is exported`);
    }
  });

  it('ships type declarations: a strict TypeScript consumer of poptin-elements/sdk compiles, and a misuse does not', async () => {
    const dir = await mkdtemp(path.join(process.cwd(), 'test', '.consumer-'));
    try {
      const compile = async (source: string) => {
        await writeFile(path.join(dir, 'consumer.ts'), source);
        return spawnSync(
          process.execPath,
          [
            TSC,
            '--ignoreConfig',
            '--noEmit',
            '--strict',
            '--module',
            'nodenext',
            '--moduleResolution',
            'nodenext',
            '--types',
            'node',
            path.join(dir, 'consumer.ts'),
          ],
          { encoding: 'utf8' },
        );
      };
      const good = await compile(
        [
          "import { createClient, OAuthStrategy, type Tokens } from 'poptin-elements/sdk';",
          "const auth = OAuthStrategy({ clientId: 'client-id' });",
          'const client = createClient({ auth });',
          'export const tokens: Promise<Tokens> = auth.generateVisitorTokens();',
          'export const request = client.request;',
        ].join('\n'),
      );
      assert.equal(good.status, 0, good.stdout + good.stderr);
      const bad = await compile(
        "import { OAuthStrategy } from 'poptin-elements/sdk';\nOAuthStrategy({ clientId: 42 });\n",
      );
      assert.notEqual(bad.status, 0);
      assert.match(bad.stdout, /consumer.ts\(2,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('bundles from src/sdk alone, with no dependency on React or any other package', async () => {
    const result = await build({
      absWorkingDir: new URL('../../', import.meta.url).pathname,
      entryPoints: ['src/sdk/index.ts'],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    assert.ok(inputs.length > 10);
    assert.deepEqual(
      inputs.filter((path) => !path.startsWith('src/sdk/')),
      [],
    );
  });
});

// The published entry: importable in Node.js without a window, self-contained (no React, no other package).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build } from 'esbuild';

describe('poptin-elements/sdk entry', () => {
  it('imports in Node.js 20 without touching browser globals', async () => {
    assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
    const sdk = await import('./index.ts');
    for (const name of ['createClient', 'OAuthStrategy', 'ApiKeyStrategy', 'AppStrategy', 'createWebhookVerifier', 'generateCodeVerifier', 'getScaledToFillImageUrl']) {
      assert.equal(typeof (sdk as Record<string, unknown>)[name], 'function', name);
    }
    assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
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
    assert.deepEqual(inputs.filter((path) => !path.startsWith('src/sdk/')), []);
  });
});

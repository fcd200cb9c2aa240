// @web/test-runner plugin: starts the SDK's fake platform with the dev server and tells the browser
// tests where it listens (GET /__sdk-platform__.json -> { baseUrl }). The server is TypeScript, loaded through tsx.
import { tsImport } from 'tsx/esm/api';

const INFO_PATH = '/__sdk-platform__.json';

export function sdkPlatformPlugin() {
  let platform;
  return {
    name: 'sdk-platform',
    async serverStart() {
      const { startPlatform } = await tsImport('./server.ts', import.meta.url);
      platform = await startPlatform();
    },
    async serverStop() {
      await platform?.close();
    },
    serve(context) {
      if (context.path === INFO_PATH && platform) {
        return { body: JSON.stringify({ baseUrl: platform.baseUrl }), type: 'json' };
      }
      return undefined;
    },
  };
}

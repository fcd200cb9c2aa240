// Sanitises owner templates off the display server's main thread: jsdom takes about a second to load, and DOMPurify
// walks a 256 KiB template for a second or two at 4× load, which on the main thread would hold every request. A plain
// module, as Node starts a worker without the TypeScript loader the server runs with: it registers it, then reads the
// widget's own rules and inline-style step.
import { parentPort } from 'node:worker_threads';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { register } from 'tsx/esm/api';

register();
const { moveInlineStyles } = await import('../../src/core/inline-styles.ts');
const { TEMPLATE_RULES } = await import('../../src/core/sanitize.ts');
const purify = createDOMPurify(new JSDOM('').window);

parentPort?.on('message', ({ id, html }) => {
  try {
    parentPort?.postMessage({ id, html: purify.sanitize(moveInlineStyles(html), TEMPLATE_RULES) });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});

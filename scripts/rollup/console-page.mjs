import { readFileSync } from 'node:fs';

/**
 * Writes the console's index.html (and its stylesheet and favicon) next to its bundle, naming the hashed entry file: the server
 * serves dist/console/ at /console/, every client-side route answering with this page.
 */
export function consolePage({ html, css, favicon }) {
  return {
    name: 'console-page',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (!entry) throw new Error('console-page: no entry chunk');
      const stylesheet = this.emitFile({ type: 'asset', name: 'console.css', source: readFileSync(css, 'utf8') });
      const icon = this.emitFile({ type: 'asset', name: 'favicon.svg', source: readFileSync(favicon, 'utf8') });
      const page = readFileSync(html, 'utf8')
        .replace('%CONSOLE_JS%', entry.fileName)
        .replace('%CONSOLE_CSS%', this.getFileName(stylesheet))
        .replace('%CONSOLE_FAVICON%', this.getFileName(icon));
      this.emitFile({ type: 'asset', fileName: 'index.html', source: page });
    },
  };
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

/**
 * The example pages run scripts from this server only, never inside another site's frame, and take no inline
 * style: the widget styles its shadow roots with constructable stylesheets and applies template styles through
 * the CSSOM. Markup reaches the DOM only as Trusted Types from the widget's "poptin" policy (and lit-html's, for
 * the inspector). Calls to another display server (data-api-base) stay allowed.
 */
export const EXAMPLES_CONTENT_SECURITY_POLICY = [
  "script-src 'self'",
  "style-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types poptin lit-html',
].join('; ');

// Pages, templates, styles, scripts and images. Not JSON: the configuration files (popups/, clients/) hold
// what the display API keeps to itself, such as conversion_code.
const PUBLIC_EXAMPLE = /(?:\/|\.(?:html|css|js|mjs|svg|png|jpe?g|gif|webp|avif|ico|woff2?))$/;

export interface StaticRoutesOptions {
  examplesDir?: string;
  /** The server's own build (dist/): the console, the elements' reference pages, the example site's bundle. */
  distDir?: string;
  /** The library's build (packages/poptin-elements/dist/): the loader, its chunks, the framework entries. */
  widgetDir?: string;
}

/**
 * The library's files carry no sourceMappingURL comment (its npm package ships no maps): a browser's developer tools
 * find the map beside a file at /dist/ through this header.
 */
function sourceMapHeader(reply: FastifyReply, file: string): void {
  if (reply.request.url.startsWith('/dist/') && file.endsWith('.js') && existsSync(`${file}.map`))
    reply.header('SourceMap', `${path.basename(file)}.map`);
}

/**
 * Examples at / and /examples/ (pages and what they load, not the configuration files), built files at
 * /dist/ (the library's, then the server's own), the elements' reference at /docs/. The loader is also served at
 * /poptin.js, the drop-in address of design §2 (`<script src="https://HOST/poptin.js?id=…">`). A folder that does not
 * exist yet (before a build) only makes its files 404.
 */
export const staticRoutes: FastifyPluginAsync<StaticRoutesOptions> = async (app, options) => {
  const builds = [...new Set([options.widgetDir, options.distDir].filter((dir) => dir !== undefined))].map((dir) =>
    path.resolve(dir),
  );
  if (builds.length > 0) {
    await app.register(fastifyStatic, {
      root: builds.length === 1 ? builds[0]! : builds,
      prefix: '/dist/',
      setHeaders: sourceMapHeader,
    });
    app.get('/poptin.js', (_request, reply) => reply.sendFile('poptin.js', builds[0]!));
  }
  if (options.distDir) {
    // The elements' reference pages, generated from custom-elements.json by the build, each with its live example.
    await app.register(fastifyStatic, {
      root: path.join(path.resolve(options.distDir), 'docs'),
      prefix: '/docs/',
      decorateReply: false,
      setHeaders: (reply: FastifyReply, file: string) => {
        if (file.endsWith('.html')) reply.header('Content-Security-Policy', EXAMPLES_CONTENT_SECURITY_POLICY);
      },
    });
    app.get('/docs', (_request, reply) => reply.redirect('/docs/'));
  }
  if (options.examplesDir) {
    const examples = {
      root: path.resolve(options.examplesDir),
      decorateReply: false,
      allowedPath: (pathname: string) => PUBLIC_EXAMPLE.test(pathname),
      setHeaders: (reply: FastifyReply, file: string) => {
        if (file.endsWith('.html')) reply.header('Content-Security-Policy', EXAMPLES_CONTENT_SECURITY_POLICY);
      },
    };
    await app.register(fastifyStatic, { ...examples, prefix: '/' });
    await app.register(fastifyStatic, { ...examples, prefix: '/examples/' });
    app.get('/examples', (_request, reply) => reply.redirect('/examples/'));
  }
};

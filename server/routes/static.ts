import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

export interface StaticRoutesOptions {
  examplesDir?: string;
  distDir?: string;
}

/**
 * Examples at / and /examples/, built files at /dist/. The loader is also served at /poptin.js, the
 * drop-in address of design §2 (`<script src="https://HOST/poptin.js?id=…">`). A folder that does not
 * exist yet (dist/ before a build) only makes its files 404.
 */
export const staticRoutes: FastifyPluginAsync<StaticRoutesOptions> = async (app, options) => {
  if (options.distDir) {
    const distRoot = path.resolve(options.distDir);
    await app.register(fastifyStatic, { root: distRoot, prefix: '/dist/' });
    app.get('/poptin.js', (_request, reply) => reply.sendFile('poptin.js', distRoot));
  }
  if (options.examplesDir) {
    const examplesRoot = path.resolve(options.examplesDir);
    await app.register(fastifyStatic, { root: examplesRoot, prefix: '/', decorateReply: false });
    await app.register(fastifyStatic, { root: examplesRoot, prefix: '/examples/', decorateReply: false });
    app.get('/examples', (_request, reply) => reply.redirect('/examples/'));
  }
};

// The console at /console/: its built files from dist/console/, and index.html for every client-side route.
import { access } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { errorBody } from '../platform/errors.ts';

/**
 * The console runs only its own scripts, talks only to this server and is never framed. Styles may be inline:
 * the code editor and the previews' elements add style elements at run time.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const ASSET = /\.[a-z0-9]{1,8}$/i;

export const consoleRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const consoleRoot = path.resolve(distDir, 'console');
  // Only reply.sendFile: the routes below decide what each path serves. Revalidated on every load (ETag), so a
  // new build is seen at once whatever its file names.
  await app.register(fastifyStatic, { root: consoleRoot, serve: false, cacheControl: false });
  const send = (reply: FastifyReply, file: string) =>
    reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', CONSOLE_CONTENT_SECURITY_POLICY)
      .sendFile(file, consoleRoot);
  const sendIndex = async (reply: FastifyReply) => {
    const built = await access(path.join(consoleRoot, 'index.html')).then(
      () => true,
      () => false,
    );
    if (!built)
      return reply
        .code(404)
        .send(errorBody(404, 'The console is not built yet: run `npm run build` (or `npm start`, which builds it)'));
    return send(reply, 'index.html');
  };

  app.get('/console', (_request, reply) => reply.redirect('/console/'));
  app.get('/console/', (_request, reply) => sendIndex(reply));
  app.get<{ Params: { '*': string } }>('/console/*', (request, reply) => {
    const rest = request.params['*'];
    // A file name is an asset (404 when missing); any other path is a page of the console's own router.
    if (ASSET.test(rest)) return send(reply, rest);
    return sendIndex(reply);
  });
};

// Images an owner uploads for their pop-ups: POST and GET /api/owner/{clientId}/images behind registerOwnerAuth, and
// GET /images/{id} for everyone (a visitor's page loads them). Stored in the database, so every process serves them.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ConfigurationRepository } from '../configuration/repository.ts';
import type { Database } from '../db/database.ts';
import { errorBody } from '../platform/errors.ts';
import { CLIENT_ID_PATTERN } from '../platform/ids.ts';
import { randomLowercaseId } from './random-id.ts';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * The types a pop-up may show, each with the bytes its files start with. SVG is not among them: it can carry script,
 * and an SVG opened from /images/ would run it on this server's origin.
 */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};
export const IMAGE_TYPES = Object.keys(SIGNATURES);

const IMAGE_ID = '^[a-z0-9]{24}$';

export interface ImageSummary {
  id: string;
  url: string;
  contentType: string;
  size: number;
  createdAt: string;
}

interface ImageRow {
  id: string;
  content_type: string;
  size: number;
  created_at: Date | string;
}

const summaryOf = (row: ImageRow): ImageSummary => ({
  id: row.id,
  url: `/images/${row.id}`,
  contentType: row.content_type,
  size: Number(row.size),
  createdAt: new Date(row.created_at).toISOString(),
});

export const imageRoutes: FastifyPluginAsync<{
  db: Database;
  configuration: Pick<ConfigurationRepository, 'findClient'>;
}> = async (app, { db, configuration }) => {
  // Only in this scope: elsewhere an image body stays an unsupported type (415).
  app.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  const params = { type: 'object', properties: { clientId: { type: 'string', pattern: CLIENT_ID_PATTERN } } };

  app.post<{ Params: { clientId: string }; Body: Buffer }>(
    '/:clientId/images',
    { bodyLimit: MAX_IMAGE_BYTES, schema: { params } },
    async (request, reply) => {
      const { clientId } = request.params;
      if (!(await configuration.findClient(clientId)))
        return reply.code(404).send(errorBody(404, `Unknown site ${clientId}`));
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0)
        return reply.code(400).send(errorBody(400, 'The image is empty'));
      if (!SIGNATURES[type]?.(bytes))
        return reply.code(415).send(errorBody(415, `The file is not a ${type} image (its first bytes say otherwise)`));
      const id = randomLowercaseId(24);
      const [row] = await db.query<ImageRow>(
        'INSERT INTO images (id, client_id, content_type, bytes, size) VALUES ($1, $2, $3, $4, $5) RETURNING id, content_type, size, created_at',
        [id, clientId, type, bytes, bytes.length],
      );
      return reply.code(201).send({ image: summaryOf(row!) });
    },
  );

  app.get<{ Params: { clientId: string } }>('/:clientId/images', { schema: { params } }, async (request) => {
    const rows = await db.query<ImageRow>(
      'SELECT id, content_type, size, created_at FROM images WHERE client_id = $1 ORDER BY created_at DESC, id LIMIT 200',
      [request.params.clientId],
    );
    return { images: rows.map(summaryOf) };
  });
};

/** GET /images/{id}: the bytes with their own type, never sniffed, cached for a year (an id never changes content). */
export function registerPublicImages(app: FastifyInstance, db: Database): void {
  app.get<{ Params: { id: string } }>(
    '/images/:id',
    { schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: IMAGE_ID } } } } },
    async (request, reply) => {
      const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>(
        'SELECT content_type, bytes FROM images WHERE id = $1',
        [request.params.id],
      );
      if (!row) return reply.code(404).send(errorBody(404, 'No such image'));
      return reply
        .header('Content-Type', row.content_type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(Buffer.from(row.bytes));
    },
  );
}

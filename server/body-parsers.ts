import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';

function decodeForm(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return fields;
}

/**
 * Bodies come as JSON, form-encoded, or text/plain: navigator.sendBeacon and keepalive fetches on page
 * unload use text/plain so no preflight is needed. A text/plain body holds JSON (starts with "{") or a
 * form-encoded string, and is parsed like the matching content type.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(formbody);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    const text = (body as string).trim();
    if (text.startsWith('{') || text.startsWith('[')) {
      return parseJson(request, text, (error, value) => {
        if (error) return done(Object.assign(new Error(`text/plain body is not valid JSON: ${error.message}`), { statusCode: 400 }), undefined);
        done(null, value);
      });
    }
    done(null, decodeForm(text));
  });
}

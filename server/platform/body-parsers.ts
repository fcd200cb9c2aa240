import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from './errors.ts';

/** Deepest nesting of lists and objects a body may have; the widget's deepest is 3 (newExtraFields records). */
const MAX_BODY_DEPTH = 32;

type Fields = Record<string, unknown>;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Refuses text that PostgreSQL cannot store: NUL (text and jsonb have no \u0000) and lone UTF-16 surrogates,
 * which are not Unicode (jsonb refuses them and a text column would silently turn them into U+FFFD).
 */
export function assertStorableText(text: string, where: string): void {
  if (text.includes('\u0000'))
    throw new BadRequestError(`${where} holds a NUL character (\\u0000), which cannot be stored`);
  const surrogate = LONE_SURROGATE.exec(text)?.[0];
  if (surrogate !== undefined) {
    const code = surrogate.charCodeAt(0).toString(16);
    throw new BadRequestError(`${where} is not valid Unicode: it holds a lone surrogate (\\u${code})`);
  }
}

/**
 * Fields keep whatever names they were sent with: the object has no prototype, so `constructor` or
 * `valueOf` are ordinary fields and `__proto__` is kept as one instead of being taken for the prototype.
 */
function newFields(): Fields {
  return Object.create(null) as Fields;
}

/** A form-encoded string; a repeated name gives a list of its values. */
function decodeForm(text: string): Fields {
  const fields = newFields();
  for (const [name, value] of new URLSearchParams(text)) {
    assertStorableText(name, 'a field name of the body');
    assertStorableText(value, `body/${name}`);
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return fields;
}

/**
 * A parsed JSON value copied into prototype-less objects, with every text checked and its nesting bounded
 * (`depth`: the levels above it): deeper values would overflow the stack of JSON.stringify. A `__proto__`
 * key is refused, as Fastify's own JSON parser does, so that no later merge can take it for a prototype.
 */
export function checkedJson(value: unknown, where: string, depth: number): unknown {
  if (typeof value === 'string') {
    assertStorableText(value, where);
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_BODY_DEPTH) throw new BadRequestError(`body is nested more than ${MAX_BODY_DEPTH} levels deep`);
  if (Array.isArray(value)) return value.map((item, index) => checkedJson(item, `${where}/${index}`, depth + 1));
  const copy = newFields();
  for (const [name, item] of Object.entries(value)) {
    assertStorableText(name, `a field name of ${where}`);
    if (name === '__proto__')
      throw new BadRequestError(`${where} has a field named __proto__, which a JSON body may not carry`);
    copy[name] = checkedJson(item, `${where}/${name}`, depth + 1);
  }
  return copy;
}

/** A JSON body; `what` names it in the message when it does not parse. */
function decodeJson(text: string, what = 'body'): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BadRequestError(`${what} is not valid JSON: ${(error as Error).message}`);
  }
  return checkedJson(value, 'body', 0);
}

/**
 * Bodies come as JSON, form-encoded, or text/plain: navigator.sendBeacon and keepalive fetches on page
 * unload use text/plain so no preflight is needed. A text/plain body holds JSON (starts with "{") or a
 * form-encoded string, and is parsed like the matching content type. Every parser refuses, with a 400,
 * text that cannot be stored and JSON nested deeper than MAX_BODY_DEPTH.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { parser: decodeForm });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, decodeJson(body as string));
  });
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    done(null, text.startsWith('{') || text.startsWith('[') ? decodeJson(text, 'text/plain body') : decodeForm(text));
  });
}

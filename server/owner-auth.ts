import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's characters nor its length leak through timing. */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

export function ownerAuthHook(ownerToken: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (match && tokenMatches(match[1]!, ownerToken)) return;
    return reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer')
      .send(errorBody(401, 'Owner token required: send "Authorization: Bearer <OWNER_TOKEN>"'));
  };
}

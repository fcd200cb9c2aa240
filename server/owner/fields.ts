import type { FastifyReply } from 'fastify';
import { errorBody } from '../platform/errors.ts';
import { passwordWeakness } from './passwords.ts';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * 400 naming each field that was refused: `{ statusCode, error, message, fields: [{ field, message }] }`; the message
 * says them all unless the route has a sentence of its own.
 */
export function fieldErrors(
  reply: FastifyReply,
  fields: FieldError[],
  message = fields.map((error) => `${error.field} ${error.message}`).join('; '),
) {
  return reply.code(400).send({ ...errorBody(400, message), statusCode: 400, fields });
}

export function passwordProblem(field: string, password: string): FieldError | null {
  const weakness = passwordWeakness(password);
  return weakness ? { field, message: weakness } : null;
}

const EMAIL_FORM = /^[^\s@]+@[^\s@]+$/;

export function emailProblem(field: string, email: string): FieldError | null {
  return EMAIL_FORM.test(email) && email.length <= 254 ? null : { field, message: 'must be an e-mail address' };
}

export const LANGUAGES = ['en', 'he'] as const;

/** A row number in a path or body: PostgreSQL's INTEGER, so a larger one is a 400, not a database error. */
export const ROW_NUMBER_SCHEMA = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

// Answers and input checks shared by the route modules.
import type { FastifyReply } from 'fastify';
import * as yup from 'yup';
import type { ErrorBody } from '../contract/api.ts';
import type { FieldErrors } from '../contract/entities.ts';
import { MSG, fieldErrorsOf } from '../contract/schemas.ts';

export const BAD_REQUEST: ErrorBody = { errors: { form: 'ERROR.BAD_REQUEST' } };
export const NOT_FOUND: ErrorBody = { errors: { form: 'ERROR.NOT_FOUND' } };
export const UNEXPECTED: ErrorBody = { errors: { form: 'ERROR.UNEXPECTED' } };
/** §4/§7: a call that needs a signed-in session answers 401; the client then goes to '/'. */
export const UNAUTHORIZED: ErrorBody = { errors: { form: 'ERROR.UNAUTHORIZED' } };

export function badRequest(reply: FastifyReply, errors: FieldErrors): FastifyReply {
  return reply.code(400).send({ errors } satisfies ErrorBody);
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * Validates input (a query, params or a body) against a yup object schema. Values must be plain
 * scalars: a repeated query parameter (an array) or a nested object is refused before yup sees it,
 * so no yup default (English) message can reach the client. Returns the schema's cast value.
 */
export function validate<S extends yup.AnyObjectSchema>(schema: S, input: unknown): Checked<yup.InferType<S>> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, errors: BAD_REQUEST.errors };
  const errors: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) {
    if (typeof v === 'object' && v !== null) errors[k] = MSG.invalid;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors: errors as FieldErrors };
  // One pass: the value when valid, every field's first message when not.
  try {
    return { ok: true, value: schema.validateSync(input, { abortEarly: false }) as yup.InferType<S> };
  } catch (err) {
    return { ok: false, errors: fieldErrorsOf(err) };
  }
}

/** A query parameter that is a positive whole number, as text (queries arrive as strings). */
export const idText = (message: string) =>
  yup
    .string()
    .required(message)
    .matches(/^\d{1,9}$/, message);

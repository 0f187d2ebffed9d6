// Helpers of the schema tests: run a schema and look at the field errors a form would show.
import * as v from 'valibot';
import { toFieldErrors } from './field-errors';
import type { FieldError } from './problem';

/** Field errors of an input (empty when valid). */
export function errorsOf(schema: v.GenericSchema, input: unknown): FieldError[] {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toFieldErrors(result.issues);
}

/** The message key per field path, e.g. `{ phone: 'validation.invalid.phone' }` (first issue wins). */
export function messagesOf(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of errorsOf(schema, input)) out[path] ??= message;
  return out;
}

// Valibot at the edge: turns schema issues into the field errors of a problem response.
import type { FieldError } from '@portal/shared/schemas';
import * as v from 'valibot';
import { ValidationError } from '../errors';

type AnySchema = v.GenericSchema;
type Issue = v.BaseIssue<unknown> & { requirement?: unknown };

const FORMAT_TYPES = new Set(['regex', 'email', 'url', 'uuid', 'starts_with', 'ends_with', 'iso_date', 'iso_timestamp']);

/** One valibot issue as a field error with a stable message key the client translates. */
export function toFieldError(issue: Issue): FieldError {
  const path = v.getDotPath(issue) ?? '';
  const explicit = typeof issue.message === 'string' && issue.message.startsWith('validation.') ? issue.message : null;
  const count = typeof issue.requirement === 'number' ? issue.requirement : undefined;
  let message: string;
  let values: FieldError['values'];
  if (explicit) message = explicit;
  else if (issue.input === undefined && issue.kind === 'schema') message = 'validation.required';
  else if (issue.type === 'strict_object' || issue.type === 'never') message = 'validation.unknown_field';
  else if (issue.type === 'min_length' || issue.type === 'min_value') {
    message = count !== undefined && count <= 1 && issue.type === 'min_length' ? 'validation.required' : 'validation.too_small';
    if (count !== undefined && message !== 'validation.required') values = { count };
  } else if (issue.type === 'max_length' || issue.type === 'max_value') {
    message = 'validation.too_big';
    if (count !== undefined) values = { count };
  } else if (FORMAT_TYPES.has(issue.type)) message = 'validation.invalid_format';
  else if (['picklist', 'literal', 'variant', 'enum'].includes(issue.type)) message = 'validation.invalid_value';
  else message = 'validation.invalid_type';
  return values ? { path, message, values } : { path, message };
}

/** Parses `input` or throws a ValidationError (400 VALIDATION_FAILED with field errors). */
export function parseInput<S extends AnySchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  throw new ValidationError(result.issues.slice(0, 50).map((i) => toFieldError(i as Issue)));
}

/** The issues of `input` against `schema`, or null when it is valid. */
export function schemaIssues(schema: AnySchema, input: unknown): FieldError[] | null {
  const result = v.safeParse(schema, input);
  return result.success ? null : result.issues.map((i) => toFieldError(i as Issue));
}

/** A response that does not match its schema is our bug: fail loudly (500, logged), never send it. */
export function checkResponse<S extends AnySchema>(schema: S, output: unknown, where: string): v.InferOutput<S> {
  const result = v.safeParse(schema, output);
  if (result.success) return result.output;
  const err = new Error(`Response of ${where} does not match its schema`);
  (err as Error & { issues?: unknown }).issues = result.issues.map((i) => toFieldError(i as Issue));
  throw err;
}

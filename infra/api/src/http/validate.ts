// Valibot at the edge: turns schema issues into the field errors of a problem response.
import { toFieldErrors, type FieldError } from '@portal/shared/schemas';
import * as v from 'valibot';
import { ValidationError } from '../errors';

type AnySchema = v.GenericSchema;
type Issue = v.BaseIssue<unknown>;

/**
 * One valibot issue as a field error. The message key comes from the shared `messageKeyOf`, so
 * every key the API sends exists in the shared messages and the client can show it as it is.
 */
export function toFieldError(issue: Issue): FieldError {
  return toFieldErrors([issue])[0]!;
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

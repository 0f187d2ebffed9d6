// The examples a route declaration carries for the OpenAPI document (a request body, an answer per
// status) are checked against the same schemas the route validates with, when the route is
// registered: an example that drifts from its schema stops the start instead of teaching an ERP
// developer a request the route refuses.
import * as v from 'valibot';
import type { RouteDefinition } from './route';

/** Where an example fails its schema: the first issue's path and message. */
function firstIssue(schema: v.GenericSchema, value: unknown): string | null {
  const result = v.safeParse(schema, value);
  if (result.success) return null;
  const issue = result.issues[0]!;
  const path = v.getDotPath(issue);
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** The issue of an NDJSON example: every non-blank line (the bulk reader skips blank ones) is one record. */
function ndjsonIssue(schema: v.GenericSchema, example: unknown): string | null {
  if (typeof example !== 'string') return 'an NDJSON example is a string of JSON lines';
  const lines = example.split(/\r?\n/);
  if (!lines.some((l) => l.trim() !== '')) return 'an NDJSON example has at least one line';
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      return `line ${i + 1} is not JSON`;
    }
    const issue = firstIssue(schema, record);
    if (issue) return `line ${i + 1}: ${issue}`;
  }
  return null;
}

/** The issue of a form example: an object of strings (a form field carries no number or boolean). */
function formIssue(schema: v.GenericSchema, example: unknown): string | null {
  if (typeof example !== 'object' || example === null || Array.isArray(example)) return 'a form example is an object of fields';
  const nonString = Object.entries(example).find(([, value]) => typeof value !== 'string');
  if (nonString) return `${nonString[0]}: a form field is a string`;
  return firstIssue(schema, example);
}

/** Throws when an example of `def` does not pass its schema, or has no schema to be checked against. */
export function checkExamples(def: RouteDefinition): void {
  const where = `${def.method} ${def.url}`;
  if (def.bodyExample !== undefined) {
    if (!def.body) throw new Error(`${where}: a body example needs a body schema to be checked against`);
    const issue =
      def.bodyContentType === 'application/x-ndjson'
        ? ndjsonIssue(def.body, def.bodyExample)
        : def.bodyContentType === 'application/x-www-form-urlencoded'
          ? formIssue(def.body, def.bodyExample)
          : firstIssue(def.body, def.bodyExample);
    if (issue) throw new Error(`${where}: the body example does not match the body schema (${issue})`);
  }
  for (const [status, spec] of Object.entries(def.responses)) {
    if (spec.example === undefined) continue;
    if (!spec.schema) throw new Error(`${where}: the ${status} example needs a schema to be checked against`);
    const issue = firstIssue(spec.schema, spec.example);
    if (issue) throw new Error(`${where}: the ${status} example does not match its schema (${issue})`);
  }
}

// Format-aware mutations for the robustness suite (issue 27). The blind catalogue of robustness.test.ts
// sends wrong types and hostile strings; it never sent a well-formed but impossible value, so
// `from=2026-02-30` and `"product_id":"abc"` reached SQL casts and answered 500 unnoticed. These
// mutations read each field's JSON schema (and its name, for ids the schema does not mark as UUIDs)
// and send what only fails deeper down: days that do not exist, non-UUID ids, integers past 2^31 and
// 2^53, lines whose quantities and prices overflow when multiplied, and fields the schema does not know.

type Json = Record<string, unknown>;

/** The mutation kinds, reported by name and count. */
export const FORMAT_MUTATIONS = [
  'impossible-date',
  'impossible-datetime',
  'non-uuid-id',
  'integer-past-2^31',
  'integer-past-2^53',
  'overflowing-lines',
  'unknown-body-field',
] as const;
export type FormatMutation = (typeof FORMAT_MUTATIONS)[number];

/** A field of a body (dot path, array items as `.0.`), a query parameter or a path parameter. */
export interface SchemaField {
  path: string;
  schema: Json;
}

const IMPOSSIBLE_DATES = ['2026-02-30', '2027-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '0000-01-01'];
const IMPOSSIBLE_DATETIMES = ['2026-02-30T10:00:00Z', '2026-04-31T00:00:00+02:00', '2026-01-01T25:61:00Z', '2026-01-01T24:00:00Z', '0000-01-01T00:00:00Z'];
const NON_UUIDS = ['abc', '/etc/passwd', '../../etc/passwd', 'a\u0000b', '00000000-0000-4000-8000-00000000000g', '00000000-0000-4000-8000-000000000000\u0000', '12345', '{}', ' '];
const PAST_2_31 = [2 ** 31, -(2 ** 31) - 1, 2 ** 32];
const PAST_2_53 = [2 ** 53, 2 ** 53 + 2, -(2 ** 53) - 2, 1e21];
/** Enough lines at the maximum quantity and price that their products pass 2^31 and 2^53 cents. */
const OVERFLOW_LINES = 200;

const lastName = (path: string) => path.split('.').at(-1) ?? path;
const isId = (field: SchemaField) => field.schema.format === 'uuid' || /(^id$|_id$|Id$)/.test(lastName(field.path));
const isDate = (field: SchemaField) => field.schema.format === 'date' || /(_on|_until|^from|^to)$/.test(lastName(field.path));
const isDateTime = (field: SchemaField) => field.schema.format === 'date-time' || /_at$/.test(lastName(field.path));
const isNumber = (schema: Json) => schema.type === 'integer' || schema.type === 'number';

/** The schema itself, or its first non-null variant (`v.nullable`, `v.optional` with a union). */
function plain(schema: Json): Json {
  const variants = [...((schema.anyOf as Json[]) ?? []), ...((schema.oneOf as Json[]) ?? [])];
  return variants.find((s) => s.type !== 'null') ?? schema;
}

/** Every field of a body schema, into nested objects and into the first item of arrays. */
export function schemaFields(schema: Json | undefined, prefix = '', depth = 0): SchemaField[] {
  if (!schema || depth > 3) return [];
  const out: SchemaField[] = [];
  for (const variant of [...((schema.anyOf as Json[]) ?? []), ...((schema.oneOf as Json[]) ?? [])]) out.push(...schemaFields(variant, prefix, depth));
  for (const [name, raw] of Object.entries((schema.properties as Record<string, Json>) ?? {})) {
    const child = plain(raw);
    out.push({ path: prefix + name, schema: child });
    if (child.type === 'object') out.push(...schemaFields(child, `${prefix}${name}.`, depth + 1));
    if (child.type === 'array' && child.items) out.push(...schemaFields(plain(child.items as Json), `${prefix}${name}.0.`, depth + 1));
  }
  return out;
}

/** The format-aware values for one field (body field, query or path parameter). */
export function valuesFor(field: SchemaField): { kind: FormatMutation; value: unknown }[] {
  const out: { kind: FormatMutation; value: unknown }[] = [];
  if (isId(field)) for (const value of NON_UUIDS) out.push({ kind: 'non-uuid-id', value });
  if (field.schema.format === 'date' || (field.schema.type === 'string' && isDate(field) && !isId(field)))
    for (const value of IMPOSSIBLE_DATES) out.push({ kind: 'impossible-date', value });
  if (field.schema.format === 'date-time' || (field.schema.type === 'string' && isDateTime(field)))
    for (const value of IMPOSSIBLE_DATETIMES) out.push({ kind: 'impossible-datetime', value });
  if (isNumber(field.schema)) {
    for (const value of PAST_2_31) out.push({ kind: 'integer-past-2^31', value });
    for (const value of PAST_2_53) out.push({ kind: 'integer-past-2^53', value });
  }
  return out;
}

/** A value that passes the item schema's shape, for building lines the base request lacks. */
function sampleOf(schema: Json, name: string, ids: string[]): unknown {
  const s = plain(schema);
  if (s.type === 'integer' || s.type === 'number') return typeof s.minimum === 'number' ? Math.max(1, s.minimum) : 1;
  if (s.type === 'boolean') return false;
  if (s.type === 'string') return isId({ path: name, schema: s }) || s.format === 'uuid' ? ids[0] : Array.isArray(s.enum) ? s.enum[0] : 'x';
  if (s.type === 'object') {
    const required = (s.required as string[] | undefined) ?? [];
    return Object.fromEntries(required.map((key) => [key, sampleOf((s.properties as Record<string, Json>)[key] ?? {}, key, ids)]));
  }
  return null;
}

/**
 * For every array of objects with numeric fields: as many lines as allowed, every number at its
 * maximum (quantity 9 999 × price ...), so a sum or product past 32 or 53 bits is sent.
 */
export function overflowingBodies(schema: Json | undefined, base: unknown, ids: string[]): unknown[] {
  const out: unknown[] = [];
  for (const field of schemaFields(schema)) {
    if (field.schema.type !== 'array' || field.path.includes('.0.')) continue;
    const item = plain((field.schema.items as Json | undefined) ?? {});
    const numbers = Object.entries((item.properties as Record<string, Json>) ?? {}).filter(([, s]) => isNumber(plain(s)));
    if (item.type !== 'object' || !numbers.length) continue;
    const count = Math.min(typeof field.schema.maxItems === 'number' ? field.schema.maxItems : OVERFLOW_LINES, OVERFLOW_LINES);
    const existing = (getField(base, field.path) as unknown[] | undefined)?.[0] ?? sampleOf(item, '', ids);
    const lines = Array.from({ length: count }, (_, i) => {
      const line = { ...(existing as Json) };
      for (const [name, s] of numbers) line[name] = typeof plain(s).maximum === 'number' ? plain(s).maximum : 2 ** 31 - 1;
      // Distinct ids where the schema wants them, from the known good ones, so lines are not merged away.
      for (const key of Object.keys(line)) if (isId({ path: key, schema: {} }) && ids.length) line[key] = ids[i % ids.length];
      return line;
    });
    out.push(setField(base, field.path, lines));
  }
  return out;
}

/**
 * The base body with one plausible line in every array of objects it lacks or has empty (a draft's
 * `lines: []`), so a mutated line field is the only thing wrong and the request reaches the handler.
 */
export function withSampleLines(schema: Json | undefined, base: unknown, ids: string[]): unknown {
  let out = base;
  for (const field of schemaFields(schema)) {
    if (field.schema.type !== 'array' || field.path.includes('.0.')) continue;
    const item = plain((field.schema.items as Json | undefined) ?? {});
    const current = getField(out, field.path);
    if (item.type === 'object' && (!Array.isArray(current) || current.length === 0)) out = setField(out, field.path, [sampleOf(item, '', ids)]);
  }
  return out;
}

/** Unknown fields: at the top, and inside each nested object and array item the body has. */
export function unknownFieldBodies(schema: Json | undefined, base: unknown): unknown[] {
  const out: unknown[] = [setField(base, 'total', 1), setField(base, 'unexpected_field', 'x')];
  for (const field of schemaFields(schema)) {
    if (field.schema.type !== 'object') continue;
    const current = getField(base, field.path);
    if (current && typeof current === 'object') out.push(setField(base, `${field.path}.unexpected_field`, 'x'));
  }
  return out;
}

export function getField(body: unknown, path: string): unknown {
  let at: unknown = body;
  for (const part of path.split('.')) at = at && typeof at === 'object' ? (at as Json)[part] : undefined;
  return at;
}

/** A copy of `body` with `path` set (or removed); missing parents are made, arrays for numeric parts. */
export function setField(body: unknown, path: string, value: unknown, remove = false): unknown {
  const copy = structuredClone(body && typeof body === 'object' ? body : {}) as Json;
  const parts = path.split('.');
  let at: Json = copy;
  parts.slice(0, -1).forEach((part, i) => {
    if (!at[part] || typeof at[part] !== 'object') at[part] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
    at = at[part] as Json;
  });
  const last = parts.at(-1)!;
  if (remove) delete at[last];
  else at[last] = value;
  return copy;
}

/**
 * The objects of a body schema (from the OpenAPI document) that would accept a field they do not
 * name: every JSON body is a strict object (issue 27), so this lists what breaks that rule.
 */
export function looseObjects(schema: Json | undefined, path = ''): string[] {
  if (!schema) return [];
  const out: string[] = [];
  for (const variant of [...((schema.anyOf as Json[]) ?? []), ...((schema.oneOf as Json[]) ?? [])]) out.push(...looseObjects(variant, path));
  if (schema.type === 'object' && schema.properties && schema.additionalProperties !== false) out.push(path || '(body)');
  for (const [name, child] of Object.entries((schema.properties as Record<string, Json>) ?? {})) out.push(...looseObjects(child, `${path}${name}.`));
  if (schema.items) out.push(...looseObjects(schema.items as Json, `${path}0.`));
  return out;
}

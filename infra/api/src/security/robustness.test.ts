// The robustness suite (issue 16): every operation of the OpenAPI document (/api/docs/openapi.json)
// gets bounded, seeded mutations of a valid request: wrong types, empty, huge and unicode strings, NUL
// bytes, injection strings, extreme numbers, missing and extra fields, broken bodies, wrong content
// types, bad path segments, query strings and headers. No answer may be a 5xx, and the service must
// still answer afterwards. The valid request of an operation comes from its access policy
// (security/access/<module>.ts); the fields to mutate come from the document. On top, the
// format-aware mutations of format-mutations.ts (issue 27) are sent as the caller the policy lets
// furthest in, reported by name and count; a body with a field the schema does not know must be refused.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_SCOPES } from '@portal/shared/schemas';
import { expected as statusFor, type AccessTable, type AnyMatrixCaller, type MatrixFixtures, type MatrixRequest } from './access-policy';
import { integrationClient } from '../test-support/integration-clients';
import { accessToken, anonymousToken } from '../test-support/demo-buyers';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from '../test-support/test-app';
import {
  FORMAT_MUTATIONS,
  looseObjects,
  overflowingBodies,
  schemaFields,
  setField,
  unknownFieldBodies,
  valuesFor,
  withSampleLines,
  type FormatMutation,
  type SchemaField,
} from './format-mutations';
import { loadAccessPolicies, matrixFixtures, ORG_A_BUYER } from './support';
import { BILLION_LAUGHS_XML, XXE_XML } from '../modules/procurement/punchout/cxml-samples';

const SEED = 160_016;
/** Random (fast-check) requests per operation, on top of the fixed catalogue of mutations. */
const RANDOM_PER_OPERATION = 100;
const CONCURRENCY = 6;
const MIN_REQUESTS = 5_000;

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  /** OpenAPI path (with /api), `{slug}` style. */
  path: string;
  pathParams: string[];
  query: string[];
  bodyType?: string;
  bodyFields: string[];
  base: MatrixRequest;
  bodySchema?: Json;
  /** Query and path parameters with their schemas, for the format-aware mutations. */
  queryFields: SchemaField[];
  pathFields: SchemaField[];
  /** The caller the policy lets furthest in (lowest expected status), or its ROLE_CALLERS entry: mutations are sent as them. */
  caller: RobustnessCaller;
}

/** A case manager assigned to organisation A: staff-only steps (answers, status moves) reach their handlers. */
const STAFF = 'an.claes@portal-supplier.example';
/** Callers the format mutations can be sent as, best first on a tie (the client: integration routes, decision 045). */
const FORMAT_CALLERS: AnyMatrixCaller[] = ['buyerA', 'staffAssigned', 'client', 'anonymous', 'none'];
/** A sales consultant: the staff role that manages integration clients (issue 44, decision 062), whom the matrix's case managers are not. */
const INTEGRATION_MANAGER = 'pieter.willems@portal-supplier.example';
type RobustnessCaller = AnyMatrixCaller | 'integrationManager';
/**
 * Operations that every matrix caller is refused (403) but a role outside the matrix may use: sent as
 * that role, so the mutations reach the handler and not only the refusal. Each must be in the document.
 */
const ROLE_CALLERS: Record<string, RobustnessCaller> = {
  'POST /api/v1/staff/integration/clients': 'integrationManager',
  'POST /api/v1/staff/integration/clients/:id/rotate': 'integrationManager',
  'POST /api/v1/staff/integration/clients/:id/revoke': 'integrationManager',
};

/** More valid requests for operations whose body has variants (the token endpoint's grants). */
const EXTRA_BASES: Record<string, MatrixRequest[]> = {
  // Hostile XML (issue 34): external entities, entity expansion, a document past the size limit.
  'POST /api/punchout/cxml/setup': [XXE_XML, BILLION_LAUGHS_XML, `<cXML>${'x'.repeat(300 * 1024)}</cXML>`].map((payload) => ({ headers: { 'content-type': 'text/xml' }, payload })),
  'POST /api/oauth/token': [
    { headers: FORM_HEADERS, payload: form({ ...CLIENT, grant_type: 'password', username: 'nobody.robust@example.be', password: 'not-the-password' }) },
    { headers: FORM_HEADERS, payload: form({ ...CLIENT, grant_type: 'code', username: 'nobody.robust@example.be', code: '123456' }) },
    { headers: FORM_HEADERS, payload: form({ ...CLIENT, grant_type: 'refresh_token', refresh_token: 'not-a-refresh-token' }) },
    { headers: FORM_HEADERS, payload: form({ grant_type: 'client_credentials', client_id: '00000000-0000-4000-8000-000000000000', client_secret: 'not-the-secret', scope: 'stock:write' }) },
  ],
};

let t: TestApp;
let operations: Operation[] = [];
let fixtures: MatrixFixtures;
let buyerBearer: string;
const callerHeaders = new Map<RobustnessCaller, Record<string, string>>();

const HUGE = 'x'.repeat(70_000);
const STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  '\uffff\ufeff\u202e\u0301',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🧪🏥 ﷽ 中文 עברית',
  HUGE,
  "' or 1=1 --",
  '"; drop table users; --',
  "1'); select pg_sleep(5); --",
  '<script>alert(1)</script>',
  // A template-injection probe, written without a template literal.
  '$' + '{7*7}{{7*7}}#{7*7}',
  '../../../../etc/passwd',
  '\r\nSet-Cookie: injected=1',
  'javascript:alert(1)',
  '__proto__',
  '%E0%A4%A',
  '\\u0000',
];
const VALUES: unknown[] = [
  ...STRINGS,
  0,
  -1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  0.5,
  -0,
  true,
  false,
  null,
  [],
  ['a', 'b'],
  {},
  { $ne: null },
  { __proto__: { admin: true } },
  Array.from({ length: 1_000 }, (_, i) => i),
];

/** Path-param values (already percent-encoded where needed). */
const SEGMENTS = ['%00', 'a%00b', '%', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'x'.repeat(300), '%F0%9F%A7%AA', "'%20or%201=1", '%3Cscript%3E', '-', '0'];

const HEADERS: Record<string, string>[] = [
  { authorization: 'Bearer' },
  { authorization: 'Bearer ' + 'A'.repeat(5_000) },
  { authorization: 'Bearer a.b.c' },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
  { 'x-shop-type': 'other' },
  { 'x-shop-type': '\u00e9\u00e9' },
  { 'accept-language': 'x'.repeat(5_000) },
  { 'accept-language': '*;q=abc, en;q=1.5, ,,,' },
  { 'x-request-id': '../../etc\u00ff' },
  { cookie: 'tokens=%7B%22broken' },
  { 'if-none-match': '"' + 'x'.repeat(2_000) },
];

const CONTENT_TYPES = ['text/plain', 'application/xml', 'multipart/form-data', 'application/json; charset=utf-16', 'application/x-www-form-urlencoded', 'application/json', 'application/octet-stream'];
const BROKEN_BODIES = ['{"a":', '[', 'null', '"text"', '12', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]', '{"__proto__":{"polluted":true}}', '\u0000\u0001\u0002', 'a=1&a=2&a[b]=3&%zz=1', '{"a":"\\ud800"}'];

/** Percent-encodes a value; a lone surrogate becomes the raw bytes of one (invalid UTF-8, on purpose). */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

/** Properties of a JSON schema, with the variants of a union (the token endpoint's grants) merged. */
function fieldsOf(schema: Json | undefined, prefix = '', depth = 0): string[] {
  if (!schema || depth > 2) return [];
  const out = new Set<string>();
  for (const variant of [...((schema.anyOf as Json[]) ?? []), ...((schema.oneOf as Json[]) ?? [])]) for (const f of fieldsOf(variant, prefix, depth)) out.add(f);
  for (const [name, child] of Object.entries((schema.properties as Record<string, Json>) ?? {})) {
    out.add(prefix + name);
    if ((child as Json).type === 'object') for (const f of fieldsOf(child as Json, `${prefix}${name}.`, depth + 1)) out.add(f);
  }
  return [...out];
}

/** Form-encoded body as an object; the token endpoint's base request is a string. */
const formToObject = (payload: unknown) => (typeof payload === 'string' ? Object.fromEntries(new URLSearchParams(payload)) : payload);
const encodeForm = (body: unknown) =>
  new URLSearchParams(Object.entries(body as Json).map(([k, val]): [string, string] => [k, typeof val === 'string' ? val : (JSON.stringify(val) ?? '')])).toString();

function urlOf(op: Operation, base: MatrixRequest, overrides: { segment?: string; query?: string } = {}): string {
  let url = base.url ?? op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'slug' ? fixtures.publicProduct.slug : 'x'));
  if (overrides.segment !== undefined && op.pathParams.length) {
    const [path, qs] = url.split('?');
    const segments = path!.split('/');
    const index = op.path.split('/').findIndex((s) => s.startsWith('{'));
    segments[index] = overrides.segment;
    url = segments.join('/') + (qs ? `?${qs}` : '');
  }
  if (overrides.query !== undefined) url += (url.includes('?') ? '&' : '?') + overrides.query;
  return url;
}

/** The requests of one operation: a fixed catalogue, then seeded random ones. */
function requestsOf(op: Operation, index: number): InjectOptions[] {
  const base = op.base;
  // Signed in as the caller the policy lets furthest in (a buyer where nobody gets further).
  const bearer = callerHeaders.get(op.caller)?.authorization?.slice('Bearer '.length) ?? buyerBearer;
  const headers = { ...base.headers };
  const isForm = op.bodyType === 'application/x-www-form-urlencoded';
  const baseBody = formToObject(base.payload) ?? (op.bodyType ? {} : undefined);
  const withBody = (body: unknown, extra: Record<string, string> = {}): InjectOptions => ({
    method: op.method as 'POST',
    url: urlOf(op, base),
    headers: { ...headers, ...(isForm ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...extra },
    payload: isForm ? encodeForm(body) : (body as object),
  });
  const out: InjectOptions[] = [];
  const plain = (extra: Partial<InjectOptions> = {}): InjectOptions => ({
    method: op.method as 'GET',
    url: urlOf(op, base),
    headers,
    ...(op.bodyType ? { payload: isForm ? encodeForm(baseBody) : (baseBody as object) } : {}),
    ...extra,
  });

  out.push(plain());
  // Every field of the body: each catalogue value, and missing.
  for (const field of op.bodyFields) {
    for (const value of VALUES) out.push(withBody(setField(baseBody, field, value)));
    out.push(withBody(setField(baseBody, field, undefined, true)));
  }
  if (op.bodyType) {
    out.push(withBody({ ...(baseBody as Json), unexpected: 'field', constructor: { prototype: { x: 1 } } }));
    for (const raw of BROKEN_BODIES) out.push({ ...plain(), headers: { ...headers, 'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json' }, payload: raw });
    for (const type of CONTENT_TYPES) out.push({ ...plain(), headers: { ...headers, 'content-type': type }, payload: JSON.stringify(baseBody) });
    out.push({ ...plain(), headers: { ...headers, 'content-type': 'application/json' }, payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]) });
    out.push({ ...plain(), headers: { ...headers, 'content-type': 'application/json' }, payload: '' });
  }
  // Query parameters: each catalogue string, repeated, bracketed; unknown ones.
  for (const name of op.query) {
    for (const value of STRINGS) out.push(plain({ url: urlOf(op, base, { query: `${name}=${enc(value)}` }) }));
    out.push(plain({ url: urlOf(op, base, { query: `${name}=a&${name}=b` }) }));
    out.push(plain({ url: urlOf(op, base, { query: `${name}[x]=1&${name}[]=2` }) }));
    out.push(plain({ url: urlOf(op, base, { query: `${name}=%` }) }));
  }
  out.push(plain({ url: urlOf(op, base, { query: 'unknown=1&__proto__[x]=1' }) }));
  // Path segments.
  for (const segment of SEGMENTS) {
    out.push(plain({ url: urlOf(op, base, { segment }) }));
    out.push(plain({ url: urlOf(op, base, { segment }), headers: { ...headers, authorization: `Bearer ${bearer}` } }));
  }
  // Headers.
  for (const extra of HEADERS) out.push(plain({ headers: { ...headers, ...extra } }));
  // Signed in, for operations that change with the caller.
  out.push(plain({ headers: { ...headers, authorization: `Bearer ${bearer}` } }));
  // Seeded random mutations: a random field set to an arbitrary JSON value, or a random query string.
  const fields = [...op.bodyFields, ...op.query];
  const arbitrary = fc.record({
    field: fields.length ? fc.constantFrom(...fields) : fc.constant(''),
    value: fc.oneof(fc.jsonValue(), fc.string({ unit: 'binary', maxLength: 300 }), fc.double(), fc.bigInt().map(String), fc.constantFrom(...VALUES)),
    asQuery: fc.boolean(),
    signedIn: fc.boolean(),
  });
  for (const sample of fc.sample(arbitrary, { seed: SEED + index, numRuns: RANDOM_PER_OPERATION })) {
    const auth: Record<string, string> = sample.signedIn ? { authorization: `Bearer ${bearer}` } : {};
    if ((sample.asQuery || !op.bodyType) && sample.field && op.query.includes(sample.field)) {
      const value = typeof sample.value === 'string' ? sample.value : JSON.stringify(sample.value) ?? '';
      out.push(plain({ url: urlOf(op, base, { query: `${sample.field}=${enc(value)}` }), headers: { ...headers, ...auth } }));
    } else if (op.bodyType && sample.field) {
      const req = withBody(setField(baseBody, sample.field, sample.value), auth);
      out.push(req);
    } else {
      out.push(plain({ url: urlOf(op, base, { query: `q${index}=${enc(JSON.stringify(sample.value) ?? '')}` }), headers: { ...headers, ...auth } }));
    }
  }
  return out;
}

interface FormatRequest {
  kind: FormatMutation;
  request: InjectOptions;
  /** Must be refused (4xx), not only answered without a 5xx. */
  refuse: boolean;
}

/** The format-aware requests of one operation, as the caller its policy lets furthest in. */
function formatRequestsOf(op: Operation): FormatRequest[] {
  const isForm = op.bodyType === 'application/x-www-form-urlencoded';
  const headers = { ...op.base.headers, ...callerHeaders.get(op.caller) };
  const ids = [fixtures.productA.id, fixtures.publicProduct.id];
  const baseBody = withSampleLines(op.bodySchema, formToObject(op.base.payload) ?? {}, ids);
  const out: FormatRequest[] = [];
  const body = (kind: FormatMutation, payload: unknown, refuse = false) =>
    out.push({ kind, refuse, request: { method: op.method as 'POST', url: urlOf(op, op.base), headers, payload: isForm ? encodeForm(payload) : (payload as object) } });
  const withUrl = (kind: FormatMutation, url: string) =>
    out.push({ kind, refuse: false, request: { method: op.method as 'GET', url, headers, ...(op.bodyType ? { payload: isForm ? encodeForm(baseBody) : (baseBody as object) } : {}) } });
  if (op.bodyType) {
    for (const field of schemaFields(op.bodySchema)) for (const { kind, value } of valuesFor(field)) body(kind, setField(baseBody, field.path, value));
    for (const payload of overflowingBodies(op.bodySchema, baseBody, ids)) body('overflowing-lines', payload);
    // Provider webhooks keep what they do not know (providers add fields); OAuth forms must ignore
    // unknown parameters (RFC 6749 section 3.2). Every other body refuses them.
    // A bulk NDJSON upload refuses such a line in its job's report, not in its answer (decision 049).
    const strict = !isForm && !op.path.includes('webhook') && op.bodyType !== 'application/x-ndjson';
    for (const payload of unknownFieldBodies(op.bodySchema, baseBody)) body('unknown-body-field', payload, strict);
  }
  for (const field of op.queryFields) {
    for (const { kind, value } of valuesFor(field)) withUrl(kind, urlOf(op, op.base, { query: `${field.path}=${enc(String(value))}` }));
  }
  for (const field of op.pathFields) for (const { kind, value } of valuesFor(field)) withUrl(kind, urlOf(op, op.base, { segment: enc(String(value)) }));
  return out;
}

beforeAll(async () => {
  // Limits high enough that the suite reaches the validation and the handlers, not only the 429s.
  t = await startTestApp({ tokenFailureLimit: 100_000, tokenAccountFailureLimit: 1_000_000, authRequestLimit: 100_000, anonymousGrantLimitPerMinute: 100_000 });
  fixtures = await matrixFixtures(t.app);
  buyerBearer = await accessToken(t.app, ORG_A_BUYER);
  callerHeaders.set('buyerA', { authorization: `Bearer ${buyerBearer}` });
  callerHeaders.set('client', { authorization: `Bearer ${(await integrationClient(t.app, INTEGRATION_SCOPES, 'robustness-client')).token}` });
  callerHeaders.set('staffAssigned', { authorization: `Bearer ${await accessToken(t.app, STAFF)}` });
  callerHeaders.set('integrationManager', { authorization: `Bearer ${await accessToken(t.app, INTEGRATION_MANAGER)}` });
  callerHeaders.set('anonymous', { authorization: `Bearer ${await anonymousToken(t.app)}` });
  callerHeaders.set('none', {});
  const policies: AccessTable = await loadAccessPolicies();
  const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json() as { paths: Record<string, Record<string, Json>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = (operation.parameters as { name: string; in: string; schema?: Json }[] | undefined) ?? [];
      const content = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, { schema: Json }>;
      const [bodyType, media] = Object.entries(content)[0] ?? [];
      const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const bases = [policies[key]?.request?.(fixtures) ?? {}, ...(EXTRA_BASES[key] ?? [])];
      const policy = policies[key];
      const caller = ROLE_CALLERS[key] ?? (policy ? FORMAT_CALLERS.reduce((best, c) => (statusFor(policy, c) < statusFor(policy, best) ? c : best)) : 'buyerA');
      const paramFields = (where: string) => parameters.filter((p) => p.in === where).map((p) => ({ path: p.name, schema: p.schema ?? {} }));
      return bases.map((base) => ({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyType,
        bodyFields: fieldsOf(media?.schema),
        base,
        bodySchema: media?.schema,
        queryFields: paramFields('query'),
        pathFields: paramFields('path'),
        caller,
      }));
    }),
  ).flat();
});

afterAll(async () => {
  await t?.close();
});

describe('robustness', () => {
  it('sends the operations only a role outside the matrix may use as that role (each still documented)', () => {
    const documented = new Set(operations.map((op) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(Object.keys(ROLE_CALLERS).filter((key) => !documented.has(key))).toEqual([]);
    for (const op of operations) if (ROLE_CALLERS[`${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`]) expect(op.caller).toBe('integrationManager');
  });

  it('documents every JSON request body as refusing fields it does not know (strict objects)', () => {
    const loose = operations
      .filter((op) => op.bodyType === 'application/json' && !op.path.includes('webhook'))
      .flatMap((op) => looseObjects(op.bodySchema).map((where) => `${op.method} ${op.path}: ${where}`));
    expect([...new Set(loose)]).toEqual([]);
  });

  it('refuses hostile XML on the XML routes (XXE, billion laughs, internal subsets, oversize) with a 4xx, and still answers afterwards', async () => {
    const xxe = (root: string) => `<?xml version="1.0"?><!DOCTYPE ${root} [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><${root}>&xxe;</${root}>`;
    const laughs = (root: string) =>
      `<?xml version="1.0"?><!DOCTYPE ${root} [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${`&${i ? 'b'.repeat(i) : 'a'};`.repeat(10)}">`).join('')}]><${root}>&bbbbbbbbb;</${root}>`;
    const parameterEntity = (root: string) => `<?xml version="1.0"?><!DOCTYPE ${root} [<!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd"> %p;]><${root}/>`;
    const routes = [
      { url: '/api/punchout/cxml/order', root: 'cXML', headers: {} },
      { url: '/api/integration/v1/peppol/orders', root: 'Order', headers: callerHeaders.get('client')! },
    ];
    for (const route of routes) {
      for (const [type, body] of [
        ['text/xml', xxe(route.root)],
        ['application/xml', laughs(route.root)],
        ['application/xml', parameterEntity(route.root)],
        ['application/xml', `<${route.root}>${'<a>'.repeat(50_000)}`],
        ['text/xml', `<${route.root}>${'x'.repeat(1024 * 1024 + 1)}</${route.root}>`],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url: route.url, headers: { ...route.headers, 'content-type': type }, payload: body });
        expect(res.statusCode, `${route.url} ${body.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${route.url} ${body.slice(0, 80)}`).toBeLessThan(500);
        expect(res.body).not.toContain('root:x:');
      }
    }
    expect((await t.app.inject({ url: '/api/docs/openapi.json' })).statusCode).toBe(200);
  }, 120_000);

  it('answers thousands of mutated requests on every documented operation without a 5xx, and still answers afterwards', { timeout: 1_200_000 }, async () => {
    expect(operations.length).toBeGreaterThan(15);
    const blind = operations.flatMap((op, i) => requestsOf(op, i));
    expect(blind.length).toBeGreaterThanOrEqual(MIN_REQUESTS);
    const formatAware = operations.flatMap((op) => formatRequestsOf(op));
    const requests: { request: InjectOptions; kind?: FormatMutation; refuse?: boolean }[] = [...blind.map((request) => ({ request })), ...formatAware];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    /** Per format mutation: how many were sent, and their answers by class (2xx, 4xx, 5xx). */
    const tally = new Map<FormatMutation, Record<string, number>>(FORMAT_MUTATIONS.map((k) => [k, { sent: 0 }]));
    const started = performance.now();
    let next = 0;
    async function worker() {
      while (next < requests.length) {
        const { request, kind, refuse } = requests[next++]!;
        let status: number;
        let body = '';
        try {
          const res = await t.app.inject(request);
          status = res.statusCode;
          body = res.body;
        } catch (err) {
          status = 599;
          body = String(err);
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const what = () => `${kind ? `[${kind}] ` : ''}${request.method} ${String(request.url).slice(0, 200)} ${kind ? JSON.stringify(request.payload ?? null).slice(0, 200) : ''}`;
        if (status >= 500) failures.push(`${what()} -> ${status} ${body.slice(0, 200)}`);
        else if (refuse && status < 300) failures.push(`${what()} -> ${status}: a field the schema does not know was accepted`);
        if (kind) {
          const counts = tally.get(kind)!;
          const group = `${Math.floor(status / 100)}xx`;
          counts.sent = (counts.sent ?? 0) + 1;
          counts[group] = (counts[group] ?? 0) + 1;
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `robustness: ${requests.length} requests over ${new Set(operations.map((o) => `${o.method} ${o.path}`)).size} operations (${operations.length} valid bases) in ${seconds.toFixed(1)} s; ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}; failures: ${failures.length}\n` +
        `format-aware mutations (${formatAware.length} of the requests):\n` +
        [...tally].map(([kind, counts]) => `  ${kind.padEnd(20)} ${JSON.stringify(counts)}`).join('\n'),
    );
    expect(failures.slice(0, 30)).toEqual([]);
    // Every kind reaches some field; no request reads a timestamp today, so that kind waits for one.
    for (const kind of FORMAT_MUTATIONS.filter((k) => k !== 'impossible-datetime')) expect(tally.get(kind)!.sent, `${kind} mutations sent`).toBeGreaterThan(0);
    // Still alive and still right.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/v1/catalog/products', headers: { 'x-shop-type': 'portal', authorization: `Bearer ${buyerBearer}` } });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { items: unknown[] }).items.length).toBeGreaterThan(0);
  });
});

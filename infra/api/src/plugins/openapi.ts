// The OpenAPI 3.1 document, generated from the same valibot schemas the routes validate with.
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ProblemSchema, TokenErrorSchema } from '@portal/shared/schemas';
import { pathParameterNames, type RouteRegistry } from '../http/route';

type Json = Record<string, unknown>;

const convert = (schema: v.GenericSchema): Json => {
  const out = toJsonSchema(schema, { target: 'draft-2020-12', errorMode: 'ignore' }) as Json;
  delete out.$schema;
  return out;
};

/** A media type object with the route's example (checked against its schema by defineRoute). */
const withExample = (media: Json, example: unknown): Json => (example === undefined ? media : { ...media, example });

const STATUS_TEXT: Record<number, string> = { 400: 'Bad request', 401: 'Unauthorized', 404: 'Not found', 429: 'Too many requests', 500: 'Internal error' };

/** Tags with a description (the others are named by their routes only). */
const TAGS = [
  {
    name: 'Integration',
    description:
      "The supplier's systems (ERP, PIM, warehouse): machine clients get a token with the OAuth 2.0 client-credentials grant " +
      '(POST /api/oauth/token, grant_type=client_credentials, HTTP Basic or client_id/client_secret in the form, optional ' +
      'space-separated `scope`) and call the routes under /api/integration/v1 with it. Each route needs one scope (' +
      'catalog:write, prices:write, stock:write, customers:write, orders:read, shipments:write, events:read); a token without ' +
      'it gets 403 INTEGRATION_SCOPE_MISSING, a person\'s token 403 INTEGRATION_CLIENT_REQUIRED, a revoked client 401. ' +
      'Clients are created, rotated and revoked with the ops CLI (`npm run ops -- clients ...`); see the README, "Connecting your ERP".',
  },
];

export function buildOpenApiDocument(registry: RouteRegistry, info: { version: string }): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of registry.routes) {
    const path = `/api${route.url}`.replace(/:(\w+)/g, '{$1}');
    const operation: Json = {
      operationId: route.operationId,
      summary: route.summary,
      tags: route.tags,
    };
    if (route.description) operation.description = route.description;
    if (route.auth === 'bearer') operation.security = [{ bearerAuth: [] }];
    else if (route.auth === 'optional') operation.security = [{}, { bearerAuth: [] }];
    else operation.security = [];

    const parameters: Json[] = [];
    const pathSchemas = route.params ? ((convert(route.params) as { properties?: Record<string, Json> }).properties ?? {}) : {};
    for (const name of pathParameterNames(route.url)) parameters.push({ name, in: 'path', required: true, schema: pathSchemas[name] ?? { type: 'string' } });
    if (route.querystring) {
      const q = convert(route.querystring) as { properties?: Record<string, Json>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
      }
    }
    if (parameters.length) operation.parameters = parameters;
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { [route.bodyContentType ?? 'application/json']: withExample({ schema: convert(route.body) }, route.bodyExample) },
      };
    }
    const responses: Record<string, Json> = {};
    for (const [status, spec] of Object.entries(route.responses)) {
      const code = Number(status);
      const type = spec.contentType ?? (code >= 400 && !spec.schema ? 'application/problem+json' : 'application/json');
      const schema = spec.schema ? convert(spec.schema) : code >= 400 ? { $ref: '#/components/schemas/Problem' } : undefined;
      responses[status] = { description: spec.description, ...(schema ? { content: { [type]: withExample({ schema }, spec.example) } } : {}) };
    }
    for (const code of [400, 500]) {
      responses[code] ??= { description: STATUS_TEXT[code], content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = { ...operation, responses };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal API',
      version: info.version,
      description:
        'API of the B2B/B2G customer portal and web shop. Errors are RFC 9457 problem details with a stable `code` ' +
        '(the token endpoint answers RFC 6749 errors). Access tokens come from POST /api/oauth/token.',
    },
    servers: [{ url: '/' }],
    tags: TAGS,
    paths,
    components: {
      schemas: { Problem: convert(ProblemSchema), TokenError: convert(TokenErrorSchema) },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        clientBasic: { type: 'http', scheme: 'basic', description: 'OAuth client id and secret (or send them in the form body)' },
      },
    },
  };
}

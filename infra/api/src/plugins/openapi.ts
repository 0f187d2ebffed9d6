// The OpenAPI 3.1 document, generated from the same valibot schemas the routes validate with.
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { INTEGRATION_SCOPES, ProblemSchema, TokenErrorSchema, type IntegrationScope } from '@portal/shared/schemas';
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

/** Where machine clients get their tokens (the flow's tokenUrl, relative to the server). */
const TOKEN_URL = '/api/oauth/token';
/** The URL prefix of the machine routes (decision 045): they name the client-credentials scheme. */
const MACHINE_PREFIX = '/integration/v1/';

/** What each scope allows, for the document (a Record: a scope added to the API without one fails tsc). */
const SCOPE_DESCRIPTIONS: Record<IntegrationScope, string> = {
  'catalog:write': 'Load products, bundles and images (bulk NDJSON and single records)',
  'prices:write': 'Load prices and contract prices',
  'stock:write': 'Set stock levels and apply stock deltas',
  'customers:write': 'Load customer organisations, their addresses and the users to invite',
  'orders:read': 'Read orders with their lines and shipments',
  'shipments:write': 'Report shipments against orders',
  'events:read': 'Read the event feed and manage webhooks and their deliveries',
  'payments:write': 'Record that an invoice was paid',
  'peppol:receive': 'Hand over received Peppol orders (the access point)',
  'recalls:write': 'Open recalls and field safety notices (decision 074)',
};

/** Tags with a description (the others are named by their routes only). */
const TAGS = [
  {
    name: 'Integration',
    description:
      "The supplier's systems (ERP, PIM, warehouse): machine clients get a token with the OAuth 2.0 client-credentials grant " +
      '(POST /api/oauth/token, grant_type=client_credentials, HTTP Basic or client_id/client_secret in the form, optional ' +
      'space-separated `scope`) and call the routes under /api/integration/v1 with it (security scheme `clientCredentials`). ' +
      `Each route needs one scope (${INTEGRATION_SCOPES.join(', ')}); a token without ` +
      'it gets 403 INTEGRATION_SCOPE_MISSING, a person\'s token 403 INTEGRATION_CLIENT_REQUIRED, a revoked client 401. ' +
      "Clients are created, rotated and revoked by the supplier's staff on the Integration page (or /api/v1/staff/integration/clients), " +
      'or with the ops CLI (`npm run ops -- clients ...`); see docs/erp-guide.md in the repository.',
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
    // A machine route takes a client-credentials token (a bearer JWT too): name the OAuth 2 flow, so
    // generated clients and API tools fetch the token themselves (issue 44), with the scope the route declares.
    if (route.auth === 'bearer' && route.url.startsWith(MACHINE_PREFIX)) operation.security = [{ clientCredentials: route.scope ? [route.scope] : [] }];
    else if (route.auth === 'bearer') operation.security = [{ bearerAuth: [] }];
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
        clientCredentials: {
          type: 'oauth2',
          description: "The supplier's integration clients (ERP, PIM, warehouse, access point): OAuth 2.0 client-credentials grant; send the token as Authorization: Bearer",
          flows: { clientCredentials: { tokenUrl: TOKEN_URL, scopes: Object.fromEntries(INTEGRATION_SCOPES.map((s) => [s, SCOPE_DESCRIPTIONS[s]])) } },
        },
      },
    },
  };
}

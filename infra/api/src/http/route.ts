// One way to declare an API route: its valibot schemas validate the request and the response,
// and the same declaration feeds the OpenAPI document (plugins/openapi.ts).
import type { FastifyContextConfig, FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type * as v from 'valibot';
import type { IntegrationScope } from '@portal/shared/schemas';
import { requireScope, type Caller, type IntegrationCaller } from '../caller';
import { checkExamples } from './route-examples';
import { checkResponse, parseInput } from './validate';

type AnySchema = v.GenericSchema;
type Out<S> = S extends AnySchema ? v.InferOutput<S> : undefined;

export interface ResponseSpec {
  description: string;
  schema?: AnySchema;
  /** Defaults to application/json (problem+json for 4xx/5xx when no schema is given). */
  contentType?: string;
  /** An answer as sent, for the OpenAPI document; checked against `schema` at registration. */
  example?: unknown;
}

export interface RouteDefinition<
  P extends AnySchema | undefined = AnySchema | undefined,
  Q extends AnySchema | undefined = AnySchema | undefined,
  B extends AnySchema | undefined = AnySchema | undefined,
  S extends IntegrationScope | undefined = IntegrationScope | undefined,
> {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  /** Path inside the /api prefix, Fastify syntax (`/v1/orders/:id`). */
  url: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** `bearer`: needs an access token; `optional`: uses one when sent; `none`: ignores it. */
  auth: 'bearer' | 'optional' | 'none';
  /**
   * A machine route's scope (decision 045): only an integration client whose token holds it gets in
   * (401 without a token, 403 INTEGRATION_CLIENT_ONLY or SCOPE_MISSING otherwise), checked before the
   * request is read; the OpenAPI document names it in the route's client-credentials security.
   */
  scope?: S;
  /** Schema of the path parameters (an object with one entry per `:name`); required when the URL has any. */
  params?: P;
  querystring?: Q;
  body?: B;
  bodyContentType?: 'application/json' | 'application/x-www-form-urlencoded' | 'application/x-ndjson' | 'text/xml';
  /**
   * A request body as sent, for the OpenAPI document; checked against `body` at registration (an
   * NDJSON body: a string whose every line is a record; a form body: an object of strings).
   */
  bodyExample?: unknown;
  /** The handler validates `body` itself (the token endpoint answers RFC 6749 errors); docs still use it. */
  manualBodyValidation?: boolean;
  bodyLimit?: number;
  responses: Record<number, ResponseSpec>;
  config?: FastifyContextConfig;
  /** Route-specific error handler (the scope's handler otherwise). */
  errorHandler?: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;
  handler(ctx: { request: FastifyRequest; reply: FastifyReply; params: Out<P>; query: Out<Q>; body: Out<B>; caller: CallerOf<S> }): Promise<unknown>;
}

/** The caller a handler gets: an integration client where the route names a scope. */
type CallerOf<S> = S extends IntegrationScope ? IntegrationCaller : Caller;

/** The routes of one app, for its OpenAPI document. */
export class RouteRegistry {
  readonly routes: RouteDefinition[] = [];
}

/** The `:name` parameters of a Fastify URL. */
export const pathParameterNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

export function defineRoute<
  P extends AnySchema | undefined,
  Q extends AnySchema | undefined,
  B extends AnySchema | undefined,
  S extends IntegrationScope | undefined = undefined,
>(app: FastifyInstance, registry: RouteRegistry, def: RouteDefinition<P, Q, B, S>) {
  // A path parameter without a schema would reach the handler unchecked and be missing from the
  // OpenAPI document: refuse the route at start-up instead.
  const names = pathParameterNames(def.url);
  const declared = def.params && 'entries' in def.params ? Object.keys(def.params.entries as object) : [];
  if (names.some((n) => !declared.includes(n)) || declared.some((n) => !names.includes(n))) {
    throw new Error(`${def.method} ${def.url}: the params schema must name exactly ${names.join(', ') || 'no parameters'}`);
  }
  // Likewise an example that no longer matches its schema would document a request the route refuses.
  const described: RouteDefinition = def;
  checkExamples(described);
  registry.routes.push(described);
  const okStatus = Number(Object.keys(def.responses).find((s) => Number(s) < 300) ?? 200);
  const okSchema = def.responses[okStatus]?.schema;
  app.route({
    method: def.method,
    url: def.url,
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    ...(def.errorHandler ? { errorHandler: def.errorHandler } : {}),
    config: { ...def.config, skipCaller: def.auth === 'none' },
    handler: async (request, reply) => {
      // The route's scope first: a client without it learns nothing of the request's shape.
      if (def.scope) requireScope(request.caller, def.scope);
      const caller = request.caller as CallerOf<S>;
      const params = (def.params ? parseInput(def.params, request.params ?? {}) : undefined) as Out<P>;
      const query = (def.querystring ? parseInput(def.querystring, request.query ?? {}) : undefined) as Out<Q>;
      const body = (def.body && !def.manualBodyValidation ? parseInput(def.body, request.body ?? {}) : undefined) as Out<B>;
      const result = await def.handler({ request, reply, params, query, body, caller });
      if (reply.sent) return reply;
      if (reply.statusCode === 304) return reply.send();
      if (okSchema && reply.statusCode === okStatus) {
        return reply.code(okStatus).send(checkResponse(okSchema, result, `${def.method} ${def.url}`));
      }
      return reply.code(reply.statusCode === 200 ? okStatus : reply.statusCode).send(result);
    },
  });
}

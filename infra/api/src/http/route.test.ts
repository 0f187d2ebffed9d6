import Fastify from 'fastify';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineRoute, RouteRegistry } from './route';

const base = {
  method: 'GET' as const,
  operationId: 'x',
  summary: 'x',
  tags: ['x'],
  auth: 'none' as const,
  responses: { 200: { description: 'ok' } },
  handler: async () => ({}),
};

describe('defineRoute', () => {
  it('refuses a path parameter that no params schema validates', () => {
    const app = Fastify();
    expect(() => defineRoute(app, new RouteRegistry(), { ...base, url: '/v1/things/:id' })).toThrow(/params schema must name exactly id/);
    expect(() => defineRoute(app, new RouteRegistry(), { ...base, url: '/v1/things/:id', params: v.object({ slug: v.string() }) })).toThrow(/exactly id/);
    expect(() => defineRoute(app, new RouteRegistry(), { ...base, url: '/v1/things', params: v.object({ id: v.string() }) })).toThrow(/no parameters/);
  });

  it('hands the handler the parsed parameters and answers 400 for invalid ones', async () => {
    const app = Fastify();
    defineRoute(app, new RouteRegistry(), {
      ...base,
      url: '/v1/things/:id',
      params: v.object({ id: v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)) }),
      handler: async ({ params }) => ({ id: params.id, type: typeof params.id }),
    });
    expect((await app.inject({ url: '/v1/things/42' })).json()).toEqual({ id: 42, type: 'number' });
    const bad = await app.inject({ url: '/v1/things/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  describe('examples', () => {
    const Line = v.strictObject({ article_code: v.pipe(v.string(), v.minLength(1)), level: v.number() });
    const post = { ...base, method: 'POST' as const, url: '/v1/things' };

    it('takes examples that match their schemas', () => {
      const app = Fastify();
      expect(() =>
        defineRoute(app, new RouteRegistry(), {
          ...post,
          body: Line,
          bodyExample: { article_code: 'MDV-102590', level: 40 },
          responses: { 200: { description: 'ok', schema: v.object({ result: v.picklist(['applied']) }), example: { result: 'applied' } } },
        }),
      ).not.toThrow();
      expect(() =>
        defineRoute(app, new RouteRegistry(), {
          ...post,
          url: '/v1/things/bulk',
          body: Line,
          bodyContentType: 'application/x-ndjson',
          bodyExample: '{"article_code":"MDV-102590","level":40}\n\n{"article_code":"MDV-102627","level":0}\n',
        }),
      ).not.toThrow();
    });

    it('refuses at registration a body example its schema refuses', () => {
      const app = Fastify();
      expect(() => defineRoute(app, new RouteRegistry(), { ...post, body: Line, bodyExample: { article_code: 'MDV-102590', level: '40' } })).toThrow(
        /POST \/v1\/things: the body example does not match the body schema \(level: /,
      );
      // No schema, nothing to check it against: refused too.
      expect(() => defineRoute(app, new RouteRegistry(), { ...post, bodyExample: { level: 40 } })).toThrow(/needs a body schema/);
    });

    it('refuses an NDJSON example with one bad line, and a form example with a non-string field', () => {
      const app = Fastify();
      const ndjson = { ...post, body: Line, bodyContentType: 'application/x-ndjson' as const };
      expect(() => defineRoute(app, new RouteRegistry(), { ...ndjson, bodyExample: '{"article_code":"A","level":1}\n{"article_code":"","level":1}' })).toThrow(
        /line 2: article_code/,
      );
      expect(() => defineRoute(app, new RouteRegistry(), { ...ndjson, bodyExample: '{"article_code":"A","level":1}\nnot json' })).toThrow(/line 2 is not JSON/);
      expect(() => defineRoute(app, new RouteRegistry(), { ...ndjson, bodyExample: { article_code: 'A', level: 1 } })).toThrow(/a string of JSON lines/);
      const form = { ...post, body: v.object({ grant_type: v.literal('client_credentials'), scope: v.optional(v.string()) }), bodyContentType: 'application/x-www-form-urlencoded' as const };
      expect(() => defineRoute(app, new RouteRegistry(), { ...form, bodyExample: { grant_type: 'client_credentials', scope: 'stock:write' } })).not.toThrow();
      expect(() => defineRoute(app, new RouteRegistry(), { ...form, url: '/v1/others', bodyExample: { grant_type: 'password' } })).toThrow(/grant_type/);
      expect(() => defineRoute(app, new RouteRegistry(), { ...form, url: '/v1/others', bodyExample: { grant_type: 'client_credentials', scope: 1 } })).toThrow(
        /scope: a form field is a string/,
      );
    });

    it('refuses a response example its schema refuses, or one without a schema', () => {
      const app = Fastify();
      const Result = v.object({ result: v.picklist(['applied', 'unchanged']) });
      expect(() => defineRoute(app, new RouteRegistry(), { ...base, url: '/v1/a', responses: { 200: { description: 'ok', schema: Result, example: { result: 'done' } } } })).toThrow(
        /GET \/v1\/a: the 200 example does not match its schema \(result: /,
      );
      expect(() => defineRoute(app, new RouteRegistry(), { ...base, url: '/v1/b', responses: { 204: { description: 'gone', example: { result: 'applied' } } } })).toThrow(
        /the 204 example needs a schema/,
      );
    });
  });
});

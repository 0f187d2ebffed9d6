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
});

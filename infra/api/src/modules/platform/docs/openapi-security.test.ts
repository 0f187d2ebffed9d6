// Issue 44: the OpenAPI document describes how a machine client authenticates, so generated clients
// and API tools can get a token themselves: an OAuth 2 client-credentials scheme with the token URL
// and exactly the scopes the API knows, referenced by every machine (integration) route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_SCOPES } from '@portal/shared/schemas';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

type Operation = { operationId: string; security?: Record<string, string[]>[] };
type Scheme = { type: string; flows?: { clientCredentials?: { tokenUrl: string; scopes: Record<string, string> } } };

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, Scheme> } };
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.app.inject({ url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => t?.close());

const schemeName = () => Object.entries(doc.components.securitySchemes).find(([, s]) => s.type === 'oauth2' && s.flows?.clientCredentials)?.[0];

describe('the OpenAPI document: the client-credentials flow', () => {
  it('has an OAuth 2 scheme with the client-credentials flow, its token URL and every scope the API knows, each described', () => {
    const name = schemeName();
    expect(name, 'an oauth2 security scheme with flows.clientCredentials').toBeDefined();
    const flow = doc.components.securitySchemes[name!]!.flows!.clientCredentials!;
    expect(flow.tokenUrl).toBe('/api/oauth/token');
    expect(Object.keys(flow.scopes).sort()).toEqual([...INTEGRATION_SCOPES].sort());
    for (const [scope, description] of Object.entries(flow.scopes)) expect(description.length, scope).toBeGreaterThan(10);
    // The token endpoint itself is documented where the flow points.
    expect(doc.paths['/api/oauth/token']?.post).toBeDefined();
  });

  it('is referenced by every machine route (under /api/integration/v1), and by no route of people', () => {
    const name = schemeName()!;
    const machine = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/integration/v1/'));
    expect(machine.length).toBeGreaterThan(10);
    for (const [path, methods] of machine) {
      for (const [method, op] of Object.entries(methods)) {
        expect(op.security?.some((s) => name in s), `${method.toUpperCase()} ${path}`).toBe(true);
        for (const requirement of op.security ?? []) for (const scope of requirement[name] ?? []) expect(INTEGRATION_SCOPES).toContain(scope);
      }
    }
    const people = Object.entries(doc.paths).filter(([path]) => !path.startsWith('/api/integration/v1/'));
    for (const [path, methods] of people) for (const [method, op] of Object.entries(methods)) expect(op.security?.some((s) => name in s) ?? false, `${method} ${path}`).toBe(false);
  });

  it('names the scope a route declares, the one the route checks (a token without it gets 403 SCOPE_MISSING)', () => {
    const name = schemeName()!;
    const scopesOf = (path: string, method: string) => doc.paths[path]?.[method]?.security?.find((s) => name in s)?.[name];
    expect(scopesOf('/api/integration/v1/shipments', 'post')).toEqual(['shipments:write']);
    expect(scopesOf('/api/integration/v1/orders', 'get')).toEqual(['orders:read']);
    expect(scopesOf('/api/integration/v1/events', 'get')).toEqual(['events:read']);
  });
});

import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { portalApi, publicApi } from '../api/portal-client';
import { startApiServer, type ApiServer } from './api-server';
import { assertNoMalformedAnswers } from './malformed-answers';

const ProductSchema = v.object({ id: v.string(), price: v.number() });

let server: ApiServer | undefined;
afterEach(async () => {
  // A test below leaves a report behind on purpose; it must not leak into the next one.
  try {
    assertNoMalformedAnswers();
  } catch {
    // Checked by the test itself.
  }
  await server?.close().catch(() => undefined);
  server = undefined;
});

describe('startApiServer: a fake that drifted from the API fails the test', () => {
  it('lets an answer that matches the route schema through', async () => {
    server = await startApiServer(() => ({ status: 200, body: { id: 'p1', price: 12 } }));
    await expect(portalApi().get('/product', { schema: ProductSchema })).resolves.toEqual({ id: 'p1', price: 12 });
    expect(() => assertNoMalformedAnswers()).not.toThrow();
  });

  it('reports an answer that breaks the schema, naming the call and the field', async () => {
    server = await startApiServer(() => ({ status: 200, body: { id: 'p1', price: '12' } }));
    await publicApi().get('/product', { schema: ProductSchema });
    expect(() => assertNoMalformedAnswers()).toThrow(/GET \/product returned a malformed response[\s\S]*price:/);
    // Reported once: the next check starts clean.
    expect(() => assertNoMalformedAnswers()).not.toThrow();
  });

  it('fails on close when a malformed answer was not checked yet', async () => {
    const drifted = await startApiServer(() => ({ status: 200, body: [] }));
    await portalApi().post('/product', { body: {}, schema: ProductSchema });
    await expect(drifted.close()).rejects.toThrow(/POST \/product returned a malformed response/);
  });

  it('leaves a call without a schema alone (a DELETE checks its body only when given one)', async () => {
    server = await startApiServer(() => ({ status: 200, body: 'anything' }));
    await portalApi().delete('/product/p1');
    expect(() => assertNoMalformedAnswers()).not.toThrow();
  });
});

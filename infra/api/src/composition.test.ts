// The composition root is a list of named plugins (decision 041): a module listed without the
// plugins it needs, or before them, fails at start instead of at its first request.
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import checkout from './modules/checkout/checkout.plugin';
import orders from './modules/orders/placement/orders.plugin';

/** Stands in for a plugin by name only (what the dependency check reads). */
const named = (name: string) => fp(async () => {}, { name });

describe('module plugins', () => {
  it('refuse to start outside the /api scope', async () => {
    const app = Fastify({ logger: false });
    app.register(orders, { quotes: undefined as never, payments: undefined as never, ports: undefined as never });
    await expect(app.ready()).rejects.toThrow(/dependency 'api-scope' of plugin 'orders'/);
  });

  it('refuse to start before the modules whose services they are given', async () => {
    const app = Fastify({ logger: false });
    app.register(named('api-scope'));
    app.register(checkout, { cart: undefined as never, ports: undefined as never });
    await expect(app.ready()).rejects.toThrow(/dependency 'cart' of plugin 'checkout'/);
  });
});

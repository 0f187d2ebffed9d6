// What a test needs to place an order through the real checkout, from any module's tests: the
// request headers, a filled cart, the buyer's default addresses, a valid submitter, and a web-shop
// app with a stocked product.
import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { products } from '../db/schema';
import { WEBSHOP_CUSTOMER } from '../seed/accounts';
import type { Env } from '../env';
import { accessToken } from './demo-buyers';
import { startTestApp, type TestApp } from './test-app';

export const headers = (token: string, extra: Record<string, string> = {}) => ({ 'x-shop-type': 'portal', 'accept-language': 'nl', authorization: `Bearer ${token}`, ...extra });

export async function fillCart(app: FastifyInstance, token: string, lines: { product_id: string; quantity: number }[], shop = 'portal') {
  const res = await app.inject({ method: 'POST', url: '/api/v1/cart/items/bulk', headers: { ...headers(token), 'x-shop-type': shop }, payload: { lines } });
  if (res.statusCode !== 200) throw new Error(`filling the cart failed: ${res.body}`);
}

/** The default billing and shipping address ids of a buyer's book. */
export async function defaultAddresses(app: FastifyInstance, token: string) {
  const res = await app.inject({ url: '/api/v1/addresses', headers: headers(token) });
  const list = res.json() as { id: string; type: string; is_default: boolean }[];
  return {
    billing_address_id: list.find((a) => a.type === 'billing' && a.is_default)!.id,
    delivery_address_id: list.find((a) => a.type === 'shipping' && a.is_default)!.id,
  };
}

export const SUBMITTER = { first_name: 'Lucas', last_name: 'Janssens', function: 'Nurse manager', full_name: 'Lucas Janssens', declaration: true };

/** A placement test's app, the expiry job off (the tests run it), and the web-shop customer's token. */
export async function startWebshopOrdersApp(overrides: Partial<Env> = {}): Promise<{ t: TestApp; token: string }> {
  const t = await startTestApp({ paymentExpiryIntervalMs: 0, ...overrides });
  return { t, token: await accessToken(t.app, WEBSHOP_CUSTOMER) };
}

/** A priced product of the medical web shop with more than ten in stock. */
export async function stockedWebshopProduct(app: FastifyInstance): Promise<string> {
  const [p] = await app.database.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        inArray(products.shop, ['medical', 'both']),
        eq(products.contractOnly, false),
        eq(products.active, true),
        eq(products.kind, 'product'),
        isNotNull(products.priceCents),
        eq(products.priceOnRequest, false),
        gt(products.stockLevel, 10),
      ),
    )
    .orderBy(asc(products.articleCode))
    .limit(1);
  return p!.id;
}

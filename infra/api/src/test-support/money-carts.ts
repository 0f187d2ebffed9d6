// Generated carts for the money tests (issue 40, decision 058): one buyer of each kind the VAT rule
// tells apart, products at 21, 12, 6 and 0 % with prices that round differently per unit, per line
// and per rate, discount codes whose shares leave a rounding remainder, and the shipping methods.
// `runMoneyCase` takes one cart through everything that shows or charges an amount: the cart, the
// checkout's preview, the placed order, its order event and the invoice issued when it ships.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { expect } from 'vitest';
import { INTRA_COMMUNITY_SUPPLY } from '../common/vat/mentions';
import { WEBSHOP_CUSTOMER } from '../seed/accounts';
import { accessToken, contractOf, HOSPITAL_BUYER, POLICE_BUYER, query } from './demo-buyers';
import { defaultAddresses, fillCart, headers, SUBMITTER } from './placement';

export const BUYER_KINDS = ['be-business-vat', 'be-business-no-vat', 'nl-business-vat', 'nl-business-no-vat', 'nl-government', 'webshop-consumer'] as const;
export type BuyerKind = (typeof BUYER_KINDS)[number];

/** Each kind: who buys, the organisation's facts it gets, the shop. */
const KINDS: Record<BuyerKind, { email: string; shop: 'portal' | 'medical'; org: { client_type: 'B2B' | 'B2G'; vat_number: string | null } | null }> = {
  'be-business-vat': { email: HOSPITAL_BUYER, shop: 'portal', org: { client_type: 'B2B', vat_number: 'BE0412345614' } },
  'be-business-no-vat': { email: HOSPITAL_BUYER, shop: 'portal', org: { client_type: 'B2B', vat_number: null } },
  'nl-business-vat': { email: POLICE_BUYER, shop: 'portal', org: { client_type: 'B2B', vat_number: 'NL001234567B01' } },
  'nl-business-no-vat': { email: POLICE_BUYER, shop: 'portal', org: { client_type: 'B2B', vat_number: null } },
  'nl-government': { email: POLICE_BUYER, shop: 'portal', org: { client_type: 'B2G', vat_number: 'NL001234567B01' } },
  'webshop-consumer': { email: WEBSHOP_CUSTOMER, shop: 'medical', org: null },
};

/** Rates and unit prices (cents) of the four products each buyer can order: awkward on purpose (1.99 × 3 at 21 %, 7.90 × 3 at 6 %). */
const RATES_BP = [2100, 1200, 600, 0];
const PRICES = [199, 1333, 790, 4999];
export const DISCOUNT_CODES = { MONEYPCT: { kind: 'percent', value: 1250 }, MONEYTEN: { kind: 'amount', value: 10 }, MONEYBIG: { kind: 'amount', value: 2501 } } as const;

export interface MoneyCase {
  buyer: BuyerKind;
  lines: { slot: number; quantity: number }[];
  discount: keyof typeof DISCOUNT_CODES | null;
  shipping: 'standard' | 'express';
}

export const moneyCase: fc.Arbitrary<MoneyCase> = fc.record({
  buyer: fc.constantFrom(...BUYER_KINDS),
  lines: fc.uniqueArray(fc.record({ slot: fc.integer({ min: 0, max: 3 }), quantity: fc.integer({ min: 1, max: 40 }) }), { minLength: 1, maxLength: 4, selector: (l) => l.slot }),
  discount: fc.constantFrom(null, 'MONEYPCT', 'MONEYTEN', 'MONEYBIG'),
  shipping: fc.constantFrom('standard', 'express'),
});

export interface MoneyWorld {
  products: Record<'portal-hospital' | 'portal-police' | 'medical', string[]>;
  tokens: Record<string, string>;
}

/** Stocks and prices four products per buyer (a bundle among them where the contract has one), and the discount codes. */
export async function prepareMoneyWorld(app: FastifyInstance): Promise<MoneyWorld> {
  // Four products per group, none shared with another group (its price and rate are set per slot).
  const taken: string[] = [];
  const pick = async (where: ReturnType<typeof sql>) => {
    const others = taken.length ? sql`and p.id not in (${sql.join(taken.map((id) => sql`${id}`), sql`, `)})` : sql``;
    const ids = (
      await query<{ id: string }>(app, sql`select p.id from products p where ${where} and p.active and not p.price_on_request ${others} order by (p.kind = 'bundle') desc, p.article_code limit 4`)
    ).map((r) => r.id);
    taken.push(...ids);
    return ids;
  };
  const hospital = await contractOf(app, HOSPITAL_BUYER);
  const police = await contractOf(app, POLICE_BUYER);
  const products = {
    'portal-hospital': await pick(sql`exists (select 1 from contract_prices cp where cp.product_id = p.id and cp.contract_id = ${hospital} and cp.price_cents is not null)`),
    'portal-police': await pick(sql`exists (select 1 from contract_prices cp where cp.product_id = p.id and cp.contract_id = ${police} and cp.price_cents is not null)`),
    medical: await pick(sql`p.shop in ('medical', 'both') and not p.contract_only and p.price_cents is not null`),
  };
  for (const [group, ids] of Object.entries(products)) {
    if (ids.length < 4) throw new Error(`the seed has fewer than four products for ${group}`);
    for (const [i, id] of ids.entries()) {
      await query(app, sql`update products set vat_rate_bp = ${RATES_BP[i]!}, vat_category = null, stock_level = 1000000, backorder_allowed = true, price_cents = ${PRICES[i]!} where id = ${id}`);
      await query(app, sql`update contract_prices set price_cents = ${PRICES[i]!} where product_id = ${id} and contract_id in (${hospital}, ${police})`);
    }
  }
  for (const [code, d] of Object.entries(DISCOUNT_CODES)) {
    await query(app, sql`insert into discount_codes (code, kind, value, active) values (${code}, ${d.kind}, ${d.value}, true)`);
  }
  const tokens: Record<string, string> = {};
  for (const email of new Set(Object.values(KINDS).map((k) => k.email))) tokens[email] = await accessToken(app, email);
  return { products, tokens };
}

export interface MoneyOutcome {
  kind: BuyerKind;
  /** The cart's totals, and the preview of the same goods without discount or shipping. */
  cart: { excl: number; incl: number };
  bare: { excl: number; vat: number; incl: number };
  preview: { excl: number; vat: number; incl: number; mentions: string[] };
  order: { id: string; excl: number; vat: number; incl: number };
  event: { total: number };
  invoice: { excl: number; vat: number; incl: number; categories: string[]; number: string; ubl: string };
}

/** One generated cart through cart, preview, placement, the order event and the invoice of its shipment. */
export async function runMoneyCase(app: FastifyInstance, world: MoneyWorld, c: MoneyCase): Promise<MoneyOutcome> {
  const kind = KINDS[c.buyer];
  const token = world.tokens[kind.email]!;
  const group = kind.shop === 'medical' ? 'medical' : kind.email === HOSPITAL_BUYER ? 'portal-hospital' : 'portal-police';
  if (kind.org) {
    await query(
      app,
      sql`update organisations set client_type = ${kind.org.client_type}, vat_number = ${kind.org.vat_number}
          where id = (select organisation_id from memberships m join users u on u.id = m.user_id where u.email = ${kind.email} limit 1)`,
    );
  }
  await query(app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${kind.email})`);
  await fillCart(app, token, c.lines.map((l) => ({ product_id: world.products[group][l.slot]!, quantity: l.quantity })), kind.shop);
  const h = { ...headers(token), 'x-shop-type': kind.shop, 'accept-language': 'en' };
  const cart = await app.inject({ url: '/api/v1/cart', headers: h });
  if (cart.statusCode !== 200) throw new Error(`cart: ${cart.body}`);
  const addresses = await defaultAddresses(app, token);
  const [delivery] = await query<{ country: string }>(app, sql`select country from addresses where id = ${addresses.delivery_address_id}`);
  const bare = await app.inject({ method: 'POST', url: '/api/v1/checkout/preview', headers: h, payload: { delivery_country: delivery!.country } });
  if (bare.statusCode !== 200) throw new Error(`preview: ${bare.body}`);
  const wanted = { delivery_country: delivery!.country, shipping_method: c.shipping, ...(c.discount ? { discount_code: c.discount } : {}) };
  const preview = await app.inject({ method: 'POST', url: '/api/v1/checkout/preview', headers: h, payload: wanted });
  if (preview.statusCode !== 200) throw new Error(`preview: ${preview.body}`);
  const placed = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...h, 'idempotency-key': randomUUID() },
    payload: { ...addresses, shipping_method: c.shipping, ...(c.discount ? { discount_code: c.discount } : {}), submitter: SUBMITTER },
  });
  if (placed.statusCode !== 201) throw new Error(`placement: ${placed.body}`);
  const orderId = placed.json().id as string;
  const [order] = await query<{ subtotal_cents: number; discount_cents: number; shipping_cents: number; vat_cents: number; total_cents: number }>(
    app,
    sql`select subtotal_cents, discount_cents, shipping_cents, vat_cents, total_cents from orders where id = ${orderId}`,
  );
  const [event] = await query<{ payload: { total_cents: number } }>(
    app,
    sql`select payload from integration_events where aggregate_id = ${orderId} and aggregate_type = 'order' order by sequence limit 1`,
  );
  const today = new Date().toISOString().slice(0, 10);
  const invoiceId = await app.database.db.transaction((tx) => app.invoicing.invoiceShipment(tx, { orderId, shipmentId: `MONEY-${orderId}`, shippedOn: today, lines: 'rest' }));
  const [invoice] = await query<{ total_excl_vat_cents: number; vat_cents: number; total_incl_vat_cents: number; number: string; ubl: Buffer; document: { lines: { vatCategory: string }[] } }>(
    app,
    sql`select total_excl_vat_cents, vat_cents, total_incl_vat_cents, number, ubl, document from invoices where id = ${invoiceId}`,
  );
  const p = preview.json().totals;
  const b = bare.json().totals;
  return {
    kind: c.buyer,
    cart: { excl: cart.json().total.excl_vat, incl: cart.json().total.incl_vat },
    bare: { excl: b.excl_vat, vat: b.vat, incl: b.incl_vat },
    preview: { excl: p.excl_vat, vat: p.vat, incl: p.incl_vat, mentions: p.vat_mentions ?? [] },
    order: { id: orderId, excl: order!.total_cents - order!.vat_cents, vat: order!.vat_cents, incl: order!.total_cents },
    event: { total: event!.payload.total_cents },
    invoice: {
      excl: invoice!.total_excl_vat_cents,
      vat: invoice!.vat_cents,
      incl: invoice!.total_incl_vat_cents,
      categories: [...new Set(invoice!.document.lines.map((l) => l.vatCategory))],
      number: invoice!.number,
      ubl: Buffer.from(invoice!.ubl).toString('utf8'),
    },
  };
}

/** What must hold of one cart's amounts, wherever the buyer sees them. */
export function expectAgreement(o: MoneyOutcome) {
  const where = `${o.kind} order ${o.order.id}`;
  // The cart and the checkout's preview of the same goods (no discount, no shipping) agree.
  expect({ excl: o.cart.excl, incl: o.cart.incl }, where).toEqual({ excl: o.bare.excl, incl: o.bare.incl });
  // The preview, the stored order, its event and the invoice agree.
  expect(o.order, where).toMatchObject({ excl: o.preview.excl, vat: o.preview.vat, incl: o.preview.incl });
  expect(o.event.total, where).toBe(o.preview.incl);
  expect({ excl: o.invoice.excl, vat: o.invoice.vat, incl: o.invoice.incl }, where).toEqual({ excl: o.preview.excl, vat: o.preview.vat, incl: o.preview.incl });
  // No Belgian VAT for a Dutch buyer registered for VAT, and the checkout said so as the invoice does.
  const intraCommunity = o.kind === 'nl-business-vat' || o.kind === 'nl-government';
  expect(o.invoice.categories.includes('K'), where).toBe(intraCommunity);
  if (intraCommunity) {
    expect(o.preview.vat, where).toBe(0);
    expect(o.preview.mentions, where).toEqual([INTRA_COMMUNITY_SUPPLY.en]);
  } else {
    expect(o.preview.mentions, where).toEqual([]);
  }
}


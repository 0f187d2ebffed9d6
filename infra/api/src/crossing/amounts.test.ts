// Crossing invariant 1 (issue 40): the amounts a buyer sees equal what is invoiced, to the cent. A
// pairwise table crosses the organisations (Belgian hospital, Dutch business registered for VAT
// delivered in NL, web-shop consumer), the cart (3 × 7.90 at 6 %, 21 % and 6 % mixed, a bundle),
// a discount code, and full or partial shipment; a cXML order crosses punchout with a partial
// shipment. For each: the cart equals the bare preview, and the preview, the placement's answer,
// the order page, the ERP's order event and the sum of the invoices issued when the warehouse
// reports the shipment(s) agree. Runs on PGlite and PostgreSQL: nothing here needs two instances
// or real parallel transactions (the budget under concurrency is budgets.placement.test.ts's), and
// the money rule must hold on both engines; the four files take about a minute on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../test-support/demo-buyers';
import { startTestApp } from '../test-support/test-app';
import {
  articleOf,
  BUYERS,
  type BuyerKey,
  cxmlOrderRequest,
  eventTotal,
  invoicedTotals,
  orderPage,
  pickTotals,
  portalOrder,
  postCxml,
  prepareWorld,
  ship,
  type World,
} from '../test-support/crossing-world';

let w: World;
beforeAll(async () => {
  w = await prepareWorld(await startTestApp({ paymentExpiryIntervalMs: 0 }));
}, 180_000);
afterAll(async () => {
  await w?.t.close();
});

type Cart = 'three-at-six' | 'mixed' | 'bundle';
/** Lines by slot (0: 19.99 at 21 %, 1: 7.90 at 6 %, 2: a bundle or a third product at 21 %). */
const CARTS: Record<Cart, { slot: number; quantity: number }[]> = {
  'three-at-six': [{ slot: 1, quantity: 3 }],
  mixed: [
    { slot: 0, quantity: 10 },
    { slot: 1, quantity: 3 },
  ],
  bundle: [
    { slot: 2, quantity: 2 },
    { slot: 1, quantity: 3 },
  ],
};

/** All pairs of buyer × cart × discount × shipment (each pair of values occurs in some row). */
const MATRIX: { buyer: BuyerKey; cart: Cart; discount: boolean; partial: boolean }[] = [
  { buyer: 'hospital', cart: 'three-at-six', discount: false, partial: false },
  { buyer: 'hospital', cart: 'mixed', discount: true, partial: false },
  { buyer: 'hospital', cart: 'bundle', discount: false, partial: true },
  { buyer: 'nl-business', cart: 'three-at-six', discount: true, partial: true },
  { buyer: 'nl-business', cart: 'mixed', discount: false, partial: true },
  { buyer: 'nl-business', cart: 'bundle', discount: true, partial: false },
  { buyer: 'webshop', cart: 'three-at-six', discount: false, partial: false },
  { buyer: 'webshop', cart: 'mixed', discount: true, partial: false },
  { buyer: 'webshop', cart: 'bundle', discount: false, partial: false },
];

/** One row: the cart through cart, previews, placement, order page and event, then shipped (in two parts where `partial`) and invoiced. */
async function journey({ buyer, cart, discount, partial }: (typeof MATRIX)[number]) {
  const { email, shop } = BUYERS[buyer];
  const lines = CARTS[cart].map((l) => ({ product_id: w.products[buyer][l.slot]!, quantity: l.quantity }));
  const seen = await portalOrder(w, email, shop, lines, discount ? { discount_code: 'CROSS125' } : {});
  // The cart and the checkout's preview of the same goods (no discount, no shipping) agree (defect 2: 141 against 142 cents of VAT).
  expect({ excl_vat: seen.cart.excl_vat, incl_vat: seen.cart.incl_vat }, 'cart against bare preview').toEqual({ excl_vat: seen.bare.excl_vat, incl_vat: seen.bare.incl_vat });
  expect(seen.placed.statusCode, seen.placed.body).toBe(201);
  const placed = seen.placed.json() as { id: string; totals?: { excl_vat: number; vat: number; incl_vat: number } };
  if (placed.totals) expect(pickTotals(placed.totals), 'placement answer against preview').toEqual(seen.preview);
  const { number, page } = await orderPage(w, email, placed.id, shop);
  expect(pickTotals(page.totals), 'order page against preview').toEqual(seen.preview);
  const event = await eventTotal(w, placed.id);
  if (event !== undefined) expect(event, 'order event against preview').toBe(seen.preview.incl_vat);
  // A web-shop order waits for its payment before it is shipped and invoiced (the payment tests follow it there).
  if (shop !== 'portal') return;
  const quantities = (await query<{ quantity: number }>(w.app, sql`select quantity from order_lines where order_id = ${placed.id} order by article_code`)).map((l) => l.quantity);
  const parts = partial ? [quantities.map((q) => Math.ceil(q / 2)), quantities.map((q) => q - Math.ceil(q / 2))] : [quantities];
  await ship(w, placed.id, number, parts);
  const invoiced = await invoicedTotals(w, email, placed.id, shop);
  expect(invoiced.count).toBe(parts.length);
  // Defect 1: the Dutch business was shown 21 %/6 % VAT and invoiced K with none.
  expect(invoiced.totals, 'sum of the invoices against preview').toEqual(seen.preview);
}

describe('the amounts a buyer sees equal the invoice', () => {
  it.each(MATRIX)('$buyer, $cart, discount $discount, partial shipment $partial', journey);

  // Found by this suite on main after issue 40's fixes: each partial invoice rounds its VAT per rate
  // (EN 16931, BR-CO-17) and the roundings add up to a cent more than the order's VAT rounded once
  // (21 %: 9741 and 8746 cents taxable give 2046 + 1837 = 3883, the order's 18487 gives 3882).
  it('a discounted mixed-rate order shipped in two parts is invoiced, in sum, what the buyer saw', () =>
    journey({ buyer: 'hospital', cart: 'mixed', discount: true, partial: true }));

  it('a cXML order shipped in two parts: the order page equals the sum of its invoices', async () => {
    const [a, b] = [await articleOf(w, w.products.hospital[0]!), await articleOf(w, w.products.hospital[1]!)];
    const res = await postCxml(
      w,
      cxmlOrderRequest(`PO-CROSS-${Date.now()}`, [
        { code: a, quantity: 10 },
        { code: b, quantity: 3 },
      ]),
    );
    expect(res.code, res.body).toBe(200);
    const [order] = await query<{ id: string }>(w.app, sql`select o.id from orders o join procurement_orders p on p.order_id = o.id where p.channel = 'cxml' order by o.created_at desc limit 1`);
    const { number, page } = await orderPage(w, BUYERS.hospital.email, order!.id);
    const event = await eventTotal(w, order!.id);
    if (event !== undefined) expect(event).toBe(page.totals.incl_vat);
    await ship(w, order!.id, number, [
      [5, 2],
      [5, 1],
    ]);
    const invoiced = await invoicedTotals(w, BUYERS.hospital.email, order!.id);
    expect(invoiced.count).toBe(2);
    expect(invoiced.totals).toEqual(pickTotals(page.totals));
  });
});

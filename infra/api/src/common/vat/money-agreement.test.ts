// Issue 40: money shown must equal money invoiced. Generated carts (fast-check: every kind of buyer
// the VAT rule tells apart, quantities, discounts, a bundle, shipping, rates of 21, 12, 6 and 0 %)
// go through the cart, the checkout's preview, the placement, the order event and the invoice of
// their shipment, and every amount agrees to the cent (decision 058). The UBL of a few of them is
// validated in money-agreement.conformance.test.ts.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAgreement, moneyCase, prepareMoneyWorld, runMoneyCase, type MoneyWorld } from '../../test-support/money-carts';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let world: MoneyWorld;

beforeAll(async () => {
  t = await startTestApp({ paymentExpiryIntervalMs: 0 });
  world = await prepareMoneyWorld(t.app);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('money shown equals money invoiced', () => {
  it('agrees to the cent for generated carts of every kind of buyer', { timeout: 600_000 }, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(moneyCase, async (c) => {
        runs++;
        expectAgreement(await runMoneyCase(t.app, world, c));
      }),
      { numRuns: 30, seed: 4040, endOnFailure: true },
    );
    console.log(`[money] ${runs} generated carts: cart, preview, order, event and invoice agree`);
  });

  it("issue 40's carts: a Dutch business with a VAT number pays no Belgian VAT; 3 and 6 × € 7.90 at 6 % round once", { timeout: 120_000 }, async () => {
    const dutch = await runMoneyCase(t.app, world, { buyer: 'nl-business-vat', lines: [{ slot: 0, quantity: 10 }, { slot: 2, quantity: 3 }], discount: null, shipping: 'standard' });
    expectAgreement(dutch);
    expect(dutch.invoice).toMatchObject({ vat: 0, categories: ['K'] });
    for (const quantity of [3, 6]) {
      const consumer = await runMoneyCase(t.app, world, { buyer: 'webshop-consumer', lines: [{ slot: 2, quantity }], discount: null, shipping: 'standard' });
      expectAgreement(consumer);
      // 790 × n at 6 %, rounded once: 142 (not 141) and 284 (not 282).
      expect(consumer.cart.incl - consumer.cart.excl).toBe(quantity === 3 ? 142 : 284);
      console.log(`[money] ${quantity} × € 7.90 at 6 %: cart ${consumer.cart.excl}/${consumer.cart.incl}, checkout ${consumer.bare.excl}/${consumer.bare.vat}/${consumer.bare.incl}`);
    }
    console.log(`[money] Dutch business 10 × € 1.99 at 21 % + 3 × € 7.90 at 6 %: checkout ${JSON.stringify(dutch.preview)}, invoice ${dutch.invoice.excl}/${dutch.invoice.vat}/${dutch.invoice.incl}`);
  });
});

// Issue 40: the invoices of generated carts (money-agreement.test.ts's generator, a handful: each
// Saxon run costs seconds) pass EN 16931 and Peppol BIS Billing 3.0 with 0 fatal, one of every
// kind of buyer among them. Run in the PGlite pass only (vitest.config.ts), as the matrix is.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYER_KINDS, expectAgreement, moneyCase, prepareMoneyWorld, runMoneyCase } from '../../test-support/money-carts';
import { fatal, PEPPOL_BILLING_RULES, validateBatch } from '../../test-support/schematron';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
const documents = new Map<string, string>();

beforeAll(async () => {
  t = await startTestApp({ paymentExpiryIntervalMs: 0 });
  const world = await prepareMoneyWorld(t.app);
  // One generated cart per kind of buyer (the generator's other choices), so every category is validated.
  for (const [i, buyer] of BUYER_KINDS.entries()) {
    const [c] = fc.sample(moneyCase, { numRuns: 1, seed: 58 + i });
    const outcome = await runMoneyCase(t.app, world, { ...c!, buyer });
    expectAgreement(outcome);
    documents.set(`${buyer}-${outcome.invoice.number}.xml`, outcome.invoice.ubl);
  }
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('invoices of generated carts', () => {
  it('pass EN 16931 and Peppol BIS Billing 3.0 with 0 fatal', { timeout: 240_000 }, async () => {
    expect(documents.size).toBe(BUYER_KINDS.length);
    // A consumer's UBL names the buyer by e-mail (EM), which EN 16931 accepts and Peppol's list does
    // not: it is mailed, never sent over Peppol (decision 046 §4), so Peppol's rules check the others.
    const overPeppol = new Map([...documents].filter(([name]) => !name.startsWith('webshop-consumer')));
    const [cen, peppol] = await Promise.all([validateBatch(PEPPOL_BILLING_RULES.cen, documents), validateBatch(PEPPOL_BILLING_RULES.peppol, overPeppol)]);
    const failures = [...cen.results, ...peppol.results].flatMap(([name, found]) => fatal(found).map((f) => `${name}: ${f.id} ${f.text}`));
    console.log(`[conformance] ${documents.size} invoices of generated carts: CEN in ${cen.seconds.toFixed(1)} s, Peppol in ${peppol.seconds.toFixed(1)} s, ${failures.length} fatal`);
    expect(failures).toEqual([]);
  });
});

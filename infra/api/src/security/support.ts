// Shared by the access matrix and the robustness suite: the access policies of every module and the
// ids of organisation A, organisation B and the public shop that valid requests are built from.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, gt, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { addresses, approvalHistory, approvalRequests, approvalRules, contractPrices, contracts, costCentres, invoiceDeliveries, invoices, memberships, orderListLines, orderLists, orders, products, quotations, users } from '../db/schema';
import type { AccessTable, MatrixFixtures } from './access-policy';

export const ORG_A_BUYER = 'lucas.janssens@zorggroep-scheldeland.example';
export const ORG_B_BUYER = 'eva.bakker@interventie-polder.example';
export const ORG_A_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';

/** Every `security/access/<module>.ts` table, merged; a key in two tables is an error. */
export async function loadAccessPolicies(): Promise<AccessTable> {
  const policies: AccessTable = {};
  const tables = join(import.meta.dirname, 'access');
  for (const file of readdirSync(tables).filter((name) => name.endsWith('.ts'))) {
    const mod = (await import(join(tables, file))) as Record<string, AccessTable>;
    for (const table of Object.values(mod)) {
      for (const [key, policy] of Object.entries(table)) {
        if (policies[key]) throw new Error(`two policies for ${key}`);
        policies[key] = policy;
      }
    }
  }
  return policies;
}

/** A product of A's contract, a contract-only product of B outside A's contract, a public product. */
export async function matrixFixtures(app: FastifyInstance): Promise<MatrixFixtures> {
  const db = app.database.db;
  // The organisation of a buyer, joined by their address.
  const ofBuyer = (organisation: AnyPgColumn, email: string) => [
    eq(memberships.organisationId, organisation),
    and(eq(users.id, memberships.userId), eq(users.email, email)),
  ] as const;
  const contractOf = async (email: string) => {
    const [onOrg, isBuyer] = ofBuyer(contracts.organisationId, email);
    return (await db.select({ id: contracts.id }).from(contracts).innerJoin(memberships, onOrg).innerJoin(users, isBuyer))[0]!.id;
  };
  const [contractA, contractB] = [await contractOf(ORG_A_BUYER), await contractOf(ORG_B_BUYER)];
  const product = { id: products.id, slug: products.slug, code: products.articleCode, gtin: products.gtin };
  const [productA] = await db
    .select(product)
    .from(products)
    .innerJoin(contractPrices, and(eq(contractPrices.productId, products.id), eq(contractPrices.contractId, contractA)))
    .where(and(eq(products.kind, 'product'), gt(products.stockLevel, 10)))
    .orderBy(asc(products.slug))
    .limit(1);
  const [productB] = await db
    .select(product)
    .from(products)
    .innerJoin(contractPrices, and(eq(contractPrices.productId, products.id), eq(contractPrices.contractId, contractB)))
    .where(
      and(
        eq(products.contractOnly, true),
        notInArray(products.id, db.select({ id: contractPrices.productId }).from(contractPrices).where(eq(contractPrices.contractId, contractA))),
      ),
    )
    .orderBy(asc(products.slug))
    .limit(1);
  // Public, and within A's and B's contracts at a price: their people may add it in the public shop too
  // (a product outside a buyer's contract is "Not within contract" there, decision 044), as visitors may.
  const inContract = (contract: string) =>
    db.select({ id: contractPrices.productId }).from(contractPrices).where(and(eq(contractPrices.contractId, contract), isNotNull(contractPrices.priceCents)));
  const [publicProduct] = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(
      and(
        inArray(products.shop, ['medical', 'both']),
        eq(products.contractOnly, false),
        eq(products.kind, 'product'),
        eq(products.priceOnRequest, false),
        gt(products.stockLevel, 10),
        inArray(products.id, inContract(contractA)),
        inArray(products.id, inContract(contractB)),
      ),
    )
    .orderBy(asc(products.slug))
    .limit(1);
  // Delivered and confirmed: every move and confirmation is refused, so the matrix changes nothing.
  const deliveredOf = async (email: string) => {
    const [onOrg, isBuyer] = ofBuyer(orders.organisationId, email);
    const [found] = await db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .innerJoin(memberships, onOrg)
      .innerJoin(users, isBuyer)
      .where(and(eq(orders.status, 'delivered'), isNotNull(orders.deliveryConfirmedAt)))
      .orderBy(asc(orders.number))
      .limit(1);
    return found!;
  };
  const historyOrders = { deliveredA: await deliveredOf(ORG_A_BUYER), deliveredB: await deliveredOf(ORG_B_BUYER) };
  const quotationOf = async (email: string, status: 'draft' | 'sent') => {
    const [onOrg, isBuyer] = ofBuyer(quotations.organisationId, email);
    const [found] = await db
      .select({ id: quotations.id })
      .from(quotations)
      .innerJoin(memberships, onOrg)
      .innerJoin(users, isBuyer)
      .where(eq(quotations.status, status))
      .orderBy(asc(quotations.number))
      .limit(1);
    return found!.id;
  };
  const quotationIds = {
    draftA: await quotationOf(ORG_A_BUYER, 'draft'),
    sentA: await quotationOf(ORG_A_BUYER, 'sent'),
    draftB: await quotationOf(ORG_B_BUYER, 'draft'),
    sentB: await quotationOf(ORG_B_BUYER, 'sent'),
  };
  // The demo seed pays each organisation's oldest invoice (modules/invoices/demo-invoices.ts).
  const paidInvoiceOf = async (email: string) => {
    const [onOrg, isBuyer] = ofBuyer(invoices.organisationId, email);
    const [found] = await db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .innerJoin(memberships, onOrg)
      .innerJoin(users, isBuyer)
      .where(and(eq(invoices.status, 'paid'), eq(invoices.kind, 'invoice')))
      .orderBy(asc(invoices.number))
      .limit(1);
    return found!;
  };
  const firstAddressOf = async (email: string) => {
    const [onOrg, isBuyer] = ofBuyer(addresses.organisationId, email);
    return (await db.select({ id: addresses.id }).from(addresses).innerJoin(memberships, onOrg).innerJoin(users, isBuyer).orderBy(asc(addresses.id)).limit(1))[0]!;
  };
  const firstOrderOf = async (email: string) => {
    const [onOrg, isBuyer] = ofBuyer(orders.organisationId, email);
    return (await db.select({ id: orders.id }).from(orders).innerJoin(memberships, onOrg).innerJoin(users, isBuyer).orderBy(asc(orders.id)).limit(1))[0]!;
  };
  // A failed Peppol delivery of an invoice of A's and of B's (the invoice ids stand alone: the
  // deliveries keep them without a foreign key, decision 048).
  const failedDeliveryOf = async (email: string, documentKind: 'invoice' | 'despatch_advice' = 'invoice') => {
    const [membership] = await db.select({ organisationId: memberships.organisationId }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(eq(users.email, email));
    const invoiceId = randomUUID();
    await db.insert(invoiceDeliveries).values({
      documentKind,
      documentId: invoiceId,
      organisationId: membership!.organisationId,
      channel: 'peppol',
      status: 'failed',
      recipient: '0208:0000000097',
      attempts: 10,
      lastError: 'the access point answered 503',
    });
    return invoiceId;
  };
  // Requests and rules written as the approvals module writes them (issue 33): a waiting and a
  // rejected request of each organisation's buyer, and a rule never met (above the money range).
  const approvalsOf = async (email: string) => {
    const [member] = await db.select({ organisationId: memberships.organisationId, userId: users.id }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(eq(users.email, email));
    const snapshot = {
      checkout: {},
      lines: [],
      delivery: { label: 'Main', street: 'Street', nr: '1', postal_code: '1000', city: 'Brussels', country: 'BE' },
      invoice: { label: 'Main', street: 'Street', nr: '1', postal_code: '1000', city: 'Brussels', country: 'BE' },
      money: { subtotal_excl_vat: 0, discount_excl_vat: 0, shipping_excl_vat: 0, vat: 0, incl_vat: 0 },
    };
    const base = { organisationId: member!.organisationId, userId: member!.userId, reasons: [{ kind: 'users', amount_cents: null }], snapshot, locale: 'en' };
    const [pending] = await db.insert(approvalRequests).values(base).returning({ id: approvalRequests.id });
    const [decided] = await db.insert(approvalRequests).values({ ...base, status: 'rejected', decidedAt: new Date(), comment: 'seeded' }).returning({ id: approvalRequests.id });
    await db.insert(approvalHistory).values([pending!, decided!].map((r) => ({ requestId: r.id, event: 'submitted', byUserId: member!.userId })));
    const [rule] = await db.insert(approvalRules).values({ organisationId: member!.organisationId, kind: 'order_total_above', amountCents: 100_000_000 }).returning({ id: approvalRules.id });
    return { pending: pending!.id, decided: decided!.id, rule: rule!.id };
  };
  const organisationOf = async (email: string) =>
    (await db.select({ id: memberships.organisationId }).from(memberships).innerJoin(users, and(eq(users.id, memberships.userId), eq(users.email, email))))[0]!.id;
  // An inactive cost centre per organisation (issue 33): an active one would make every placement name one.
  const costCentreOf = async (email: string, code: string) => {
    const [membership] = await db.select({ organisationId: memberships.organisationId }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(eq(users.email, email));
    const [row] = await db.insert(costCentres).values({ organisationId: membership!.organisationId, code, name: `Matrix ${code}`, active: false, budgetCents: 100_000, period: 'month' }).returning({ id: costCentres.id });
    return row!.id;
  };
  const userId = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!;
  // Order lists, written as the system (decision 056): the matrix reads and edits these, never deletes them.
  const orderListOf = async (email: string, shared: boolean, productId?: string) => {
    const [member] = await db.select({ userId: users.id, organisationId: memberships.organisationId }).from(users).innerJoin(memberships, eq(memberships.userId, users.id)).where(eq(users.email, email)).limit(1);
    const [list] = await db.insert(orderLists).values({ organisationId: member!.organisationId, ownerUserId: member!.userId, name: `Matrix ${email}`, shared }).returning({ id: orderLists.id });
    if (productId) await db.insert(orderListLines).values({ listId: list!.id, productId, quantity: 1, name: 'Matrix product', articleCode: 'MATRIX' });
    return list!.id;
  };
  return {
    productA: productA!,
    productB: productB!,
    publicProduct: publicProduct!,
    addressA: await firstAddressOf(ORG_A_BUYER),
    addressB: await firstAddressOf(ORG_B_BUYER),
    orderA: await firstOrderOf(ORG_A_BUYER),
    orderB: await firstOrderOf(ORG_B_BUYER),
    userA: await userId(ORG_A_BUYER),
    userB: await userId(ORG_B_BUYER),
    adminA: await userId(ORG_A_ADMIN),
    historyOrders,
    invoices: await (async () => {
      const [a, b] = [await paidInvoiceOf(ORG_A_BUYER), await paidInvoiceOf(ORG_B_BUYER)];
      return { paidA: a.id, paidB: b.id, paidANumber: a.number, paidBNumber: b.number };
    })(),
    quotations: quotationIds,
    orderLists: {
      sharedA: await orderListOf(ORG_A_BUYER, true, productA!.id),
      privateAdminA: await orderListOf(ORG_A_ADMIN, false),
      sharedB: await orderListOf(ORG_B_BUYER, true),
    },
    approvals: await (async () => {
      const [a, b] = [await approvalsOf(ORG_A_BUYER), await approvalsOf(ORG_B_BUYER)];
      return { pendingA: a.pending, decidedA: a.decided, pendingB: b.pending, decidedB: b.decided, ruleA: a.rule, ruleB: b.rule };
    })(),
    invoiceDeliveries: { failedA: await failedDeliveryOf(ORG_A_BUYER), failedB: await failedDeliveryOf(ORG_B_BUYER) },
    despatchDeliveries: { failedA: await failedDeliveryOf(ORG_A_BUYER, 'despatch_advice'), failedB: await failedDeliveryOf(ORG_B_BUYER, 'despatch_advice') },
    organisations: { a: await organisationOf(ORG_A_BUYER), b: await organisationOf(ORG_B_BUYER) },
    costCentres: { a: await costCentreOf(ORG_A_BUYER, 'MATRIX-A'), b: await costCentreOf(ORG_B_BUYER, 'MATRIX-B'), codeA: 'MATRIX-A' },
  };
}

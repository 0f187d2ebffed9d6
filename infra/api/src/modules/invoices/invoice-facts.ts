// What issuing reads of the order it invoices, inside the issuing transaction: the order (locked,
// so two issues for one order take turns), its buyer (organisation, contract terms, the ordering
// user's language), its lines with the product facts an invoice states, and what earlier documents
// already invoiced or credited of each line. Reads of the orders' and accounts' tables (decision 039:
// listed with their reason in architecture/table-ownership.test.ts); nothing here writes them.
import { and, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { StoredAddressSnapshot } from '@portal/shared/schemas';
import type { Tx } from '../../db/client';
import { contracts, discountCodes, orderLines, orders, organisations, products, users } from './links';
import { invoiceLines, invoices } from './tables';
import { typedRows } from '../../db/typed-rows';
import { billingEmailOf } from './billing-email';
import type { PostalAddress } from './invoice-document';
import type { BuyerFacts } from './invoice-input';
import { vatBuyerOf } from '../../common/vat/vat-buyer';
import type { VatRegime } from '../../common/vat/vat-category';

export interface OrderFacts {
  id: string;
  number: string;
  organisationId: string | null;
  externalReference: string | null;
  invoiceAddress: StoredAddressSnapshot;
  deliveryAddress: StoredAddressSnapshot;
  discountCents: number;
  discountCode: string | null;
  shippingCents: number;
  subtotalCents: number;
  currency: string;
  language: 'en' | 'nl' | 'fr';
  paymentTermDays: number;
  buyer: BuyerFacts;
  /** How the order was taxed when placed (decision 058); null: placed before, decided when issuing. */
  vatRegime: VatRegime | null;
}

export interface LineFacts {
  orderLineId: string;
  articleCode: string;
  description: string;
  gtin: string | null;
  unit: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  vatRateBp: number;
  productVatCategory: 'Z' | 'E' | null;
}

/** An order's address snapshot as an invoice states it (street and number on one line, the box as the second). */
export function postalAddress(a: StoredAddressSnapshot): PostalAddress {
  return { street: `${a.street} ${a.nr}`.trim(), additionalStreet: a.box || null, city: a.city, postalCode: a.postal_code, country: a.country };
}

const language = (locale: string | null | undefined): 'en' | 'nl' | 'fr' => (locale === 'nl' || locale === 'fr' ? locale : 'en');

/** The order, locked for this transaction, with its buyer; null when there is no such order. */
export async function readOrderFacts(tx: Tx, orderId: string): Promise<OrderFacts | null> {
  // Locks the order row: issues for one order (two shipments at once) take turns, so "what is left"
  // is read after the other's commit.
  const [locked] = await typedRows(tx, { id: v.string() }, sql`select id from orders where id = ${orderId} for update`);
  if (!locked) return null;
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      organisationId: orders.organisationId,
      externalReference: orders.externalReference,
      invoiceAddress: orders.invoiceAddress,
      deliveryAddress: orders.deliveryAddress,
      discountCents: orders.discountCents,
      shippingCents: orders.shippingCents,
      subtotalCents: orders.subtotalCents,
      currency: orders.currency,
      vatRegime: orders.vatRegime,
      vatBuyer: orders.vatBuyer,
      discountCode: discountCodes.code,
      locale: users.locale,
      userFirst: users.firstName,
      userLast: users.lastName,
      userEmail: users.email,
      userPhone: users.phone,
      userVat: users.vatNumber,
      orgName: organisations.name,
      orgVat: organisations.vatNumber,
      orgCountry: organisations.country,
      clientType: organisations.clientType,
      enterpriseNumber: organisations.enterpriseNumber,
      kvkNumber: organisations.kvkNumber,
      oin: organisations.oin,
      siret: organisations.siret,
      peppolParticipantId: organisations.peppolParticipantId,
      vatExemptionReason: organisations.vatExemptionReason,
      billingEmail: organisations.billingEmail,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(organisations, eq(organisations.id, orders.organisationId))
    .leftJoin(discountCodes, eq(discountCodes.id, orders.discountCodeId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  // The organisation's contract terms: the active contract's, else the latest one's, else 30 days.
  const [contract] = row.organisationId
    ? await tx
        .select({ days: contracts.paymentTermDays })
        .from(contracts)
        .where(eq(contracts.organisationId, row.organisationId))
        .orderBy(sql`${contracts.status} = 'active' desc`, desc(contracts.startsOn))
        .limit(1)
    : [];
  const invoiceAddress = postalAddress(row.invoiceAddress);
  const personName = row.userFirst ? `${row.userFirst} ${row.userLast ?? ''}`.trim() : null;
  // The buyer's VAT facts as the order stored them when it was placed (what the checkout priced
  // with), else as recorded now; one mapping for both (common/vat).
  const vatFacts =
    row.vatBuyer ??
    vatBuyerOf(row.orgName ? { clientType: row.clientType, vatNumber: row.orgVat, country: row.orgCountry, vatExemptionReason: row.vatExemptionReason } : null, invoiceAddress.country, row.userVat);
  const buyer: BuyerFacts = {
    name: row.orgName ?? (personName || row.invoiceAddress.label),
    clientType: vatFacts.clientType,
    vatNumber: vatFacts.vatNumber,
    country: vatFacts.country,
    enterpriseNumber: row.enterpriseNumber,
    kvkNumber: row.kvkNumber,
    oin: row.oin,
    siret: row.siret,
    peppolParticipantId: row.peppolParticipantId,
    vatExemptionReason: vatFacts.vatExemptionReason,
    address: invoiceAddress,
    // The buyer's contact (BT-58): where its invoices are mailed (billing-email.ts), else whom to ask.
    contact: {
      name: personName,
      email: billingEmailOf({ organisationId: row.organisationId, organisationBillingEmail: row.billingEmail, buyerEmail: row.invoiceAddress.email ?? row.userEmail }) ?? row.invoiceAddress.email ?? row.userEmail,
      phone: row.invoiceAddress.phone ?? row.userPhone,
    },
  };
  return {
    id: row.id,
    number: row.number,
    organisationId: row.organisationId,
    externalReference: row.externalReference,
    invoiceAddress: row.invoiceAddress,
    deliveryAddress: row.deliveryAddress,
    discountCents: row.discountCents,
    discountCode: row.discountCode,
    shippingCents: row.shippingCents,
    subtotalCents: row.subtotalCents,
    currency: row.currency,
    language: language(row.locale),
    paymentTermDays: contract?.days ?? 30,
    buyer,
    vatRegime: row.vatRegime,
  };
}

/** The order's lines in their order, with the product facts an invoice states. */
export async function readLineFacts(tx: Tx, orderId: string): Promise<LineFacts[]> {
  const rows = await tx
    .select({
      orderLineId: orderLines.id,
      articleCode: orderLines.articleCode,
      description: orderLines.description,
      gtin: products.gtin,
      unit: products.unit,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      lineTotalCents: orderLines.lineTotalCents,
      vatRateBp: orderLines.vatRateBp,
      productVatCategory: products.vatCategory,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.articleCode, orderLines.id);
  return rows.map((r) => ({
    ...r,
    unit: r.unit ?? 'piece',
    productVatCategory: r.productVatCategory === 'Z' || r.productVatCategory === 'E' ? r.productVatCategory : null,
  }));
}

/** Per order line: quantity on invoices minus quantity on credit notes, over the order's documents. */
export async function readInvoiced(tx: Tx, orderId: string): Promise<Map<string, { invoiced: number; credited: number }>> {
  const rows = await tx
    .select({ orderLineId: invoiceLines.orderLineId, kind: invoices.kind, quantity: sql<number>`sum(${invoiceLines.quantity})::int`.mapWith(Number) })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(eq(invoices.orderId, orderId))
    .groupBy(invoiceLines.orderLineId, invoices.kind);
  const out = new Map<string, { invoiced: number; credited: number }>();
  for (const r of rows) {
    const entry = out.get(r.orderLineId) ?? { invoiced: 0, credited: 0 };
    if (r.kind === 'invoice') entry.invoiced += r.quantity;
    else entry.credited += r.quantity;
    out.set(r.orderLineId, entry);
  }
  return out;
}

/** What the order's earlier invoices already carried of its discount and shipping. */
export async function readCarried(tx: Tx, orderId: string): Promise<{ discountCents: number; shippingCents: number }> {
  const [row] = await tx
    .select({
      discountCents: sql<number>`coalesce(sum(${invoices.discountCents}), 0)::int`.mapWith(Number),
      shippingCents: sql<number>`coalesce(sum(${invoices.shippingCents}), 0)::int`.mapWith(Number),
    })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  return row ?? { discountCents: 0, shippingCents: 0 };
}

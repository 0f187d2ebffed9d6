// Demo orders in every status (with lines, status history and case-manager messages), shipping
// methods, discount codes, quotations, a cart, a contact request and newsletter subscriptions.
import { randomUUID } from 'node:crypto';
import { continueOrderNumbers } from '../db/order-number';
import type { Tx } from '../db/client';
import * as s from '../db/schema';
import type { AddressSnapshot } from '../modules/orders/tables';
import type { SeedProduct } from './catalogue';
import type { Random } from './random';
import { priceMoney } from '../common/vat/price';
import type { VatBuyer } from '../common/vat/vat-buyer';
import { SHIPPING_VAT_RATE_BP, vatRegime } from '../common/vat/vat-category';

type OrderStatus = (typeof s.orderStatus.enumValues)[number];

/** How each status is reached (spec section 4 lists the statuses, we chose the paths). */
const PATHS: Record<OrderStatus, OrderStatus[]> = {
  payment_pending: ['payment_pending'],
  payment_failed: ['payment_pending', 'payment_failed'],
  payment_cancelled: ['payment_pending', 'payment_cancelled'],
  payment_expired: ['payment_pending', 'payment_expired'],
  ordered: ['ordered'],
  processing: ['ordered', 'processing'],
  to_be_shipped: ['ordered', 'processing', 'to_be_shipped'],
  in_shipping: ['ordered', 'processing', 'to_be_shipped', 'in_shipping'],
  delivered: ['ordered', 'processing', 'to_be_shipped', 'in_shipping', 'delivered'],
};

/**
 * The case manager's messages on the demo orders, in the language of the order's buyer (issue 44:
 * Dutch buyers read English messages): the demo speaks each organisation's language.
 */
export const CASE_MANAGER_MESSAGES: Partial<Record<OrderStatus, Record<'en' | 'nl' | 'fr', string>>> = {
  processing: {
    en: 'Two items ship from our Antwerp warehouse today; the rest follows from the supplier next week.',
    nl: 'Twee artikelen vertrekken vandaag uit ons magazijn in Antwerpen; de rest volgt volgende week van de leverancier.',
    fr: 'Deux articles partent aujourd’hui de notre entrepôt d’Anvers\u00a0; le reste suit la semaine prochaine depuis le fournisseur.',
  },
  in_shipping: {
    en: 'Your parcel left our warehouse. Track & trace: 3SPORTAL0012345 (demo).',
    nl: 'Uw pakket heeft ons magazijn verlaten. Track & trace: 3SPORTAL0012345 (demo).',
    fr: 'Votre colis a quitté notre entrepôt. Suivi\u00a0: 3SPORTAL0012345 (démo).',
  },
  delivered: {
    en: 'Delivered according to the carrier. Could you confirm delivery in the portal? Thank you!',
    nl: 'Volgens de vervoerder geleverd. Wilt u de levering bevestigen in het portaal? Dank u!',
    fr: 'Livré selon le transporteur. Pouvez-vous confirmer la livraison dans le portail\u00a0? Merci\u00a0!',
  },
  payment_failed: {
    en: 'The payment was refused by the bank. You can retry it from the order page.',
    nl: 'De bank heeft de betaling geweigerd. U kunt ze opnieuw proberen vanaf de bestelpagina.',
    fr: 'La banque a refusé le paiement. Vous pouvez le relancer depuis la page de la commande.',
  },
};

interface SeedOrg {
  id: string;
  contractId: string;
  users: string[];
  country: 'BE' | 'NL';
  /** The organisation's VAT facts, as the checkout reads them (decision 058). */
  vat: VatBuyer;
}

export async function seedOrders(
  tx: Tx,
  rnd: Random,
  ctx: {
    /** Records the events of an order's history rows (decision 066); absent: the orders publish nothing (a benchmark's seed). */
    orderEvents?: (tx: Tx, orderId: string) => Promise<void>;
    catalogue: SeedProduct[];
    prices: { contractId: string; productId: string; priceCents: number | null }[];
    organisations: SeedOrg[];
    sellerCountry: string;
    caseManagerId: string;
    addresses: { org: string; label: string; type: 'billing' | 'shipping'; street: string; nr: string; box: string | null; postalCode: string; city: string; country: string; email: string; phone: string }[];
    orgName: (id: string) => string;
  },
) {
  const methods = await tx
    .insert(s.shippingMethods)
    .values([
      { code: 'standard', name: { en: 'Standard delivery', nl: 'Standaardlevering', fr: 'Livraison standard' } },
      { code: 'express', name: { en: 'Express delivery', nl: 'Expreslevering', fr: 'Livraison express' } },
      { code: 'freight', name: { en: 'Pallet freight', nl: 'Palletvervoer', fr: 'Transport sur palette' } },
      { code: 'pickup', name: { en: 'Pick-up in Antwerp', nl: 'Afhalen in Antwerpen', fr: 'Retrait à Anvers' } },
    ])
    .returning({ id: s.shippingMethods.id, code: s.shippingMethods.code });
  const method = (code: string) => methods.find((m) => m.code === code)!.id;
  // Each buyer's language: the case manager writes to them in it.
  const languageOf = new Map(
    (await tx.select({ id: s.users.id, locale: s.users.locale }).from(s.users)).map((u): [string, 'en' | 'nl' | 'fr'] => [u.id, u.locale === 'nl' || u.locale === 'fr' ? u.locale : 'en']),
  );
  await tx.insert(s.shippingRates).values([
    { shippingMethodId: method('standard'), country: 'BE', priceCents: 995, freeFromCents: 25000 },
    { shippingMethodId: method('standard'), country: 'NL', priceCents: 1295, freeFromCents: 25000 },
    { shippingMethodId: method('express'), country: 'BE', priceCents: 1995, freeFromCents: null },
    { shippingMethodId: method('express'), country: 'NL', priceCents: 2495, freeFromCents: null },
    { shippingMethodId: method('freight'), country: 'BE', priceCents: 8500, freeFromCents: 500000 },
    { shippingMethodId: method('freight'), country: 'NL', priceCents: 9500, freeFromCents: 500000 },
    { shippingMethodId: method('pickup'), country: 'BE', priceCents: 0, freeFromCents: null },
  ]);
  const [welcome] = await tx
    .insert(s.discountCodes)
    .values([
      { code: 'WELCOME10', kind: 'percent', value: 1000, validFrom: new Date('2025-01-01'), validUntil: new Date('2030-12-31') },
      { code: 'SPRING25', kind: 'amount', value: 2500, validFrom: new Date('2024-03-01'), validUntil: new Date('2024-05-31') },
      { code: 'POLDER-FRAME', kind: 'percent', value: 500, organisationId: ctx.organisations[1]!.id, maxUses: 20 },
    ])
    .returning({ id: s.discountCodes.id });

  const productById = new Map(ctx.catalogue.map((p) => [p.id, p]));
  const statuses = Object.keys(PATHS) as OrderStatus[];
  const now = Date.now();
  let seq = 0;
  for (const org of ctx.organisations) {
    const priced = ctx.prices.filter((p) => p.contractId === org.contractId && p.priceCents !== null);
    const mine = ctx.addresses.filter((a) => a.org === ctx.orgName(org.id));
    const snapshot = (type: 'billing' | 'shipping', n: number): AddressSnapshot => {
      const list = mine.filter((a) => a.type === type);
      const a = list[n % list.length]!;
      return { label: a.label, street: a.street, nr: a.nr, box: a.box, postal_code: a.postalCode, city: a.city, country: a.country, email: a.email, phone: a.phone };
    };
    // Every status, plus a few more delivered orders for a fuller history.
    for (const [n, status] of [...statuses, 'delivered', 'delivered', 'processing'].entries() as IterableIterator<[number, OrderStatus]>) {
      seq++;
      // The first extra delivered order is an old one (70 days), so the demo has an invoice past its
      // due date (issue 30); the others are spread over the last weeks.
      const ageDays = n === statuses.length ? 70 : (statuses.length + 3 - n) * 6;
      const placedAt = new Date(now - ageDays * 86_400_000 - rnd.int(0, 86_400_000));
      const lines = Array.from({ length: rnd.int(1, 4) }, () => rnd.pick(priced)).filter((l, i, all) => all.findIndex((x) => x.productId === l.productId) === i);
      const lineRows = lines.map((l) => {
        const p = productById.get(l.productId)!;
        const quantity = rnd.int(1, p.unit === 'piece' ? 12 : 4);
        return { productId: p.id, articleCode: p.articleCode, description: p.name.en, nsn: p.nsn, quantity, unitPriceCents: l.priceCents!, vatRateBp: p.vatBp, lineTotalCents: l.priceCents! * quantity };
      });
      const subtotal = lineRows.reduce((sum, l) => sum + l.lineTotalCents, 0);
      const discount = n === 2 && org === ctx.organisations[0] ? Math.round(subtotal * 0.1) : 0;
      const shipping = subtotal >= 25000 ? 0 : org.country === 'BE' ? 995 : 1295;
      // Priced by the one VAT rule, as the checkout prices a placed order (decision 058): the demo's
      // orders show what their invoices charge (the Dutch police unit, an intra-community supply).
      const deliveryAddress = snapshot('shipping', n);
      const regime = vatRegime(org.vat, deliveryAddress.country, ctx.sellerCountry);
      const vat = priceMoney({
        lines: lineRows.map((l) => ({ netCents: l.lineTotalCents, rateBp: l.vatRateBp, productCategory: null })),
        discountCents: discount,
        shipping: { cents: shipping, rateBp: SHIPPING_VAT_RATE_BP },
        buyer: org.vat,
        regime,
        language: 'en',
      }).totals.vatCents;
      const userId = org.users[n % org.users.length]!;
      const [order] = await tx
        .insert(s.orders)
        .values({
          number: `SO-${placedAt.getUTCFullYear()}-${String(10_000 + seq * 7).padStart(6, '0')}`,
          organisationId: org.id,
          userId,
          status,
          placedAt,
          externalReference: n % 3 === 0 ? `PO-${org.country}-${rnd.digits(6)}` : null,
          remarks: n % 4 === 1 ? 'Please deliver between 8:00 and 15:00 at the goods entrance.' : null,
          deliveryAddress,
          invoiceAddress: snapshot('billing', 0),
          vatRegime: regime,
          vatBuyer: org.vat,
          submitter: {
            first_name: 'Demo',
            last_name: 'Submitter',
            function: 'Purchaser',
            full_name: 'Demo Submitter',
            declaration: { version: 'demo', locale: 'en', text: 'I am authorised to place this order on behalf of my organisation.' },
          },
          shippingMethodId: method(shipping === 0 && n % 5 === 0 ? 'express' : 'standard'),
          discountCodeId: discount ? welcome!.id : null,
          subtotalCents: subtotal,
          discountCents: discount,
          shippingCents: shipping,
          vatCents: vat,
          totalCents: subtotal - discount + shipping + vat,
          deliveryConfirmedAt: status === 'delivered' && n % 2 === 0 ? new Date(placedAt.getTime() + 5 * 86_400_000) : null,
          // Shipped orders carry the carrier's reference and an expected date (in the past: the buyer is asked to confirm).
          trackingReference: status === 'in_shipping' || status === 'delivered' ? `3SPORTAL${String(1_000_000 + seq * 13)}` : null,
          expectedDeliveryOn: status === 'in_shipping' || status === 'delivered' ? new Date(placedAt.getTime() + 4 * 86_400_000).toISOString().slice(0, 10) : null,
        })
        .returning({ id: s.orders.id });
      await tx.insert(s.orderLines).values(lineRows.map((l) => ({ ...l, orderId: order!.id })));
      if (status === 'payment_pending') {
        // A payment that stays open (decision 019): without one the expiry job would end the demo's
        // pending order minutes after start, and the demo would lose its example of the status.
        const paymentId = `dev_${randomUUID()}`;
        await tx.insert(s.payments).values({
          orderId: order!.id,
          provider: 'dev',
          providerPaymentId: paymentId,
          amountCents: subtotal - discount + shipping + vat,
          hostedUrl: `/api/v1/payments/dev/${paymentId}`,
          expiresAt: new Date('2099-12-31T00:00:00Z'),
        });
      }
      await tx.insert(s.orderStatusHistory).values(
        PATHS[status].map((st, i) => ({ orderId: order!.id, status: st, changedAt: new Date(placedAt.getTime() + i * 86_400_000), changedByUserId: i === 0 ? userId : null })),
      );
      await ctx.orderEvents?.(tx, order!.id);
      const message = CASE_MANAGER_MESSAGES[status]?.[languageOf.get(userId) ?? 'en'];
      if (message && n < statuses.length) {
        await tx.insert(s.orderMessages).values({ orderId: order!.id, authorUserId: ctx.caseManagerId, body: message, createdAt: new Date(placedAt.getTime() + 86_400_000) });
      }
    }

    // Quotations: one draft (editable) and one sent (locked).
    for (const [i, status] of (['draft', 'sent'] as const).entries()) {
      const [q] = await tx
        .insert(s.quotations)
        .values({
          number: `QT-${org.country}-${String(500 + seq + i).padStart(5, '0')}`,
          organisationId: org.id,
          userId: org.users[1] ?? org.users[0]!,
          title: status === 'draft' ? 'Restock emergency kits' : 'Annual replacement programme',
          status,
          sentAt: status === 'sent' ? new Date(now - 10 * 86_400_000) : null,
        })
        .returning({ id: s.quotations.id });
      const picks = [...new Set(Array.from({ length: 3 }, () => rnd.pick(ctx.catalogue.filter((p) => p.kind === 'product')).id))];
      await tx.insert(s.quotationLines).values(picks.map((productId) => ({ quotationId: q!.id, productId, quantity: rnd.int(5, 50) })));
    }

    // A cart in progress for the buyer.
    const [cart] = await tx.insert(s.carts).values({ userId: org.users[1] ?? org.users[0]!, organisationId: org.id }).returning({ id: s.carts.id });
    const cartPicks = [...new Set([rnd.pick(priced).productId, rnd.pick(priced).productId])];
    await tx.insert(s.cartLines).values(cartPicks.map((productId) => ({ cartId: cart!.id, productId, quantity: rnd.int(1, 6) })));

    await tx.insert(s.contactRequests).values({
      organisationId: org.id,
      userId: org.users[0]!,
      type: 'contract',
      message: 'Could you add the new vacuum splints to our contract price list?',
      termsAcceptedAt: new Date(now - 3 * 86_400_000),
    });
  }
  // New orders continue the seeded series instead of starting again at 1 and meeting a seeded number.
  await tx.execute(continueOrderNumbers);
  await tx.insert(s.newsletterSubscriptions).values([
    { email: 'lucas.janssens@zorggroep-scheldeland.example', locale: 'en', confirmedAt: new Date() },
    { email: 'eva.bakker@interventie-polder.example', locale: 'nl', confirmedAt: new Date() },
    { email: 'visitor@example.org', locale: 'fr' },
  ]);
}

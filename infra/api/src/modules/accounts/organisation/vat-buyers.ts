// The buyer's VAT facts (decision 058): read here, where the organisations are, for the cart and
// the checkout (VatBuyerPort); the mapping to the VAT rule's facts is common/vat's `vatBuyerOf`,
// the same the invoice uses.
import { eq } from 'drizzle-orm';
import type { VatBuyerPort } from '../contract';
import { consumer, vatBuyerOf } from '../../../common/vat/vat-buyer';
import { organisations } from '../tables';

export const vatBuyers: VatBuyerPort = {
  async of(db, caller) {
    if (!caller.organisationId) return consumer('BE');
    const [row] = await db
      .select({ clientType: organisations.clientType, vatNumber: organisations.vatNumber, country: organisations.country, vatExemptionReason: organisations.vatExemptionReason })
      .from(organisations)
      .where(eq(organisations.id, caller.organisationId));
    // Without a recorded country, the one its VAT number names; else the seller's (domestic).
    const prefix = row?.vatNumber?.trim().slice(0, 2).toUpperCase() ?? '';
    const fallback = prefix === 'EL' ? 'GR' : /^[A-Z]{2}$/.test(prefix) ? prefix : 'BE';
    return row ? vatBuyerOf(row, fallback) : consumer('BE');
  },
};

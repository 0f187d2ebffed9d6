// The stored documents as their delivery reads them (InvoiceDocumentsPort, modules/invoices/contract.ts): the
// bytes rendered at issue, the parties' Peppol ids, the organisation's billing e-mail and what the
// mail names. Stateless, like the other owners' ports: it reads with the caller's `db` or `tx`, so
// the delivery finds a document inside the transaction that issues it.
import { eq, inArray } from 'drizzle-orm';
import type { InvoiceDocumentsPort } from './contract';
import { invoices } from './tables';
import { organisations } from './links';
import { billingEmailOf } from './billing-email';

const participant = (id: { scheme: string; id: string }) => `${id.scheme}:${id.id}`;

export const invoiceDocuments: InvoiceDocumentsPort = {
  async forDelivery(db, invoiceId) {
    const [row] = await db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        number: invoices.number,
        language: invoices.language,
        organisationId: invoices.organisationId,
        document: invoices.document,
        receiverParticipantId: organisations.peppolParticipantId,
        billingEmail: organisations.billingEmail,
        pdf: invoices.pdf,
        ubl: invoices.ubl,
      })
      .from(invoices)
      .leftJoin(organisations, eq(organisations.id, invoices.organisationId))
      .where(eq(invoices.id, invoiceId));
    if (!row) return null;
    const { document } = row;
    return {
      id: row.id,
      kind: row.kind,
      number: row.number,
      language: row.language === 'nl' || row.language === 'fr' ? row.language : 'en',
      organisationId: row.organisationId,
      totalCents: document.totals.taxInclusiveCents,
      payableCents: document.totals.payableCents,
      currency: document.currency,
      dueDate: document.dueDate,
      senderParticipantId: participant(document.seller.endpoint),
      // Only a known Peppol id is an address on the network; without one the document goes by mail.
      receiverParticipantId: row.receiverParticipantId,
      // The organisation's billing e-mail as it is now (the contract page's); a web-shop buyer's as issued.
      billingEmail: billingEmailOf({ organisationId: row.organisationId, organisationBillingEmail: row.billingEmail, buyerEmail: document.buyer.contact?.email }),
      pdf: row.pdf,
      ubl: row.ubl,
    };
  },
  async numbers(db, invoiceIds) {
    if (!invoiceIds.length) return new Map();
    const rows = await db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, invoiceIds));
    return new Map(rows.map((r) => [r.id, r.number]));
  },
};

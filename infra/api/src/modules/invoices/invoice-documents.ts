// The stored documents as their delivery reads them (InvoiceDocumentsPort, common/ports.ts): the
// bytes rendered at issue, the parties' Peppol ids and the organisation's billing e-mail.
import type { InvoiceDocumentsPort } from '../../common/ports';
import type { InvoicesRepository } from './invoices.repository';

const participant = (id: { scheme: string; id: string }) => `${id.scheme}:${id.id}`;

export function createInvoiceDocuments(repo: Pick<InvoicesRepository, 'forDelivery'>): InvoiceDocumentsPort {
  return {
    async forDelivery(db, invoiceId) {
      const row = await repo.forDelivery(db, invoiceId);
      if (!row) return null;
      const language = row.language === 'nl' || row.language === 'fr' ? row.language : 'en';
      return {
        id: row.id,
        kind: row.kind,
        number: row.number,
        language,
        senderParticipantId: participant(row.document.seller.endpoint),
        // Only a known Peppol id is an address on the network; without one the document goes by mail.
        receiverParticipantId: row.receiverParticipantId,
        billingEmail: row.billingEmail ?? row.document.buyer.contact?.email ?? null,
        pdf: row.pdf,
        ubl: row.ubl,
      };
    },
  };
}

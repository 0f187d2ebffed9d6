// The buyer's download of a shipment's delivery note (decision 070): the shipment of an order the
// caller may see (common/scope's orderScope: their organisation's orders, a web-shop buyer's own),
// rendered in the interface's language. Another organisation's shipment is a 404, as a missing one.
import { SHIPMENT_ERRORS } from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import { ORDER_ALIAS_O, orderScope } from '../../../common/scope';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import type { PdfLocale } from '../../../common/pdf/layout';
import { shipmentDocumentFacts } from '../despatch/despatch-facts';
import { renderDeliveryNote, type DataMatrixRenderer } from './delivery-note';

const fileName = (externalId: string) => `delivery-note-${externalId.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

export function createDeliveryNoteService(deps: { db: Db; dataMatrix: DataMatrixRenderer }) {
  return {
    async download(caller: Caller, orderNumber: string, externalId: string, locale: PdfLocale): Promise<{ fileName: string; bytes: Buffer }> {
      const facts = await shipmentDocumentFacts(deps.db, { orderNumber, externalId, scope: orderScope(caller, ORDER_ALIAS_O) });
      if (!facts) throw new AppError(404, SHIPMENT_ERRORS.NOT_FOUND, 'No such shipment of an order you can see');
      return { fileName: fileName(facts.externalId), bytes: await renderDeliveryNote(facts, locale, deps.dataMatrix) };
    },
  };
}
export type DeliveryNoteService = ReturnType<typeof createDeliveryNoteService>;

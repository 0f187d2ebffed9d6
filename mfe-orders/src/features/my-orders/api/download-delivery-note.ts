// A shipment's delivery note (decision 070), behind the access token: rendered by the API in the
// page's language (the client's Accept-Language) and saved as a file named after the shipment.
import { downloadFile } from '@portal/shared/api';

export const deliveryNoteFileName = (shipmentId: string) => `delivery-note-${shipmentId.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

export const downloadDeliveryNote = (orderNumber: string, shipmentId: string): Promise<void> =>
  downloadFile(
    `/my-orders/${encodeURIComponent(orderNumber)}/shipments/${encodeURIComponent(shipmentId)}/delivery-note.pdf`,
    'portal',
    deliveryNoteFileName(shipmentId),
    'application/pdf',
  );

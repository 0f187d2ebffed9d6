// The OpenAPI examples of the delivery routes (checked against their schemas when the routes are defined).
import type { FailedDeliveries } from '@portal/shared/schemas';

/** The staff's page of failed deliveries: a Despatch Advice the access point refused, an e-invoice given up on after its attempts. */
export const FAILED_DELIVERIES_EXAMPLE: FailedDeliveries = {
  items: [
    {
      id: '5b0f3c1e-2a4d-4e8f-9c61-7d2b8e4a1f03',
      document_kind: 'despatch_advice',
      document_id: '0c7e9a52-6b1d-4f3a-8e27-94d5c1b6a8f0',
      reference: 'SHP-2026-00412',
      order_id: '3f1a2b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      order_number: 'PO-2026-000187',
      organisation_id: '8d4c2e1f-7a6b-4c3d-9e8f-1a2b3c4d5e6f',
      organisation_name: 'AZ Sint-Jan Brugge',
      channel: 'peppol',
      recipient: '0208:0412345678',
      attempts: 1,
      last_error: 'The receiver is not registered for this document type',
      failed_at: '2026-12-07T09:14:03.000Z',
    },
    {
      id: '9e2d4f6a-1b3c-4d5e-8f70-a1b2c3d4e5f6',
      document_kind: 'invoice',
      document_id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
      reference: 'INV-2026-000923',
      order_id: null,
      order_number: null,
      organisation_id: '8d4c2e1f-7a6b-4c3d-9e8f-1a2b3c4d5e6f',
      organisation_name: 'AZ Sint-Jan Brugge',
      channel: 'peppol',
      recipient: '0208:0412345678',
      attempts: 10,
      last_error: 'access point answered 503',
      failed_at: '2026-12-07T08:02:41.000Z',
    },
  ],
};

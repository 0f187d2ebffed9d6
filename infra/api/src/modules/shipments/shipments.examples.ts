// The OpenAPI examples of the warehouse's and the ERP's routes (issue 29 "Documentation"): one
// order of the demo's hospital in Ghent, half its gloves and two tourniquets shipped with bpost.
// defineRoute checks each against its route's schema at start-up.
import type { IntegrationOrder, IntegrationOrderList, OrderShipment, Shipment, ShipmentReport } from '@portal/shared/schemas';

const ORDER_ID = '5d1e8c3a-2f47-4b9e-a6d0-7c3b91e4f028';
const ORGANISATION_ID = '9a0c4e7b-13d5-4f6a-8b2e-c4d7f1a90b36';
const GLOVES_LINE_ID = '0e6b2d94-7c1a-4e58-b3f9-2a8d5c6e1f70';
const TOURNIQUET_LINE_ID = '7d9f5b8e-7a55-4d49-9d6f-0a4f6f0b2c11';
const TRACKING = '323212345600001234567891';

/**
 * POST /integration/v1/shipments: one line by article code with its lot, one by order line id with
 * serial numbers, and one unit as its scanned GS1 DataMatrix (`element_string`, decision 079).
 */
export const SHIPMENT_REPORT_EXAMPLE: ShipmentReport = {
  shipment_id: 'WH-2026-004711',
  order_number: 'SO-2026-010084',
  carrier: 'bpost',
  tracking_reference: TRACKING,
  tracking_url: `https://track.bpost.cloud/btr/web/#/search?itemCode=${TRACKING}&lang=nl`,
  shipped_on: '2026-11-27',
  expected_delivery_on: '2026-11-30',
  lines: [
    { article_code: 'MDV-102590', quantity: 10, lot: 'L2611-0427', expiry_on: '2029-10-31' },
    { order_line_id: TOURNIQUET_LINE_ID, quantity: 2, serial_numbers: ['TQ7-26-004518', 'TQ7-26-004519'] },
    { order_line_id: TOURNIQUET_LINE_ID, quantity: 1, element_string: ']d2010541234500001321TQ7-26-004520\u001d17311200' },
  ],
};

const shipmentLines: OrderShipment['lines'] = [
  { order_line_id: GLOVES_LINE_ID, article_code: 'MDV-102590', description: 'Nitrile examination gloves – Black – M', quantity: 10, lot: 'L2611-0427', expiry_on: '2029-10-31', serial_numbers: [] },
  { order_line_id: TOURNIQUET_LINE_ID, article_code: 'TRR-109361', description: 'Windlass tourniquet Gen 7 – Black', quantity: 2, lot: null, expiry_on: null, serial_numbers: ['TQ7-26-004518', 'TQ7-26-004519'] },
  { order_line_id: TOURNIQUET_LINE_ID, article_code: 'TRR-109361', description: 'Windlass tourniquet Gen 7 – Black', quantity: 1, lot: null, expiry_on: '2031-12-31', serial_numbers: ['TQ7-26-004520'] },
];

const orderShipment: OrderShipment = {
  shipment_id: SHIPMENT_REPORT_EXAMPLE.shipment_id,
  carrier: 'bpost',
  tracking_reference: TRACKING,
  tracking_url: SHIPMENT_REPORT_EXAMPLE.tracking_url!,
  shipped_on: '2026-11-27',
  expected_delivery_on: '2026-11-30',
  lines: shipmentLines,
};

/** The stored shipment, as the report's answer. */
export const SHIPMENT_EXAMPLE: Shipment = { ...orderShipment, order_number: 'SO-2026-010084', recorded_at: '2026-11-27T14:02:51.318Z' };

/** GET /integration/v1/orders/{number}: partly shipped, so `to_be_shipped`. */
export const INTEGRATION_ORDER_EXAMPLE: IntegrationOrder = {
  id: ORDER_ID,
  number: 'SO-2026-010084',
  status: 'to_be_shipped',
  placed_at: '2026-11-25T08:41:17.204Z',
  organisation_id: ORGANISATION_ID,
  organisation_name: 'Zorggroep Scheldeland',
  external_order_number: 'PO-4411',
  // 20 boxes of gloves at €11.90 and 10 tourniquets at €32.90, with 6 % VAT.
  total_incl_vat: 60_102,
  currency: 'EUR',
  tracking_reference: TRACKING,
  expected_delivery_on: '2026-11-30',
  lines: [
    { id: GLOVES_LINE_ID, article_code: 'MDV-102590', description: 'Nitrile examination gloves – Black – M', quantity: 20, quantity_shipped: 10 },
    { id: TOURNIQUET_LINE_ID, article_code: 'TRR-109361', description: 'Windlass tourniquet Gen 7 – Black', quantity: 10, quantity_shipped: 3 },
  ],
  shipments: [orderShipment],
};

/** GET /integration/v1/orders: a page with another page after it. */
export const INTEGRATION_ORDER_LIST_EXAMPLE: IntegrationOrderList = {
  items: [
    {
      id: ORDER_ID,
      number: 'SO-2026-010084',
      status: 'to_be_shipped',
      placed_at: '2026-11-25T08:41:17.204Z',
      organisation_id: ORGANISATION_ID,
      external_order_number: 'PO-4411',
      total_incl_vat: 60_102,
      currency: 'EUR',
    },
    {
      id: 'b2e7f0c1-64a9-4d3b-8e15-93c0d8a2f6e4',
      number: 'SO-2026-010091',
      status: 'ordered',
      placed_at: '2026-11-26T13:05:42.870Z',
      organisation_id: '4c8e2a1f-5b7d-4e93-a0c6-d1f3b92e7a58',
      external_order_number: 'IP-2026-0318',
      total_incl_vat: 168_190,
      currency: 'EUR',
    },
  ],
  next: 'MTc5NTY5ODM0Mjg3MDAwMC5iMmU3ZjBjMS02NGE5LTRkM2ItOGUxNS05M2MwZDhhMmY2ZTQ',
};

// The Peppol BIS Ordering 3 Order Response (transaction T76) the portal answers each received order
// with, built with xmlbuilder2 in UBL 2.1 element order. The response code is UNCL1225 (AP accepted,
// RE rejected, CA accepted with changes); only CA carries lines (PEPPOL-T76-R007..R009), each with
// its UNCL1229 line status (5 accepted as ordered, 3 changed: quantity or date, 7 not accepted).
import { create } from 'xmlbuilder2';
import type { ProcurementResponseCode } from '../tables';
import { CAC, CBC } from './peppol-order';

export const ORDER_RESPONSE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:OrderResponse-2';
export const ORDER_RESPONSE_CUSTOMIZATION = 'urn:fdc:peppol.eu:poacc:trns:order_response:3';
export const ORDERING_PROFILE = 'urn:fdc:peppol.eu:poacc:bis:ordering:3';

/** UNCL1229 line status codes used in a CA response. */
export const LINE_STATUS = { accepted: '5', changed: '3', notAccepted: '7' } as const;
export type LineStatus = (typeof LINE_STATUS)[keyof typeof LINE_STATUS];

export interface ResponseLine {
  /** The buyer's line id (OrderLineReference/LineID); the response line's own id is the same. */
  lineId: string;
  status: LineStatus;
  /** The quantity the portal will deliver when it changed (status 3). */
  quantity: { value: number; unitCode: string } | null;
  /** The promised delivery date when it changed (status 3). */
  promisedDate: string | null;
  sellersItemId: string | null;
  name: string | null;
}

export interface OrderResponseInput {
  id: string;
  issuedAt: Date;
  code: ProcurementResponseCode;
  note: string | null;
  /** The buyer's order id (OrderReference/ID). */
  orderId: string;
  /** The portal's order number, when one was placed. */
  salesOrderId: string | null;
  currency: string | null;
  seller: { endpoint: string; name: string };
  buyer: { endpoint: string; name: string | null };
  /** CA only. */
  lines: ResponseLine[];
}

const split = (endpoint: string) => {
  const i = endpoint.indexOf(':');
  return { scheme: endpoint.slice(0, i), id: endpoint.slice(i + 1) };
};

export function renderOrderResponse(r: OrderResponseInput): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele(ORDER_RESPONSE_NS, 'OrderResponse', { 'xmlns:cac': CAC, 'xmlns:cbc': CBC });
  const cbc = (parent: ReturnType<typeof doc.ele>, name: string, text: string, attrs: Record<string, string> = {}) => parent.ele(CBC, `cbc:${name}`, attrs).txt(text).up();
  const cac = (parent: ReturnType<typeof doc.ele>, name: string) => parent.ele(CAC, `cac:${name}`);
  cbc(doc, 'CustomizationID', ORDER_RESPONSE_CUSTOMIZATION);
  cbc(doc, 'ProfileID', ORDERING_PROFILE);
  cbc(doc, 'ID', r.id);
  if (r.salesOrderId) cbc(doc, 'SalesOrderID', r.salesOrderId);
  cbc(doc, 'IssueDate', r.issuedAt.toISOString().slice(0, 10));
  cbc(doc, 'IssueTime', r.issuedAt.toISOString().slice(11, 19));
  cbc(doc, 'OrderResponseCode', r.code);
  if (r.note) cbc(doc, 'Note', r.note.slice(0, 1000));
  if (r.currency && /^[A-Z]{3}$/.test(r.currency)) cbc(doc, 'DocumentCurrencyCode', r.currency);
  cbc(cac(doc, 'OrderReference'), 'ID', r.orderId).up();
  const party = (role: string, p: { endpoint: string; name: string | null }) => {
    const { scheme, id } = split(p.endpoint);
    const node = cac(cac(doc, role), 'Party');
    cbc(node, 'EndpointID', id, { schemeID: scheme });
    cbc(cac(node, 'PartyIdentification'), 'ID', id, { schemeID: scheme });
    if (p.name) cbc(cac(node, 'PartyLegalEntity'), 'RegistrationName', p.name);
  };
  party('SellerSupplierParty', r.seller);
  party('BuyerCustomerParty', r.buyer);
  if (r.code === 'CA') {
    for (const l of r.lines) {
      const line = cac(doc, 'OrderLine');
      const item = cac(line, 'LineItem');
      cbc(item, 'ID', l.lineId);
      cbc(item, 'LineStatusCode', l.status);
      if (l.quantity) cbc(item, 'Quantity', String(l.quantity.value), { unitCode: l.quantity.unitCode });
      if (l.promisedDate) {
        const period = cac(cac(item, 'Delivery'), 'PromisedDeliveryPeriod');
        cbc(period, 'StartDate', l.promisedDate);
        cbc(period, 'EndDate', l.promisedDate);
      }
      const described = cac(item, 'Item');
      if (l.name) cbc(described, 'Name', l.name.slice(0, 200));
      if (l.sellersItemId) cbc(cac(described, 'SellersItemIdentification'), 'ID', l.sellersItemId);
      cbc(cac(line, 'OrderLineReference'), 'LineID', l.lineId);
    }
  }
  return doc.end({ prettyPrint: true });
}

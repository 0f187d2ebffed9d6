// The Peppol BIS Ordering 3 Order (transaction T01) as the portal reads it: the buyer's order id,
// the buyer party's endpoint (the organisation), the delivery location and requested period, and
// per line its id, quantity, price (informational: the contract's is charged) and the three item
// identifications the lines are matched by (seller's = article code, standard 0160 = GTIN, buyer's),
// through the catalogue's item matching (decision 067). Its answer: peppol-order-response.ts.
import type { DocumentAddress } from './document-address';
import { at, children, readXml, textAt, type XmlElement } from './xml';

export const UBL_ORDER_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Order-2';
export const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
export const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** A document that is not a Peppol order the portal can answer (no buyer id, no order id): 422 to the access point. */
export class PeppolOrderRefused extends Error {
  override name = 'PeppolOrderRefused';
}

export interface PeppolOrderLine {
  /** The buyer's line id (the response's OrderLineReference). */
  id: string;
  /** Whole units; null: not a whole positive number (the line is not accepted). */
  quantity: number | null;
  unitCode: string | null;
  name: string | null;
  sellersItemId: string | null;
  gtin: string | null;
  buyersItemId: string | null;
  /** The line's `cbc:AccountingCost`: its cost centre, where it names one (else the header's). */
  accountingCost: string | null;
}

export interface PeppolOrder {
  orderId: string;
  /** `scheme:id` of the buyer party's EndpointID. */
  buyerEndpoint: string;
  buyerName: string | null;
  /** `scheme:id` of the seller party's EndpointID (null when absent). */
  sellerEndpoint: string | null;
  currency: string | null;
  note: string | null;
  delivery: DocumentAddress | null;
  requestedPeriod: { start: string | null; end: string | null };
  /** The header's `cbc:AccountingCost`: the buyer's cost centre for the lines that name none (decision 059). */
  accountingCost: string | null;
  lines: PeppolOrderLine[];
}

const c = (name: string): [string, string] => [CAC, name];
const b = (name: string): [string, string] => [CBC, name];

function endpoint(party: XmlElement | null): string | null {
  const e = at(party, b('EndpointID'));
  const id = e?.textContent.trim();
  const scheme = e?.getAttribute('schemeID')?.trim();
  return id && scheme ? `${scheme}:${id}` : null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateAt = (el: XmlElement | null, name: string) => {
  const d = textAt(el, b(name));
  return d && DATE.test(d) ? d : null;
};

/** Reads a UBL Order; throws XmlRefused (not XML, see xml.ts) or PeppolOrderRefused (not an order the portal can answer). */
export function readPeppolOrder(text: string): PeppolOrder {
  const root = readXml(text, 'peppolOrder');
  if (root.localName !== 'Order' || root.namespaceURI !== UBL_ORDER_NS) throw new PeppolOrderRefused('Not a UBL Order');
  const orderId = textAt(root, b('ID'));
  if (!orderId || orderId.length > 100) throw new PeppolOrderRefused('The order has no ID (or one longer than 100 characters)');
  const buyer = at(root, c('BuyerCustomerParty'), c('Party'));
  const buyerEndpoint = endpoint(buyer);
  if (!buyerEndpoint || buyerEndpoint.length > 200) throw new PeppolOrderRefused('The buyer party has no EndpointID with a schemeID');
  const lineItems = children(root, CAC, 'OrderLine').map((l) => at(l, c('LineItem'))).filter((l): l is XmlElement => l !== null);
  if (!lineItems.length) throw new PeppolOrderRefused('The order has no lines');
  if (lineItems.length > 500) throw new PeppolOrderRefused('More than 500 order lines');
  const location = at(root, c('Delivery'), c('DeliveryLocation'));
  const address = at(location, c('Address'));
  const period = at(root, c('Delivery'), c('RequestedDeliveryPeriod'));
  const lines = lineItems.map((li, i): PeppolOrderLine => {
    const q = at(li, b('Quantity'));
    const qText = q?.textContent.trim() ?? '';
    const whole = /^\d{1,6}(\.0+)?$/.test(qText) ? Number(qText) : NaN;
    const item = at(li, c('Item'));
    const standard = at(item, c('StandardItemIdentification'), b('ID'));
    return {
      id: (textAt(li, b('ID')) ?? String(i + 1)).slice(0, 100),
      quantity: Number.isInteger(whole) && whole >= 1 ? whole : null,
      unitCode: q?.getAttribute('unitCode') ?? null,
      name: textAt(item, b('Name')),
      sellersItemId: textAt(item, c('SellersItemIdentification'), b('ID')),
      gtin: standard && standard.getAttribute('schemeID') === '0160' ? standard.textContent.trim() : null,
      buyersItemId: textAt(item, c('BuyersItemIdentification'), b('ID')),
      accountingCost: textAt(li, b('AccountingCost'))?.slice(0, 100) ?? null,
    };
  });
  return {
    orderId,
    buyerEndpoint,
    buyerName: textAt(buyer, c('PartyLegalEntity'), b('RegistrationName')) ?? textAt(buyer, c('PartyName'), b('Name')),
    sellerEndpoint: endpoint(at(root, c('SellerSupplierParty'), c('Party'))),
    currency: textAt(root, b('DocumentCurrencyCode')),
    note: textAt(root, b('Note')),
    delivery: address
      ? {
          id: textAt(location, b('ID')),
          street: textAt(address, b('StreetName')),
          postalCode: textAt(address, b('PostalZone')),
          city: textAt(address, b('CityName')),
          country: textAt(address, c('Country'), b('IdentificationCode')),
        }
      : null,
    requestedPeriod: { start: dateAt(period, 'StartDate'), end: dateAt(period, 'EndDate') },
    accountingCost: textAt(root, b('AccountingCost'))?.slice(0, 100) ?? null,
    lines,
  };
}

// A shipment as a Peppol BIS Despatch Advice 3 (T16, decision 070): what left the warehouse, line by
// line with each unit's lot, expiry date and serial number (cac:ItemInstance) and its UDI as the
// GS1 element string (ProductTraceID, scheme UDI), so the hospital's system books the delivery and
// its traceability data without typing. Renders only, from the facts despatch-facts.ts reads; built
// with xmlbuilder2 in the order of the UBL 2.1 DespatchAdvice schema.
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { udiElementString } from '../udi';

export const DESPATCH_CUSTOMIZATION_ID = 'urn:fdc:peppol.eu:poacc:trns:despatch_advice:3';
export const DESPATCH_PROFILE_ID = 'urn:fdc:peppol.eu:poacc:bis:despatch_advice:3';

const ROOT_NS = 'urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

export interface DespatchAddress {
  street: string;
  additionalStreet: string | null;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface DespatchLineFacts {
  /** The order line's position on the order (1-based): OrderLineReference/LineID. */
  orderLineNo: number;
  articleCode: string;
  name: string;
  /** GTIN of the product, if any (StandardItemIdentification, scheme 0160). */
  gtin: string | null;
  /** The UDI-DI (GTIN-14) the units' UDIs start with; null: not a device with a GS1 identifier. */
  udiDi: string | null;
  quantity: number;
  /** UN/ECE Rec 20/21 unit code. */
  unitCode: string;
  lot: string | null;
  expiryOn: string | null;
  serialNumbers: string[];
}

export interface DespatchAdviceInput {
  /** The document's id: the warehouse's shipment id. */
  id: string;
  issueDate: string;
  /** The buyer's purchase-order number, else the portal's order number. */
  orderReference: string;
  salesOrderNumber: string;
  seller: { endpoint: string; name: string; address: DespatchAddress };
  buyer: { endpoint: string; name: string; address: DespatchAddress };
  deliveryAddress: DespatchAddress;
  carrier: string;
  trackingReference: string;
  shippedOn: string;
  expectedDeliveryOn: string;
  lines: DespatchLineFacts[];
}

type Node = XMLBuilder;
const agg = (parent: Node, name: string) => parent.ele(CAC, `cac:${name}`);
const basic = (parent: Node, name: string, text: string, attributes: Record<string, string> = {}) => {
  parent.ele(CBC, `cbc:${name}`, attributes).txt(text);
};

/** `scheme:id` → EndpointID with its schemeID. */
function endpoint(parent: Node, schemeAndId: string) {
  const [scheme, ...rest] = schemeAndId.split(':');
  basic(parent, 'EndpointID', rest.join(':'), { schemeID: scheme! });
}

function address(parent: Node, name: string, a: DespatchAddress) {
  const node = agg(parent, name);
  basic(node, 'StreetName', a.street);
  if (a.additionalStreet) basic(node, 'AdditionalStreetName', a.additionalStreet);
  basic(node, 'CityName', a.city);
  basic(node, 'PostalZone', a.postalCode);
  basic(agg(node, 'Country'), 'IdentificationCode', a.country);
}

function party(parent: Node, role: string, p: DespatchAdviceInput['seller'], withEndpoint: boolean) {
  const node = agg(agg(parent, role), 'Party');
  if (withEndpoint) endpoint(node, p.endpoint);
  basic(agg(node, 'PartyName'), 'Name', p.name);
  address(node, 'PostalAddress', p.address);
  basic(agg(node, 'PartyLegalEntity'), 'RegistrationName', p.name);
}

/** The UDI of one unit (or of the lot, without serials) in its human-readable form; null when GS1 cannot carry it. */
function udiOf(line: DespatchLineFacts, serial: string | null): string | null {
  if (!line.udiDi) return null;
  try {
    return udiElementString({ gtin: line.udiDi, lot: line.lot, expiryOn: line.expiryOn, serial });
  } catch {
    return null;
  }
}

/** One ItemInstance per serial number, or one for the lot; none when nothing identifies the units. */
function instances(item: Node, line: DespatchLineFacts) {
  const serials: (string | null)[] = line.serialNumbers.length ? line.serialNumbers : line.lot || line.expiryOn ? [null] : [];
  for (const serial of serials) {
    const node = agg(item, 'ItemInstance');
    const udi = udiOf(line, serial);
    if (udi) basic(node, 'ProductTraceID', udi, { schemeID: 'UDI' });
    if (serial) basic(node, 'SerialID', serial);
    if (line.lot || line.expiryOn) {
      const lot = agg(node, 'LotIdentification');
      // UBL's lot identification needs its number; a unit with an expiry date and no lot says so.
      basic(lot, 'LotNumberID', line.lot ?? 'NA');
      if (line.expiryOn) basic(lot, 'ExpiryDate', line.expiryOn);
    }
  }
}

/** The UBL XML of a shipment's Despatch Advice (UTF-8, with the XML declaration). */
export function renderDespatchAdvice(input: DespatchAdviceInput): string {
  const xml = create({ version: '1.0', encoding: 'UTF-8' });
  const root = xml.ele(ROOT_NS, 'DespatchAdvice', { 'xmlns:cac': CAC, 'xmlns:cbc': CBC });
  basic(root, 'CustomizationID', DESPATCH_CUSTOMIZATION_ID);
  basic(root, 'ProfileID', DESPATCH_PROFILE_ID);
  basic(root, 'ID', input.id);
  basic(root, 'IssueDate', input.issueDate);
  basic(agg(root, 'OrderReference'), 'ID', input.orderReference);
  party(root, 'DespatchSupplierParty', input.seller, true);
  // Delivered to the order's delivery address; the buyer (its invoice address) is named apart.
  party(root, 'DeliveryCustomerParty', { ...input.buyer, address: input.deliveryAddress }, true);
  party(root, 'BuyerCustomerParty', input.buyer, false);
  party(root, 'SellerSupplierParty', input.seller, false);

  const shipment = agg(root, 'Shipment');
  basic(shipment, 'ID', input.id);
  const consignment = agg(shipment, 'Consignment');
  basic(consignment, 'ID', input.trackingReference);
  basic(agg(agg(consignment, 'CarrierParty'), 'PartyName'), 'Name', input.carrier);
  const delivery = agg(shipment, 'Delivery');
  basic(delivery, 'TrackingID', input.trackingReference);
  const period = agg(delivery, 'EstimatedDeliveryPeriod');
  basic(period, 'StartDate', input.expectedDeliveryOn);
  basic(period, 'EndDate', input.expectedDeliveryOn);
  const despatch = agg(delivery, 'Despatch');
  basic(despatch, 'ActualDespatchDate', input.shippedOn);

  input.lines.forEach((line, i) => {
    const node = agg(root, 'DespatchLine');
    basic(node, 'ID', String(i + 1));
    basic(node, 'DeliveredQuantity', String(line.quantity), { unitCode: line.unitCode });
    const reference = agg(node, 'OrderLineReference');
    basic(reference, 'LineID', String(line.orderLineNo));
    basic(agg(reference, 'OrderReference'), 'ID', input.orderReference);
    const item = agg(node, 'Item');
    basic(item, 'Name', line.name);
    basic(agg(item, 'SellersItemIdentification'), 'ID', line.articleCode);
    if (line.gtin) basic(agg(item, 'StandardItemIdentification'), 'ID', line.gtin, { schemeID: '0160' });
    instances(item, line);
  });
  return xml.end({ prettyPrint: true });
}

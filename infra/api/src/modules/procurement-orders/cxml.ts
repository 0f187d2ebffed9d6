// The cXML OrderRequest as the portal reads it (cXML 1.2 User's Guide, "OrderRequest"), and the
// Response it answers. cXML has no namespace. Only what placement needs is read: the Sender
// credential, the buyer's orderID and type, the ShipTo/BillTo addresses, the comments and per
// ItemOut the quantity, SupplierPartID (the article code) and UnitPrice (checked, never used).
import { randomUUID } from 'node:crypto';
import { create } from 'xmlbuilder2';
import { children, textAt, type XmlElement } from './xml';

/** A refusal of the document itself, answered with this cXML status code. */
export class CxmlRefused extends Error {
  override name = 'CxmlRefused';
  constructor(
    readonly status: 400 | 401 | 403 | 406 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** An address as the document names it: matched against the organisation's book, never stored as sent. */
export interface DocumentAddress {
  /** The buyer system's id of the address (cXML addressID). */
  id: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}

export interface CxmlOrder {
  sender: { domain: string; identity: string; secret: string };
  orderId: string;
  comments: string | null;
  shipTo: DocumentAddress | null;
  billTo: DocumentAddress | null;
  lines: { lineNumber: string; supplierPartId: string; quantity: number; unitPrice: { cents: number; currency: string } | null }[];
}

const NONE = '';

/** A decimal amount as cents, exactly (no float rounding); null when it is not one or has more than 2 decimals. */
export function centsOf(amount: string | null): number | null {
  const m = amount?.trim().match(/^(\d{1,9})(?:\.(\d{1,2})0*)?$/);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

function address(holder: XmlElement | null): DocumentAddress | null {
  const a = holder ? children(holder, NONE, 'Address')[0] : undefined;
  if (!a) return null;
  const postal = children(a, NONE, 'PostalAddress')[0] ?? null;
  const country = postal ? children(postal, NONE, 'Country')[0] : undefined;
  return {
    id: a.getAttribute('addressID'),
    street: textAt(postal, [NONE, 'Street']),
    postalCode: textAt(postal, [NONE, 'PostalCode']),
    city: textAt(postal, [NONE, 'City']),
    country: country?.getAttribute('isoCountryCode') ?? a.getAttribute('isoCountryCode'),
  };
}

/** Reads an OrderRequest; throws CxmlRefused (400) for anything that is not one the portal places. */
export function readOrderRequest(root: XmlElement): CxmlOrder {
  if (root.localName !== 'cXML') throw new CxmlRefused(400, 'Not a cXML document');
  const credential = children(children(children(root, NONE, 'Header')[0] ?? root, NONE, 'Sender')[0] ?? root, NONE, 'Credential')[0];
  const identity = textAt(credential ?? null, [NONE, 'Identity']);
  const secret = textAt(credential ?? null, [NONE, 'SharedSecret']);
  if (!credential || !identity || !secret) throw new CxmlRefused(401, 'The Sender credential (Identity and SharedSecret) is missing');
  const request = children(children(root, NONE, 'Request')[0] ?? root, NONE, 'OrderRequest')[0];
  const header = request ? children(request, NONE, 'OrderRequestHeader')[0] : undefined;
  if (!request || !header) throw new CxmlRefused(400, 'Not an OrderRequest');
  const orderId = header.getAttribute('orderID')?.trim();
  if (!orderId || orderId.length > 100) throw new CxmlRefused(400, 'OrderRequestHeader orderID is missing or longer than 100 characters');
  const type = header.getAttribute('type') ?? 'new';
  if (type !== 'new') throw new CxmlRefused(406, `Order type "${type.slice(0, 20)}" is not supported: only new orders are placed`);
  const items = children(request, NONE, 'ItemOut');
  if (!items.length) throw new CxmlRefused(400, 'The order has no ItemOut lines');
  if (items.length > 500) throw new CxmlRefused(400, 'More than 500 ItemOut lines');
  const lines = items.map((item, i) => {
    const lineNumber = item.getAttribute('lineNumber') ?? String(i + 1);
    const quantityText = item.getAttribute('quantity')?.trim() ?? '';
    const quantity = /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : NaN;
    if (!Number.isInteger(quantity) || quantity < 1) throw new CxmlRefused(400, `Line ${lineNumber}: the quantity must be a whole number of at least 1`);
    const supplierPartId = textAt(item, [NONE, 'ItemID'], [NONE, 'SupplierPartID']);
    if (!supplierPartId) throw new CxmlRefused(400, `Line ${lineNumber}: SupplierPartID is missing`);
    const money = children(children(children(item, NONE, 'ItemDetail')[0] ?? item, NONE, 'UnitPrice')[0] ?? item, NONE, 'Money')[0];
    let unitPrice: CxmlOrder['lines'][number]['unitPrice'] = null;
    if (money) {
      const cents = centsOf(money.textContent);
      if (cents === null) throw new CxmlRefused(400, `Line ${lineNumber}: UnitPrice is not an amount with at most two decimals`);
      unitPrice = { cents, currency: money.getAttribute('currency') ?? '' };
    }
    return { lineNumber, supplierPartId, quantity, unitPrice };
  });
  return {
    sender: { domain: credential.getAttribute('domain') ?? '', identity, secret },
    orderId,
    comments: textAt(header, [NONE, 'Comments']),
    shipTo: address(children(header, NONE, 'ShipTo')[0] ?? null),
    billTo: address(children(header, NONE, 'BillTo')[0] ?? null),
    lines,
  };
}

/** The cXML status texts of the codes the portal answers. */
const STATUS_TEXT: Record<number, string> = { 200: 'OK', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 406: 'Not Acceptable', 409: 'Conflict', 500: 'Internal Server Error' };

/** A cXML Response with its Status; `detail`: the reason, as the Status element's content. */
export function cxmlResponse(code: number, detail: string | null, now = new Date()): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' })
    .dtd({ name: 'cXML', sysID: 'http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd' })
    .ele('cXML', { payloadID: `${randomUUID()}@portal`, timestamp: now.toISOString(), 'xml:lang': 'en' })
    .ele('Response')
    .ele('Status', { code: String(code), text: STATUS_TEXT[code] ?? 'Error' });
  if (detail) doc.txt(detail);
  return doc.end({ prettyPrint: true });
}

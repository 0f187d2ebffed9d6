// The cXML OrderRequest as the portal reads it (cXML 1.2 User's Guide, "OrderRequest"), in the
// procurement owner's cXML envelope (protocol/cxml-envelope.ts, which also writes the Response it is
// answered with). cXML has no namespace. Only what placement needs is read: the Sender credential,
// the buyer's orderID and type, the ShipTo/BillTo addresses, the comments and per ItemOut the
// quantity, SupplierPartID (the article code) and UnitPrice (checked, never used).
import { CxmlRefusal, credentialOf, readCxml } from '../protocol/cxml-envelope';
import type { DocumentAddress } from '../protocol/document-address';
import { children, textAt, type XmlElement } from '../protocol/xml';

export interface CxmlOrder {
  sender: { domain: string; identity: string; secret: string };
  orderId: string;
  comments: string | null;
  shipTo: DocumentAddress | null;
  billTo: DocumentAddress | null;
  lines: { lineNumber: string; supplierPartId: string; quantity: number; unitPrice: { cents: number; currency: string } | null }[];
  /** The accounting segments of every line's Distribution (the cost centre is the one of the sender's segment type, decision 059). */
  accounting: { type: string | null; code: string }[];
}

/**
 * An ItemOut's `Distribution/Accounting` segments: `Segment type= id=` (cXML's classic form) and
 * `AccountingSegment id=` with its `Name` (the newer one); the type says what the id is ("CostCenter").
 */
function accountingOf(item: XmlElement): { type: string | null; code: string }[] {
  return children(item, NONE, 'Distribution').flatMap((d) =>
    children(d, NONE, 'Accounting').flatMap((a) => [
      ...children(a, NONE, 'Segment').map((seg) => ({ type: seg.getAttribute('type') ?? '', code: (seg.getAttribute('id') ?? '').trim() })),
      ...children(a, NONE, 'AccountingSegment').map((seg) => ({ type: textAt(seg, [NONE, 'Name']) ?? '', code: (seg.getAttribute('id') ?? '').trim() })),
    ]),
  ).filter((x) => x.code !== '' && x.code.length <= 100);
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

/** Reads an OrderRequest; throws CxmlRefusal (400) for anything that is not one the portal places. */
export function readOrderRequest(text: string): CxmlOrder {
  const root = readCxml(text, 'cxmlOrder');
  const sender = credentialOf(root, 'Sender');
  if (!sender?.identity || !sender.secret) throw new CxmlRefusal(401, 'The Sender credential (Identity and SharedSecret) is missing');
  const request = children(children(root, NONE, 'Request')[0] ?? root, NONE, 'OrderRequest')[0];
  const header = request ? children(request, NONE, 'OrderRequestHeader')[0] : undefined;
  if (!request || !header) throw new CxmlRefusal(400, 'Not an OrderRequest');
  const orderId = header.getAttribute('orderID')?.trim();
  if (!orderId || orderId.length > 100) throw new CxmlRefusal(400, 'OrderRequestHeader orderID is missing or longer than 100 characters');
  const type = header.getAttribute('type') ?? 'new';
  if (type !== 'new') throw new CxmlRefusal(406, `Order type "${type.slice(0, 20)}" is not supported: only new orders are placed`);
  const items = children(request, NONE, 'ItemOut');
  if (!items.length) throw new CxmlRefusal(400, 'The order has no ItemOut lines');
  if (items.length > 500) throw new CxmlRefusal(400, 'More than 500 ItemOut lines');
  const lines = items.map((item, i) => {
    const lineNumber = item.getAttribute('lineNumber') ?? String(i + 1);
    const quantityText = item.getAttribute('quantity')?.trim() ?? '';
    const quantity = /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : NaN;
    if (!Number.isInteger(quantity) || quantity < 1) throw new CxmlRefusal(400, `Line ${lineNumber}: the quantity must be a whole number of at least 1`);
    const supplierPartId = textAt(item, [NONE, 'ItemID'], [NONE, 'SupplierPartID']);
    if (!supplierPartId) throw new CxmlRefusal(400, `Line ${lineNumber}: SupplierPartID is missing`);
    const money = children(children(children(item, NONE, 'ItemDetail')[0] ?? item, NONE, 'UnitPrice')[0] ?? item, NONE, 'Money')[0];
    let unitPrice: CxmlOrder['lines'][number]['unitPrice'] = null;
    if (money) {
      const cents = centsOf(money.textContent);
      if (cents === null) throw new CxmlRefusal(400, `Line ${lineNumber}: UnitPrice is not an amount with at most two decimals`);
      unitPrice = { cents, currency: money.getAttribute('currency') ?? '' };
    }
    return { lineNumber, supplierPartId, quantity, unitPrice };
  });
  return {
    sender,
    orderId,
    comments: textAt(header, [NONE, 'Comments']),
    shipTo: address(children(header, NONE, 'ShipTo')[0] ?? null),
    billTo: address(children(header, NONE, 'BillTo')[0] ?? null),
    lines,
    accounting: items.flatMap(accountingOf),
  };
}

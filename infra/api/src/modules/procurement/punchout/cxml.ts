// cXML as the punchout speaks it: the PunchOutSetupRequest read, the PunchOutSetupResponse and the
// PunchOutOrderMessage the transfer posts back written, all in the procurement owner's cXML envelope
// (protocol/cxml-envelope.ts: credentials, status answers). Shapes follow the public cXML User's
// Guide samples; only what the round trip uses is read.
import { CxmlRefusal, credentialOf, cx, cxmlDocument, readCxml, type CxmlCredential } from '../protocol/cxml-envelope';
import { at, children, textAt, type XmlElement } from '../protocol/xml';
import type { PunchoutOperation, PunchoutRestoreLine } from '../tables';
import { askedLanguage, type PunchoutLanguage } from './punchout-language';

export interface SetupRequest {
  payloadId: string;
  /** The language xml:lang asks (null: none the portal speaks; the session then takes its user's). */
  locale: PunchoutLanguage | null;
  from: CxmlCredential;
  to: CxmlCredential;
  sender: CxmlCredential & { secret: string };
  operation: PunchoutOperation;
  buyerCookie: string;
  browserFormPost: string;
  /** ItemOut lines (edit, inspect): the cart to restore, by SupplierPartID. */
  items: PunchoutRestoreLine[];
}

const bad = (message: string) => new CxmlRefusal(400, message);

/** The Header's From/To/Sender credential, which the setup request needs with a domain and an Identity. */
function credential(root: XmlElement, party: 'From' | 'To' | 'Sender') {
  const found = credentialOf(root, party);
  if (!found || !found.domain || !found.identity || found.domain.length > 200 || found.identity.length > 200) throw bad(`Header/${party}/Credential needs a domain and an Identity`);
  return found;
}

/** Reads a PunchOutSetupRequest; throws CxmlRefusal (400) for anything else. */
export function readSetupRequest(xml: string): SetupRequest {
  const root = readCxml(xml, 'punchoutSetup');
  const setup = at(root, cx('Request'), cx('PunchOutSetupRequest'));
  if (!at(root, cx('Header')) || !setup) throw bad('Not a PunchOutSetupRequest');
  const from = credential(root, 'From');
  const to = credential(root, 'To');
  const sender = credential(root, 'Sender');
  const operation = setup.getAttribute('operation')?.trim() ?? 'create';
  if (operation !== 'create' && operation !== 'edit' && operation !== 'inspect') throw bad(`Unknown operation "${operation}"`);
  const buyerCookie = textAt(setup, cx('BuyerCookie')) ?? '';
  if (buyerCookie.length > 500) throw bad('BuyerCookie is longer than 500 characters');
  const browserFormPost = textAt(setup, cx('BrowserFormPost'), cx('URL'));
  if (!browserFormPost) throw bad('BrowserFormPost/URL is required');
  const items: PunchoutRestoreLine[] = [];
  for (const item of children(setup, '', 'ItemOut')) {
    const code = textAt(item, cx('ItemID'), cx('SupplierPartID'));
    const quantity = Number(item.getAttribute('quantity')?.trim());
    if (!code || code.length > 100 || !Number.isFinite(quantity) || quantity <= 0) throw bad('Every ItemOut needs ItemID/SupplierPartID and a positive quantity');
    items.push({ code, quantity: Math.min(Math.ceil(quantity), 100_000) });
  }
  if (items.length > 500) throw bad('At most 500 ItemOut lines');
  return {
    payloadId: root.getAttribute('payloadID')?.trim() ?? '',
    locale: askedLanguage(root.getAttribute('xml:lang')?.trim()),
    from: { domain: from.domain, identity: from.identity },
    to: { domain: to.domain, identity: to.identity },
    sender,
    operation,
    buyerCookie,
    browserFormPost,
    items,
  };
}

/** The PunchOutSetupResponse with the one-time StartPage URL. */
export function setupResponse(host: string, startUrl: string): string {
  const root = cxmlDocument(host);
  const response = root.ele('Response');
  response.ele('Status', { code: '200', text: 'OK' });
  response.ele('PunchOutSetupResponse').ele('StartPage').ele('URL').txt(startUrl);
  return root.end({ prettyPrint: true });
}

/** One cart line as the order message carries it. */
export interface MessageLine {
  articleCode: string;
  quantity: number;
  /** Contract price excluding VAT, in cents. */
  unitPriceCents: number;
  currency: string;
  description: string;
  /** UN/CEFACT Recommendation 20 unit code. */
  unit: string;
  manufacturerPartId: string | null;
  manufacturerName: string | null;
  /** UNSPSC code, where the catalogue knows one. */
  unspsc: string | null;
}

export const money = (cents: number) => (cents / 100).toFixed(2);

/** The PunchOutOrderMessage: the setup's To as From and its From as To, the BuyerCookie, one ItemIn per line. */
export function orderMessage(opts: {
  host: string;
  locale: string;
  header: { from: CxmlCredential; to: CxmlCredential } | null;
  buyerCookie: string;
  operation: PunchoutOperation;
  lines: MessageLine[];
}): string {
  const root = cxmlDocument(opts.host, opts.locale);
  const header = root.ele('Header');
  const us = opts.header?.to ?? { domain: 'NetworkID', identity: opts.host };
  const them = opts.header?.from ?? { domain: 'NetworkID', identity: 'buyer' };
  header.ele('From').ele('Credential', { domain: us.domain }).ele('Identity').txt(us.identity);
  header.ele('To').ele('Credential', { domain: them.domain }).ele('Identity').txt(them.identity);
  const sender = header.ele('Sender');
  sender.ele('Credential', { domain: us.domain }).ele('Identity').txt(us.identity);
  sender.ele('UserAgent').txt('Portal punchout');
  const message = root.ele('Message').ele('PunchOutOrderMessage');
  message.ele('BuyerCookie').txt(opts.buyerCookie);
  const currency = opts.lines[0]?.currency ?? 'EUR';
  const total = opts.lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  // An inspect session's cart may be looked at, not changed; any other may be edited later.
  message
    .ele('PunchOutOrderMessageHeader', { operationAllowed: opts.operation === 'inspect' ? 'inspect' : 'edit' })
    .ele('Total')
    .ele('Money', { currency })
    .txt(money(total));
  opts.lines.forEach((line, i) => {
    const item = message.ele('ItemIn', { quantity: String(line.quantity), lineNumber: String(i + 1) });
    item.ele('ItemID').ele('SupplierPartID').txt(line.articleCode);
    const detail = item.ele('ItemDetail');
    detail.ele('UnitPrice').ele('Money', { currency: line.currency }).txt(money(line.unitPriceCents));
    detail.ele('Description', { 'xml:lang': opts.locale }).txt(line.description);
    detail.ele('UnitOfMeasure').txt(line.unit);
    // Classification is required by the DTD; its value only where the catalogue knows one.
    detail.ele('Classification', { domain: 'UNSPSC' }).txt(line.unspsc ?? '');
    if (line.manufacturerPartId) detail.ele('ManufacturerPartID').txt(line.manufacturerPartId);
    if (line.manufacturerName) detail.ele('ManufacturerName').txt(line.manufacturerName);
  });
  return root.end({ prettyPrint: true });
}

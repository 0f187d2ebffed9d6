// cXML (cxml.org, version 1.2.x) as the punchout speaks it: the PunchOutSetupRequest read, the
// PunchOutSetupResponse and refusals written, and the PunchOutOrderMessage the transfer posts back.
// Shapes follow the public cXML User's Guide samples; only what the round trip uses is read.
import { randomBytes } from 'node:crypto';
import { create } from 'xmlbuilder2';
import type { PunchoutOperation, PunchoutRestoreLine } from '../../db/schema/procurement';
import { parseSafeXml, UnsafeXmlError } from './safe-xml';

export const CXML_DTD = 'http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd';

/** A refusal answered as a cXML Status (code = HTTP status, text = the cXML status text). */
export class CxmlRefusal extends Error {
  override name = 'CxmlRefusal';
  constructor(
    readonly status: 400 | 401 | 403 | 406 | 409 | 410 | 413,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface CxmlCredential {
  domain: string;
  identity: string;
}

export interface SetupRequest {
  payloadId: string;
  locale: 'en' | 'nl' | 'fr';
  from: CxmlCredential;
  to: CxmlCredential;
  sender: CxmlCredential & { secret: string };
  operation: PunchoutOperation;
  buyerCookie: string;
  browserFormPost: string;
  /** ItemOut lines (edit, inspect): the cart to restore, by SupplierPartID. */
  items: PunchoutRestoreLine[];
}

type Node = Record<string, unknown>;
const obj = (value: unknown): Node | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined);
const first = (value: unknown): Node | undefined => obj(Array.isArray(value) ? value[0] : value);
/** The text of an element (`#text` when it has attributes, else the value itself). */
function text(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v === 'string') return v.trim();
  const o = obj(v);
  return typeof o?.['#text'] === 'string' ? o['#text'].trim() : undefined;
}
const attr = (node: Node | undefined, name: string) => (typeof node?.[`@${name}`] === 'string' ? (node[`@${name}`] as string).trim() : undefined);

const bad = (message: string) => new CxmlRefusal(400, 'PUNCHOUT_BAD_REQUEST', message);

/** The first Credential of a From/To/Sender element. */
function credential(party: unknown, what: string): Node & { domain: string; identity: string } {
  const cred = first(obj(party)?.Credential);
  const domain = attr(cred, 'domain');
  const identity = text(cred?.Identity);
  if (!cred || !domain || !identity || domain.length > 200 || identity.length > 200) throw bad(`Header/${what}/Credential needs a domain and an Identity`);
  return Object.assign(cred, { domain, identity });
}

function localeOf(lang: string | undefined): SetupRequest['locale'] {
  const l = (lang ?? '').slice(0, 2).toLowerCase();
  return l === 'nl' || l === 'fr' ? l : 'en';
}

/** Reads a PunchOutSetupRequest; throws CxmlRefusal (400) for anything else. */
export function readSetupRequest(xml: string): SetupRequest {
  let doc: Node;
  try {
    doc = parseSafeXml(xml);
  } catch (err) {
    if (err instanceof UnsafeXmlError) throw bad(err.message);
    throw err;
  }
  const cxml = obj(doc.cXML);
  if (!cxml) throw bad('Not a cXML document');
  const header = obj(cxml.Header);
  const setup = obj(obj(cxml.Request)?.PunchOutSetupRequest);
  if (!header || !setup) throw bad('Not a PunchOutSetupRequest');
  const from = credential(header.From, 'From');
  const to = credential(header.To, 'To');
  const sender = credential(header.Sender, 'Sender');
  const secret = text(sender.SharedSecret) ?? '';
  const operation = attr(setup, 'operation') ?? 'create';
  if (operation !== 'create' && operation !== 'edit' && operation !== 'inspect') throw bad(`Unknown operation "${operation}"`);
  const buyerCookie = text(setup.BuyerCookie) ?? '';
  if (buyerCookie.length > 500) throw bad('BuyerCookie is longer than 500 characters');
  const browserFormPost = text(obj(setup.BrowserFormPost)?.URL);
  if (!browserFormPost) throw bad('BrowserFormPost/URL is required');
  const items: PunchoutRestoreLine[] = [];
  for (const raw of (Array.isArray(setup.ItemOut) ? setup.ItemOut : []) as unknown[]) {
    const item = obj(raw);
    const code = text(obj(item?.ItemID)?.SupplierPartID);
    const quantity = Number(attr(item, 'quantity'));
    if (!code || code.length > 100 || !Number.isFinite(quantity) || quantity <= 0) throw bad('Every ItemOut needs ItemID/SupplierPartID and a positive quantity');
    items.push({ code, quantity: Math.min(Math.ceil(quantity), 100_000) });
  }
  if (items.length > 500) throw bad('At most 500 ItemOut lines');
  return {
    payloadId: attr(cxml, 'payloadID') ?? '',
    locale: localeOf(attr(cxml, 'xml:lang')),
    from: { domain: from.domain, identity: from.identity },
    to: { domain: to.domain, identity: to.identity },
    sender: { domain: sender.domain, identity: sender.identity, secret },
    operation,
    buyerCookie,
    browserFormPost,
    items,
  };
}

/** `<epoch>.<random>@<host>`: unique per document, as the cXML guide recommends. */
export function payloadId(host: string): string {
  return `${Date.now()}.${process.pid}.${randomBytes(6).toString('hex')}@${host}`;
}

function envelope(host: string, locale = 'en') {
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).dtd({ name: 'cXML', sysID: CXML_DTD });
  return doc.ele('cXML', { payloadID: payloadId(host), timestamp: new Date().toISOString(), 'xml:lang': locale });
}

/** The PunchOutSetupResponse with the one-time StartPage URL. */
export function setupResponse(host: string, startUrl: string): string {
  const root = envelope(host);
  const response = root.ele('Response');
  response.ele('Status', { code: '200', text: 'OK' });
  response.ele('PunchOutSetupResponse').ele('StartPage').ele('URL').txt(startUrl);
  return root.end({ prettyPrint: true });
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 406: 'Not Acceptable', 409: 'Conflict', 410: 'Gone', 413: 'Request Entity Too Large', 500: 'Internal Server Error' };

/** A refusal as a cXML Response: Status code and text, the reason as its content. */
export function statusResponse(host: string, status: number, reason: string): string {
  const root = envelope(host);
  root.ele('Response').ele('Status', { code: String(status), text: STATUS_TEXT[status] ?? 'Error' }).txt(reason);
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
  const root = envelope(opts.host, opts.locale);
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

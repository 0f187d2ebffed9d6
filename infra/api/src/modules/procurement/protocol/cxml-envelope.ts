// The cXML envelope (cxml.org, version 1.2.x; cXML has no namespace), shared by the punchout and the
// cXML OrderRequest (decision 067): the document read through the one XML reader and checked to be
// cXML, the Header's From/To/Sender credentials, and the envelope every answer is written in, with
// the Status answers. What a request means (its Request element) each feature reads itself.
import { randomBytes } from 'node:crypto';
import { create } from 'xmlbuilder2';
import { at, readXml, textAt, XmlRefused, type XmlDocumentKind, type XmlElement } from './xml';

export const CXML_DTD = 'http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd';

/** cXML has no namespace: every step of a path is in none. */
export const cx = (name: string): [string, string] => ['', name];

/** A refusal answered as a cXML Status (code = the HTTP status, the message as its content). */
export class CxmlRefusal extends Error {
  override name = 'CxmlRefusal';
  constructor(
    readonly status: 400 | 401 | 403 | 406 | 409 | 410 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** The `<cXML>` root of `text`, a document of `kind`; refuses (400) what is not XML or not cXML. */
export function readCxml(text: string, kind: XmlDocumentKind): XmlElement {
  let root: XmlElement;
  try {
    root = readXml(text, kind);
  } catch (err) {
    if (err instanceof XmlRefused) throw new CxmlRefusal(400, err.message);
    throw err;
  }
  if (root.localName !== 'cXML') throw new CxmlRefusal(400, 'Not a cXML document');
  return root;
}

export interface CxmlCredential {
  domain: string;
  identity: string;
}

/**
 * The first Credential of the Header's `party`, trimmed ('' for what it lacks): its domain, Identity
 * and SharedSecret (the Sender's). Null when there is none; each request decides what it requires.
 */
export function credentialOf(root: XmlElement, party: 'From' | 'To' | 'Sender'): (CxmlCredential & { secret: string }) | null {
  const credential = at(root, cx('Header'), cx(party), cx('Credential'));
  if (!credential) return null;
  return {
    domain: credential.getAttribute('domain')?.trim() ?? '',
    identity: textAt(credential, cx('Identity')) ?? '',
    secret: textAt(credential, cx('SharedSecret')) ?? '',
  };
}

/** `<epoch>.<pid>.<random>@<host>`: unique per document, as the cXML guide recommends. */
export function payloadId(host: string): string {
  return `${Date.now()}.${process.pid}.${randomBytes(6).toString('hex')}@${host}`;
}

/** A new cXML document from `host` (its DOCTYPE, payloadID and timestamp): the `<cXML>` element to fill; `.end()` of it writes the document. */
export function cxmlDocument(host: string, locale = 'en', now = new Date()) {
  return create({ version: '1.0', encoding: 'UTF-8' })
    .dtd({ name: 'cXML', sysID: CXML_DTD })
    .ele('cXML', { payloadID: payloadId(host), timestamp: now.toISOString(), 'xml:lang': locale });
}

/** The cXML status texts of the codes the portal answers. */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Request Entity Too Large',
  500: 'Internal Server Error',
};

/** A cXML Response with its Status `code`; `detail` (the reason, or what was done) as the Status element's content. */
export function statusResponse(host: string, code: number, detail: string | null): string {
  const root = cxmlDocument(host);
  const status = root.ele('Response').ele('Status', { code: String(code), text: STATUS_TEXT[code] ?? 'Error' });
  if (detail) status.txt(detail);
  return root.end({ prettyPrint: true });
}

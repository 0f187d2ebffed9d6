// Reading the XML a procurement system sends (cXML, UBL), safely: a size limit, no DTD ever reaches
// the parser (no external entity is fetched, no entity is expanded: XXE and "billion laughs" are
// refused, not defused), fast-xml-parser's validator checks it is well-formed, then xmlbuilder2's
// parser (a dependency already) builds a DOM that is read by namespace and local name. cXML always opens with a DOCTYPE naming its public DTD by URL: such a
// declaration WITHOUT an internal subset is dropped unread; one with an internal subset, or any
// ENTITY declaration, refuses the document.
import { XMLValidator } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';

/** The largest document accepted (the route's body limit is the same). */
export const MAX_XML_BYTES = 1024 * 1024;

export class XmlRefused extends Error {
  override name = 'XmlRefused';
}

/** What the readers need of xmlbuilder2's DOM (the API package has no DOM types). */
export interface XmlElement {
  localName: string;
  namespaceURI: string | null;
  textContent: string | null;
  childNodes: ArrayLike<{ nodeType: number }>;
  getAttribute(name: string): string | null;
}

const ELEMENT_NODE = 1;
/** A DOCTYPE with no internal subset: `<!DOCTYPE name SYSTEM "…">` or `PUBLIC "…" "…"`. */
const PLAIN_DOCTYPE = /<!DOCTYPE\s+[A-Za-z_][\w.:-]*(\s+(SYSTEM\s+("[^"<>[\]]*"|'[^'<>[\]]*')|PUBLIC\s+("[^"<>[\]]*"|'[^'<>[\]]*')\s+("[^"<>[\]]*"|'[^'<>[\]]*')))?\s*>/;

/** Parses `text` into its root element, or throws XmlRefused (never anything else). */
export function parseXml(text: string): XmlElement {
  if (Buffer.byteLength(text, 'utf8') > MAX_XML_BYTES) throw new XmlRefused('The document is larger than 1 MiB');
  if (/<!ENTITY/i.test(text)) throw new XmlRefused('Entity declarations are not accepted');
  let body = text;
  const doctypes = text.match(/<!DOCTYPE/gi)?.length ?? 0;
  if (doctypes > 1) throw new XmlRefused('More than one document type declaration');
  if (doctypes === 1) {
    const plain = PLAIN_DOCTYPE.exec(text);
    if (!plain) throw new XmlRefused('A document type declaration with an internal subset is not accepted');
    // Dropped unread: the parser never sees a DTD, so it can neither fetch nor expand one.
    body = text.slice(0, plain.index) + text.slice(plain.index + plain[0].length);
  }
  // Well-formedness first (xmlbuilder2's parser is lenient: an unclosed element would pass).
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new XmlRefused(`The document is not well-formed XML (line ${valid.err.line}): ${valid.err.msg.slice(0, 200)}`);
  try {
    const root = create(body).root().node as unknown as XmlElement;
    if (!root || typeof root.localName !== 'string') throw new XmlRefused('No root element');
    return root;
  } catch (err) {
    if (err instanceof XmlRefused) throw err;
    throw new XmlRefused('The document is not well-formed XML');
  }
}

/** The element children of `el`, optionally only those in `ns` named `name`. */
export function children(el: XmlElement, ns?: string, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (let i = 0; i < el.childNodes.length; i++) {
    const c = el.childNodes[i]!;
    if (c.nodeType !== ELEMENT_NODE) continue;
    const e = c as unknown as XmlElement;
    if (name !== undefined && (e.localName !== name || (e.namespaceURI ?? '') !== (ns ?? ''))) continue;
    out.push(e);
  }
  return out;
}

/** The first element at `path` below `el` (each step `[ns, name]`), or null. */
export function at(el: XmlElement | null, ...path: [string, string][]): XmlElement | null {
  let here: XmlElement | null = el;
  for (const [ns, name] of path) {
    if (!here) return null;
    here = children(here, ns, name)[0] ?? null;
  }
  return here;
}

/** The trimmed text at `path`, or null when absent or empty. */
export function textAt(el: XmlElement | null, ...path: [string, string][]): string | null {
  const found = at(el, ...path);
  const text = found?.textContent?.trim();
  return text ? text : null;
}

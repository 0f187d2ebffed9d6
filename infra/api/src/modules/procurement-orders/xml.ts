// Reading the XML a procurement system sends (cXML, UBL), after common/xml-guard's gate (size, no
// DTD, no entity, well-formed): xmlbuilder2's parser (a dependency already) builds a DOM that is
// read by namespace and local name.
import { create } from 'xmlbuilder2';
import { guardedXml, UnsafeXmlError } from '../../common/xml-guard';

/** The largest document accepted (the route's body limit is the same). */
export const MAX_XML_BYTES = 1024 * 1024;

/** A document refused by the gate or the parser (the same class as the gate's). */
export { UnsafeXmlError as XmlRefused };

/** What the readers need of xmlbuilder2's DOM (the API package has no DOM types). */
export interface XmlElement {
  localName: string;
  namespaceURI: string | null;
  textContent: string | null;
  childNodes: ArrayLike<{ nodeType: number }>;
  getAttribute(name: string): string | null;
}

const ELEMENT_NODE = 1;

/** Parses `text` into its root element, or throws XmlRefused (never anything else). */
export function parseXml(text: string): XmlElement {
  const body = guardedXml(text, MAX_XML_BYTES);
  try {
    const root = create(body).root().node as unknown as XmlElement;
    if (!root || typeof root.localName !== 'string') throw new UnsafeXmlError('No root element');
    return root;
  } catch (err) {
    if (err instanceof UnsafeXmlError) throw err;
    throw new UnsafeXmlError('The document is not well-formed XML');
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

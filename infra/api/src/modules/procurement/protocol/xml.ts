// The one reader of XML from a procurement system (decision 067): the cXML of the punchout and of
// an OrderRequest, the Peppol UBL Order. The gate (xml-guard.ts) refuses what is too large, any DTD
// subset and any entity declaration; fast-xml-parser (whose validator the gate already runs) then
// reads the body in document order, and this file turns that into typed elements read by namespace
// and local name, as the DOM would, with no cast: every value from the parser is checked.
import { XMLParser } from 'fast-xml-parser';
import { guardedXml, XmlRefused } from './xml-guard';

export { XmlRefused };

/**
 * The largest document of each kind, in bytes: the one place the limits are stated (the routes'
 * body limits are these). A setup request carries at most 500 short ItemOut lines; an order may
 * carry 500 lines with their accounting, delivery and item identifications.
 */
export const XML_LIMITS = {
  punchoutSetup: 256 * 1024,
  cxmlOrder: 1024 * 1024,
  peppolOrder: 1024 * 1024,
} as const;
export type XmlDocumentKind = keyof typeof XML_LIMITS;

/** Elements nested deeper than this refuse the document (a cXML or UBL order nests about 10 deep). */
const MAX_DEPTH = 100;

/** An element: its name, namespace (resolved from the xmlns declarations in scope), attributes, element children and text. */
export interface XmlElement {
  readonly localName: string;
  /** The namespace URI; '' for none (cXML). */
  readonly namespaceURI: string;
  readonly children: readonly XmlElement[];
  /** Its text and its descendants' (CDATA included), in document order, untrimmed: the DOM's textContent. */
  readonly textContent: string;
  /** An attribute by its name as written (`xml:lang`), or null. */
  getAttribute(name: string): string | null;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  cdataPropName: '#cdata',
  // References are decoded below, by the XML rules: no DOCTYPE reaches the parser, so there are no
  // declared entities; the parser's own decoding would leave numeric references undecoded.
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_DEPTH,
});

const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five predefined entities and character references decoded; any other reference is left as written. */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z_][\w.-]*);/g, (ref, name: string) => {
    if (!name.startsWith('#')) return PREDEFINED[name] ?? ref;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    const allowed = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0x10ffff && code !== 0xfffe && code !== 0xffff);
    return allowed ? String.fromCodePoint(code) : ref;
  });
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
type Namespaces = ReadonlyMap<string, string>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A parsed node's attributes (`:@`), decoded. */
function attributesOf(node: Record<string, unknown>): Map<string, string> {
  const raw = node[':@'];
  const out = new Map<string, string>();
  if (isRecord(raw)) for (const [name, value] of Object.entries(raw)) if (typeof value === 'string') out.set(name, decode(value));
  return out;
}

/** The text of a `#text` node, or of a `#cdata` node's content (not decoded: CDATA is literal). */
function textOf(node: Record<string, unknown>): string | null {
  if (typeof node['#text'] === 'string') return decode(node['#text']);
  const cdata = node['#cdata'];
  if (!Array.isArray(cdata)) return null;
  return cdata.map((c: unknown) => (isRecord(c) && typeof c['#text'] === 'string' ? c['#text'] : '')).join('');
}

function element(name: string, content: unknown, node: Record<string, unknown>, inherited: Namespaces): XmlElement {
  const attributes = attributesOf(node);
  const declared = [...attributes].filter(([attr]) => attr === 'xmlns' || attr.startsWith('xmlns:')).map(([attr, uri]): [string, string] => [attr.slice(6), uri]);
  const scope: Namespaces = declared.length ? new Map([...inherited, ...declared]) : inherited;
  const colon = name.indexOf(':');
  const prefix = colon < 0 ? '' : name.slice(0, colon);
  const namespaceURI = scope.get(prefix);
  if (namespaceURI === undefined) throw new XmlRefused(`The namespace prefix "${prefix.slice(0, 50)}" is not declared`);
  const children: XmlElement[] = [];
  let text = '';
  for (const child of Array.isArray(content) ? content : []) {
    if (!isRecord(child)) continue;
    const own = textOf(child);
    if (own !== null) {
      text += own;
      continue;
    }
    const tag = Object.keys(child).find((k) => k !== ':@');
    if (tag === undefined) continue;
    const sub = element(tag, child[tag], child, scope);
    children.push(sub);
    text += sub.textContent;
  }
  return {
    localName: colon < 0 ? name : name.slice(colon + 1),
    namespaceURI,
    children,
    textContent: text,
    getAttribute: (attr) => attributes.get(attr) ?? null,
  };
}

/** The root element of `text`, a document of `kind` (its size limit); throws XmlRefused (never anything else). */
export function readXml(text: string, kind: XmlDocumentKind): XmlElement {
  const body = guardedXml(text, XML_LIMITS[kind]);
  let nodes: unknown;
  try {
    nodes = parser.parse(body);
  } catch {
    // Nesting deeper than MAX_DEPTH, or a name the parser refuses (`__proto__`).
    throw new XmlRefused('The document is not well-formed XML');
  }
  const top = (Array.isArray(nodes) ? nodes : []).filter(isRecord).find((n) => textOf(n) === null);
  const name = top && Object.keys(top).find((k) => k !== ':@');
  if (!top || name === undefined) throw new XmlRefused('No root element');
  return element(name, top[name], top, new Map([['', ''], ['xml', XML_NS]]));
}

/** The element children of `el`, optionally only those in `ns` ('' for none) named `name`. */
export function children(el: XmlElement, ns?: string, name?: string): XmlElement[] {
  return name === undefined ? [...el.children] : el.children.filter((c) => c.localName === name && c.namespaceURI === (ns ?? ''));
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
  const text = at(el, ...path)?.textContent.trim();
  return text ? text : null;
}

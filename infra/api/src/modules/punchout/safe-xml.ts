// XML from outside (a procurement system's cXML) read without DTDs or entities: a document whose
// DOCTYPE has an internal subset, or that declares an entity, is refused before parsing, so neither
// external entities (XXE) nor entity expansion (billion laughs) can happen; the usual
// `<!DOCTYPE cXML SYSTEM "...cXML.dtd">` line is allowed and never fetched. The size is limited by
// the route's body limit and again here (a caller of this function may not have one).
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Largest document read (a setup request with a few hundred ItemOut lines is well under it). */
export const MAX_XML_BYTES = 256 * 1024;

export class UnsafeXmlError extends Error {
  override name = 'UnsafeXmlError';
}

/** A DOCTYPE naming only an external DTD by its system or public id, without an internal subset. */
const PLAIN_DOCTYPE = /<!DOCTYPE\s+[\w:.-]+(\s+(SYSTEM\s+("[^"<>[\]]*"|'[^'<>[\]]*')|PUBLIC\s+("[^"<>[\]]*"|'[^'<>[\]]*')\s+("[^"<>[\]]*"|'[^'<>[\]]*')))?\s*>/;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Only the predefined and numeric character references are decoded (`&amp;` in a URL): no DOCTYPE
  // reaches the parser, so there are no declared entities to expand.
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Elements that may repeat are always arrays, so one line and many lines read the same way.
  isArray: (name) => ['Credential', 'ItemOut', 'ItemIn', 'Extrinsic', 'Contact', 'Identity', 'Description'].includes(name),
});

/** The document as nested objects (attributes as `@name`, text as `#text`); throws UnsafeXmlError. */
export function parseSafeXml(xml: string): Record<string, unknown> {
  if (Buffer.byteLength(xml, 'utf8') > MAX_XML_BYTES) throw new UnsafeXmlError(`The document is larger than ${MAX_XML_BYTES} bytes`);
  if (/<!ENTITY/i.test(xml)) throw new UnsafeXmlError('Entity declarations are not accepted');
  const doctypes = xml.match(/<!DOCTYPE/gi) ?? [];
  if (doctypes.length > 1) throw new UnsafeXmlError('Only one DOCTYPE is accepted');
  let body = xml;
  if (doctypes.length === 1) {
    const plain = PLAIN_DOCTYPE.exec(xml);
    if (!plain) throw new UnsafeXmlError('A DOCTYPE with an internal subset is not accepted');
    body = xml.replace(plain[0], '');
  }
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new UnsafeXmlError(`Not well-formed XML (line ${valid.err.line}): ${valid.err.msg}`);
  return parser.parse(body) as Record<string, unknown>;
}

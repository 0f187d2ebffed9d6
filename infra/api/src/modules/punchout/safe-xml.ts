// A procurement system's cXML read as nested objects, after common/xml-guard's gate (size, no DTD,
// no entity, well-formed). The size is limited by the route's body limit and again here (a caller of
// this function may not have one).
import { XMLParser } from 'fast-xml-parser';
import { guardedXml, UnsafeXmlError } from '../../common/xml-guard';

export { UnsafeXmlError };

/** Largest document read (a setup request with a few hundred ItemOut lines is well under it). */
export const MAX_XML_BYTES = 256 * 1024;

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
  return parser.parse(guardedXml(xml, MAX_XML_BYTES)) as Record<string, unknown>;
}
